"""Subscriptions sold in the apps, applied once whoever delivers them, in any order.

The app sends its purchase (``record_app_purchase``) and the store sends its notifications
(``apply_notice``); both end in ``_apply``, which keeps one row per store and purchase key
(store_subscriptions, unique) with the newest state reported, and, once the member is known
(the app told us), the same state in `subscriptions`, where entitlements read it whoever sold
it. A notification's id is kept with its effect (payment_events), so a second delivery
changes nothing.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from .models import PaymentEvent, StoreSubscription, Subscription
from .provider import SubscriptionState
from .stores import Stores
from .stores.store import StoreNotice, StorePurchase
from .subscriptions import (
    SubscriptionReport,
    apply_subscription,
    subscription_answer,
    sync_tier,
)

log = logging.getLogger(__name__)


def subscription_id(store: str, key: str) -> str:
    """How a store's subscription is named in `subscriptions`."""
    return f"{store}:{key}"


def record_app_purchase(
    session: Session, stores: Stores, user_id: int, purchase: StorePurchase, *, now: datetime
) -> dict:
    """The purchase an app sent (verified at its store), recorded for the member: the
    profile's subscription as it now stands. 409 store_purchase_taken when another account
    already holds it (one Apple Account or Google account bought it for a different member)."""

    def record() -> Subscription | None:
        row = _apply(session, stores, purchase, user_id, now)
        return session.scalar(
            sa.select(Subscription).where(
                Subscription.subscription_id == subscription_id(row.store, row.purchase_key)
            )
        )

    recorded = commit_retrying_conflicts(session, record)
    answer = subscription_answer(recorded)
    assert answer is not None  # the member owns the row now
    return answer


def apply_notice(
    session: Session, stores: Stores, store: str, notice: StoreNotice, *, now: datetime
) -> str:
    """A verified store notification: "applied", "duplicate" or "ignored"."""
    event_id = f"{store}:{notice.id}"

    def record() -> str:
        if session.get(PaymentEvent, event_id) is not None:
            return "duplicate"
        outcome = "ignored"
        if notice.purchase is not None:
            _apply(session, stores, notice.purchase, None, now)
            outcome = "applied"
        session.add(
            PaymentEvent(
                event_id=event_id,
                provider=store,
                type=notice.type[:64],
                created=int(now.timestamp()),
                received_at=now,
            )
        )
        return outcome

    return commit_retrying_conflicts(session, record)


def _apply(
    session: Session,
    stores: Stores,
    purchase: StorePurchase,
    user_id: int | None,
    now: datetime,
) -> StoreSubscription:
    row = session.scalar(
        sa.select(StoreSubscription).where(
            StoreSubscription.store == purchase.store,
            StoreSubscription.purchase_key == purchase.key,
        )
    )
    if row is None:
        if user_id is None and purchase.replaces:
            user_id = _owner_of(session, purchase.store, purchase.replaces)
        row = StoreSubscription(
            store=purchase.store,
            purchase_key=purchase.key,
            user_id=user_id,
            product_id=purchase.product_id,
            status=purchase.status,
            state_at=-1,
            cancel_at_period_end=False,
            created_at=now,
        )
        session.add(row)
    if user_id is not None:
        if row.user_id is not None and row.user_id != user_id:
            raise ApiError(409, "store_purchase_taken")
        row.user_id = user_id
    if purchase.state_at >= row.state_at:
        row.product_id = purchase.product_id or row.product_id
        row.status = purchase.status
        row.expires_at = (
            datetime.fromtimestamp(purchase.expires_at, UTC) if purchase.expires_at else None
        )
        row.cancel_at_period_end = purchase.cancel_at_period_end
        row.state_at = purchase.state_at
        row.updated_at = now
    session.flush()
    if row.user_id is not None:
        _keep_in_step(session, stores, row, now)
    return row


def _owner_of(session: Session, store: str, key: str) -> int | None:
    """The member of the store subscription kept under ``key``, if any."""
    return session.scalar(
        sa.select(StoreSubscription.user_id).where(
            StoreSubscription.store == store, StoreSubscription.purchase_key == key
        )
    )


def _keep_in_step(session: Session, stores: Stores, row: StoreSubscription, now: datetime):
    """The member's `subscriptions` row of this store subscription takes its state (and the
    member's tier follows: subscriptions.sync_tier)."""
    expires = int(row.expires_at.timestamp()) if row.expires_at else None
    name = subscription_id(row.store, row.purchase_key)
    held = session.scalar(sa.select(Subscription).where(Subscription.subscription_id == name))
    if held is not None and row.user_id is not None and held.user_id != row.user_id:
        # Its account was deleted and let go of it (member_data): the new owner takes it over.
        previous, held.user_id = held.user_id, row.user_id
        session.flush()
        sync_tier(session, previous)
    state = SubscriptionState(
        id=name,
        customer_id=None,
        status=row.status,
        price_id=row.product_id,
        current_period_end=expires,
        trial_end=expires if row.status == "trialing" else None,
        cancel_at_period_end=row.cancel_at_period_end,
    )
    report = SubscriptionReport(
        state=state,
        provider=row.store,
        state_at=row.state_at,
        user_id=row.user_id,
        plan_id=stores.plan_for(row.store, row.product_id),
    )
    apply_subscription(session, report, now=now)
