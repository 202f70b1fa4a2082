"""Rights: may this viewer play this item? One answer for the whole product.

A ``pro`` item plays for Pro members and for whoever bought it; everything else plays for all.
The rights of the request's viewer are read with the viewer, in the same query, and kept for the
request (bff.access.viewer.rights_for); they then answer per item in constant time. What decides
them (the tier, the subscriptions, the purchases) is billing's to read (bff.billing.entitlements).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rights:
    tier: str  # "guest", "free" or "pro"
    owned: frozenset[tuple[str, int]] = field(default_factory=frozenset)

    @property
    def is_pro(self) -> bool:
        return self.tier == "pro"

    def owns(self, kind: str, item_id: int) -> bool:
        return (kind, item_id) in self.owned

    def may_play(self, kind: str, item_id: int, level: str) -> bool:
        return level != "pro" or self.is_pro or self.owns(kind, item_id)


GUEST = Rights(tier="guest")
