"""Subscriptions: the provider's reports applied in order, and the member's tier kept in step.

Every report carries the moment its state was true (`state_at`: a webhook event's `created`, or
the time we fetched the object from the provider). A report older than the one applied is
ignored, so events delivered late or twice change nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..accounts.models import User
from ..accounts.profile import set_user_tier
from .entitlements import SUBSCRIBED_STATUSES
from .models import PaymentCustomer, Subscription
from .plans import PLANS_BY_ID, find_plan
from .provider import SubscriptionState

log = logging.getLogger(__name__)

# The app stores' names, as their subscriptions record their provider (bff.billing.stores).
STORE_PROVIDERS = ("app_store", "google_play")
MANAGERS = ("stripe", *STORE_PROVIDERS)

# What the client sees: `expired` and `canceled` read as not subscribed (docs/billing.md).
CLIENT_STATUSES = {
    "trialing": "trialing",
    "active": "active",
    "past_due": "past_due",
    "canceled": "canceled",
}


def client_status(status: str) -> str:
    """The provider's status as the client reads it; every other ending is `expired`."""
    return CLIENT_STATUSES.get(status, "expired")


def _when(epoch: int | None) -> datetime | None:
    return datetime.fromtimestamp(epoch, UTC) if epoch else None


def user_for_customer(session: Session, customer_id: str | None) -> int | None:
    if not customer_id:
        return None
    return session.scalar(
        sa.select(PaymentCustomer.user_id).where(PaymentCustomer.customer_id == customer_id)
    )


def plan_id_for(state: SubscriptionState, price_ids: Mapping[str, str] | None) -> str | None:
    """The plan a subscription bills: from our metadata, else from the price it bills."""
    plan_id = state.metadata.get("plan_id")
    if plan_id in PLANS_BY_ID:
        return plan_id
    for candidate, price_id in (price_ids or {}).items():
        if price_id == state.price_id:
            return candidate
    return None


@dataclass(frozen=True)
class SubscriptionReport:
    """A provider's report of a subscription: its state, when that state was true, and what the
    caller knows besides of whose it is and what it bills."""

    state: SubscriptionState
    provider: str
    state_at: int  # a webhook event's `created`, or when we fetched the state
    user_id: int | None = None  # the member, when the checkout that started it tells
    plan_id: str | None = None  # the plan, likewise
    price_ids: Mapping[str, str] | None = None  # plan id -> provider price id, to find the plan


def apply_subscription(
    session: Session, report: SubscriptionReport, *, now: datetime
) -> Subscription | None:
    """Record the provider's state of a subscription (flushed; the caller commits)."""
    state = report.state
    row = session.scalar(sa.select(Subscription).where(Subscription.subscription_id == state.id))
    if row is None:
        owner = (
            report.user_id or _metadata_user(state) or user_for_customer(session, state.customer_id)
        )
        if owner is None or session.get(User, owner) is None:
            log.warning("Subscription %s belongs to no known member; ignored", state.id)
            return None
        row = Subscription(
            user_id=owner,
            provider=report.provider,
            subscription_id=state.id,
            status=state.status,
            state_at=0,
            cancel_at_period_end=False,
            created_at=now,
        )
        session.add(row)
    elif report.state_at < (row.state_at or 0):
        return row  # an older report than the one we hold
    plan = find_plan(report.plan_id or plan_id_for(state, report.price_ids) or row.plan_id)
    row.customer_id = state.customer_id or row.customer_id
    row.status = state.status
    row.plan_id = plan.id if plan else row.plan_id
    row.period = plan.period if plan else row.period
    row.current_period_end = _when(state.current_period_end)
    row.trial_end = _when(state.trial_end)
    row.cancel_at_period_end = state.cancel_at_period_end
    row.state_at = report.state_at
    row.updated_at = now
    session.flush()
    sync_tier(session, row.user_id)
    return row


def _metadata_user(state: SubscriptionState) -> int | None:
    value = state.metadata.get("user_id", "")
    return int(value) if value.isdigit() else None


def sync_tier(session: Session, user_id: int) -> None:
    """Pro while a subscription is current; free again once every one of them is over.

    Members who never subscribed keep the tier they have (a Pro membership given by hand).
    """
    statuses = set(
        session.scalars(sa.select(Subscription.status).where(Subscription.user_id == user_id))
    )
    if not statuses:
        return
    set_user_tier(session, user_id, "pro" if statuses & SUBSCRIBED_STATUSES else "free")


def current_subscription(session: Session, user_id: int) -> Subscription | None:
    """The subscription to show: a current one first, else the latest that ended."""
    rows = session.scalars(
        sa.select(Subscription)
        .where(Subscription.user_id == user_id)
        .order_by(Subscription.updated_at.desc(), Subscription.id.desc())
    ).all()
    current = [row for row in rows if row.status in SUBSCRIBED_STATUSES]
    return (current or rows or [None])[0]


def needs_upgrade(session: Session, user: User) -> bool:
    """Free tier, or no subscription, or one that expired or was canceled (docs/billing.md).

    A Pro tier given by hand (no subscription at all) does not need one either.
    """
    if user.user_tier != "pro":
        return True
    row = current_subscription(session, user.id)
    return row is not None and row.status not in SUBSCRIBED_STATUSES


def managed_by(row: Subscription) -> str:
    """Who bills the subscription, so where the member manages it: stripe (the web's checkout,
    or the sandbox in its place), app_store or google_play."""
    return row.provider if row.provider in STORE_PROVIDERS else "stripe"


def subscription_answer(row: Subscription | None) -> dict | None:
    """The `subscription` of the user's profile."""
    if row is None:
        return None
    plan = find_plan(row.plan_id)
    return {
        "id": row.subscription_id,
        "status": client_status(row.status),
        "managed_by": managed_by(row),
        "plan": {
            "id": row.plan_id,
            "name": plan.name if plan else None,
            "period": row.period,
            "currency": plan.currency if plan else None,
            "price_text": plan.price_text if plan else None,
        },
        "current_period_end": iso(row.current_period_end),
        "trial_end": iso(row.trial_end),
        "cancel_at_period_end": row.cancel_at_period_end,
    }


def profile_subscription(session: Session, user_id: int) -> dict | None:
    """What accounts put in the profile's `subscription`."""
    return subscription_answer(current_subscription(session, user_id))
