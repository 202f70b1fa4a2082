"""Rights: may this viewer play this item? One answer for the whole product.

A ``pro`` item plays for Pro members and for whoever bought it; everything else plays for all.
The rights of the request's viewer are read with the viewer, in the same query (bff.access.viewer),
and kept for the request; they then answer per item in constant time. What decides them (the
tier, the subscriptions, the purchases) is billing's to read (bff.billing.entitlements).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flask import g

from ..app_context import app_context
from ..platform.extensions import db

if TYPE_CHECKING:
    from .viewer import Viewer


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


def rights_for(viewer: Viewer) -> Rights:
    """The rights of the current request's viewer, read with them (or now, for another viewer)."""
    if viewer.is_guest:
        return GUEST
    cached: tuple[Viewer, Rights] | None = g.get("bff_rights")
    if cached is not None and cached[0] == viewer:
        return cached[1]
    rights = app_context().account_reading.rights_from(db.session(), viewer)
    g.bff_rights = (viewer, rights)
    return rights


def remember_rights(viewer: Viewer, rights: Rights) -> None:
    """The rights of the current request's viewer, read with the viewer (for this request only)."""
    g.bff_rights = (viewer, rights)


def forget_rights() -> None:
    """After a purchase or subscription changed within a request."""
    g.pop("bff_rights", None)
