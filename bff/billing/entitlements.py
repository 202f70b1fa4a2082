"""Entitlements: may this viewer play this item? One answer for the whole product.

A ``pro`` item plays for Pro members and for whoever bought it; everything else plays for all.
Rights are worked out once per request (the tier, the subscription's state and the purchases in
two small queries) and then answer per item in constant time.

Pro means `user_tier == "pro"` (billing keeps it in step with the subscription) unless the
member's subscriptions all say they are over (expired and canceled are not subscribed): a tier
set by hand, with no subscription at all, stays Pro.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .models import Purchase, Subscription

# Stripe's statuses that still give access; past_due is the grace while Stripe retries.
SUBSCRIBED_STATUSES = frozenset({"trialing", "active", "past_due"})
PURCHASABLE_KINDS = ("program", "video", "masterclass")


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


def rights_from(session: Session, viewer) -> Rights:
    """What a viewer (bff.accounts.viewer.Viewer) may play, read from the database."""
    if viewer.is_guest:
        return GUEST
    tier = viewer.tier
    if tier == "pro" and subscription_lapsed(session, viewer.user_id):
        tier = "free"
    rows = session.execute(
        sa.select(Purchase.entity, Purchase.entity_id).where(Purchase.user_id == viewer.user_id)
    ).all()
    return Rights(tier=tier, owned=frozenset((entity, entity_id) for entity, entity_id in rows))


def subscription_lapsed(session: Session, user_id: int) -> bool:
    """True when the member has subscriptions and none of them is current."""
    statuses = session.scalars(
        sa.select(Subscription.status).where(Subscription.user_id == user_id)
    ).all()
    return bool(statuses) and not SUBSCRIBED_STATUSES.intersection(statuses)


def rights_for(viewer) -> Rights:
    """The rights of the current request's viewer, worked out once per request."""
    if viewer.is_guest:
        return GUEST
    from flask import g

    from ..extensions import db

    cached = g.get("bff_rights")
    if cached is not None and cached[0] == viewer:
        return cached[1]
    rights = rights_from(db.session, viewer)
    g.bff_rights = (viewer, rights)
    return rights


def forget_rights() -> None:
    """After a purchase or subscription changed within a request."""
    from flask import g

    g.pop("bff_rights", None)


def current_user_price(list_price: dict | None, rights: Rights) -> dict | None:
    """What this viewer pays for an item whose list price is ``list_price``.

    For now everyone pays the list price; member discounts or regional prices go here, and the
    purchase is always charged what this function answers.
    """
    if not list_price:
        return None
    return {"price": list_price["price"], "currency": list_price["currency"]}
