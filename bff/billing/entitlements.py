"""Entitlements: may this viewer play this item? One answer for the whole product.

A ``pro`` item plays for Pro members and for whoever bought it; everything else plays for all.
Rights are read in one query, the one that reads the viewer's account (``with_rights`` adds them to
it; bff.accounts.viewer says for how long a reading serves), and then answer per item in constant
time.

Pro means `user_tier == "pro"` (billing keeps it in step with the subscription) unless the
member's subscriptions all say they are over (expired and canceled are not subscribed): a tier
set by hand, with no subscription at all, stays Pro.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..accounts.models import User
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


def with_rights(users: sa.Select) -> sa.Select:
    """``users`` (a query of one row of the users table) with what decides that user's rights
    added: one row per purchase (one with no purchase when there is none), each telling whether
    the user has any subscription and any current one. ``rights_of`` reads the rows."""
    subscriptions = sa.exists().where(Subscription.user_id == User.id)
    # Bound one by one (not an expanding IN): the statement compiles once and is reused.
    current = sa.exists().where(
        Subscription.user_id == User.id,
        Subscription.status.in_([sa.literal(status) for status in sorted(SUBSCRIBED_STATUSES)]),
    )
    return users.add_columns(
        subscriptions.label("has_subscription"),
        current.label("has_current_subscription"),
        Purchase.entity,
        Purchase.entity_id,
    ).outerjoin(Purchase, Purchase.user_id == User.id)


def rights_of(tier: str, rows) -> Rights:
    """The rights of a member of ``tier`` from the rows of a ``with_rights`` query.

    Pro means the tier is pro and the subscriptions, if there are any, are not all over."""
    if tier == "pro" and rows and subscription_lapsed(rows[0]):
        tier = "free"
    owned = frozenset((row.entity, row.entity_id) for row in rows if row.entity is not None)
    return Rights(tier=tier, owned=owned)


def subscription_lapsed(row) -> bool:
    """True when the member has subscriptions and none of them is current."""
    return bool(row.has_subscription) and not row.has_current_subscription


_RIGHTS = with_rights(sa.select(User.id).where(User.id == sa.bindparam("user_id")))


def rights_from(session: Session, viewer) -> Rights:
    """What a viewer (bff.accounts.viewer.Viewer) may play, read from the database."""
    if viewer.is_guest:
        return GUEST
    rows = session.connection().execute(_RIGHTS, {"user_id": viewer.user_id}).all()
    return rights_of(viewer.tier, rows)


def rights_for(viewer) -> Rights:
    """The rights of the current request's viewer, read with them (or now, for another viewer)."""
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


def remember_rights(viewer, rights: Rights) -> None:
    """The rights of the current request's viewer, read with the viewer (for this request only)."""
    from flask import g

    g.bff_rights = (viewer, rights)


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
