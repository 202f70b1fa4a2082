"""Provider webhooks applied to our records, each event once.

The event's id is stored in the same transaction as its effect, so a second delivery finds it
and changes nothing. Subscription events carry their object and its time (`created`); for
checkouts and invoices the subscription is fetched again, so the newest state always wins
whatever order the events arrive in.
"""

from __future__ import annotations

import logging
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from .checkout import Billing, record_purchase
from .models import CheckoutSession, PaymentEvent
from .provider import ProviderEvent, ProviderRefused
from .subscriptions import apply_subscription

log = logging.getLogger(__name__)

HANDLED = (
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "invoice.paid",
    "invoice.payment_failed",
)


def apply_event(session: Session, billing: Billing, event: ProviderEvent, *, now: datetime) -> str:
    """Apply one verified event: "applied", "duplicate" or "ignored". Run again when the same
    event, or the purchase it reports, was recorded by someone else just now: it then looks
    again with what they wrote."""

    def record() -> str:
        if session.get(PaymentEvent, event.id) is not None:
            return "duplicate"
        outcome = _apply(session, billing, event, now) if event.type in HANDLED else "ignored"
        session.add(
            PaymentEvent(
                event_id=event.id,
                provider=billing.provider.name,
                type=event.type,
                created=event.created,
                received_at=now,
            )
        )
        return outcome

    return commit_retrying_conflicts(session, record)


def _apply(session: Session, billing: Billing, event: ProviderEvent, now: datetime) -> str:
    if event.type.startswith("checkout.session."):
        return _checkout_completed(session, billing, event, now)
    if event.subscription is not None:
        report = billing.report(event.subscription, event.created)
        recorded = apply_subscription(session, report, now=now)
        return "applied" if recorded is not None else "ignored"
    if event.subscription_id:
        return _refetch_subscription(session, billing, event.subscription_id, now)
    return "ignored"


def _checkout_completed(
    session: Session, billing: Billing, event: ProviderEvent, now: datetime
) -> str:
    state = event.session
    if state is None:
        return "ignored"
    row = session.scalar(sa.select(CheckoutSession).where(CheckoutSession.session_id == state.id))
    if state.mode == "subscription" and state.subscription_id:
        return _refetch_subscription(session, billing, state.subscription_id, now, row)
    if state.mode == "payment" and row is not None and row.mode == "payment" and state.is_paid:
        try:
            record_purchase(session, row, state.amount_total, state.currency, now=now, commit=False)
        except ApiError:
            return "ignored"  # logged where the amounts disagreed
        return "applied"
    log.info("Checkout %s (%s) needs nothing from us", state.id, state.mode)
    return "ignored"


def _refetch_subscription(
    session: Session,
    billing: Billing,
    subscription_id: str,
    now: datetime,
    started_by: CheckoutSession | None = None,
) -> str:
    try:
        state = billing.provider.retrieve_subscription(subscription_id)
    except ProviderRefused:  # not (or no longer) the provider's: nothing to keep in step
        log.warning("Subscription %s is unknown to the provider; event ignored", subscription_id)
        return "ignored"
    report = billing.report(state, int(now.timestamp()), started_by)
    recorded = apply_subscription(session, report, now=now)
    return "applied" if recorded is not None else "ignored"
