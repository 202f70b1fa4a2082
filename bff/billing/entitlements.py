"""Entitlements: what decides a viewer's rights (bff.access.rights), read from the tables.

Rights are read in one query, the one that reads the viewer's account (``with_rights`` adds them
to it; bff.access.viewer says for how long a reading serves). Billing is the one domain that sees
the account, its sessions, subscriptions and purchases, so it supplies that reading to the access
layer (``ACCOUNT_READING``).

Pro means `user_tier == "pro"` (billing keeps it in step with the subscription) unless the
member's subscriptions all say they are over (expired and canceled are not subscribed): a tier
set by hand, with no subscription at all, stays Pro.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.rights import GUEST, Rights
from ..access.tokens import read_access_token
from ..access.viewer import GUEST as GUEST_VIEWER
from ..access.viewer import TIERS, AccountReading, Viewer, bearer_token
from ..accounts.models import User
from ..accounts.tokens import session_is_on
from ..platform.errors import ApiError
from .models import Purchase, Subscription

# Stripe's statuses that still give access; past_due is the grace while Stripe retries.
SUBSCRIBED_STATUSES = frozenset({"trialing", "active", "past_due"})
PURCHASABLE_KINDS = ("program", "video", "masterclass")


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


def rights_from(session: Session, viewer: Viewer) -> Rights:
    """What a viewer may play, read from the database."""
    if viewer.is_guest:
        return GUEST
    rows = session.connection().execute(_RIGHTS, {"user_id": viewer.user_id}).all()
    return rights_of(viewer.tier, rows)


_ACCOUNT = with_rights(
    sa.select(
        User.user_tier,
        User.deactivated_at,
        session_is_on(sa.bindparam("session"), User.id).label("session_on"),
    ).where(User.id == sa.bindparam("user_id"))
)


def viewer_for(
    authorization: str | None, session: Session, jwt_secret: str, now: datetime
) -> Viewer:
    """The viewer an Authorization header value names (plain Python, for tests and callers)."""
    return viewer_and_rights(authorization, session, jwt_secret, now)[0]


def viewer_and_rights(
    authorization: str | None, session: Session, jwt_secret: str, now: datetime
) -> tuple[Viewer, Rights]:
    """The viewer an Authorization header value names and what they may play, in one query."""
    token = bearer_token(authorization)
    if token is None:
        return GUEST_VIEWER, GUEST
    claims = read_access_token(token, jwt_secret, now)
    params = {"user_id": claims.user_id, "session": claims.session}
    rows = session.connection().execute(_ACCOUNT, params).all()
    if not rows or rows[0].deactivated_at is not None or not rows[0].session_on:
        raise ApiError(401, "user_invalid_token")
    tier = rows[0].user_tier if rows[0].user_tier in TIERS[1:] else "free"
    viewer = Viewer(user_id=claims.user_id, tier=tier, session=claims.session)
    return viewer, rights_of(tier, rows)


# What bff.access reads accounts with (create_app installs it).
ACCOUNT_READING = AccountReading(viewer_and_rights=viewer_and_rights, rights_from=rights_from)
