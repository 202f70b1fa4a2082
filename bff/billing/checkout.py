"""Checkout: Pro plans (subscription mode, 7-day trial) and single items (payment mode).

Plain Python: each function takes the session, the `Billing` it works with and `now`. The
buyer's browser comes back to a page of ours with `?session_id=...`; the client then asks us to
confirm it. Webhooks report the same sessions; whichever comes first records, the other finds
the record there (unique keys make sure of it).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..access.prices import current_user_price
from ..access.rights import Rights
from ..accounts.models import User
from ..platform.errors import ApiError
from ..platform.site_paths import is_site_path
from .models import CheckoutSession, PaymentCustomer, Purchase
from .plans import TRIAL_DAYS, find_plan, offered_plans
from .provider import Checkout, PaymentProvider, Recurring, SubscriptionState
from .subscriptions import (
    SubscriptionReport,
    apply_subscription,
    needs_upgrade,
    subscription_answer,
)

log = logging.getLogger(__name__)

# Where the buyer's browser goes back to (the client's routes; docs/billing.md).
SUBSCRIPTION_SUCCESS = "/payment/success?session_id={CHECKOUT_SESSION_ID}"
SUBSCRIPTION_CANCEL = "/upgrade-account"
PURCHASE_SUCCESS = "/product-payment/success?session_id={CHECKOUT_SESSION_ID}"
PURCHASE_CANCEL = "/product-payment/cancel"
DEFAULT_FINAL_URL = "/home"


# What the row of a checkout session keeps of the checkout, and a purchase of that row.
SESSION_KEEPS = ("mode", "amount", "currency")
PURCHASE_KEEPS = ("user_id", "entity", "entity_id", "amount", "currency", "provider", "session_id")


def copied(source: object, names: tuple[str, ...]) -> dict[str, Any]:
    """The attributes ``names`` of ``source``, to give a new row the same."""
    return {name: getattr(source, name) for name in names}


@dataclass(frozen=True)
class Billing:
    """What checkout works with: the provider and our public address (built once, in
    create_app)."""

    provider: PaymentProvider
    public_base_url: str

    @property
    def price_ids(self) -> Mapping[str, str] | None:
        """Plan id -> provider price id; None means the sandbox, which bills any plan."""
        return self.provider.price_ids

    def url(self, path: str) -> str:
        return self.public_base_url + path

    def price_id(self, plan_id: str) -> str | None:
        if self.price_ids is None:
            return f"sandbox_{plan_id}"
        return self.price_ids.get(plan_id)

    def report(
        self, state: SubscriptionState, state_at: int, started_by: CheckoutSession | None = None
    ) -> SubscriptionReport:
        """The provider's state of a subscription as of ``state_at``; the checkout that started
        it, when known, tells whose it is and which plan it bills."""
        return SubscriptionReport(
            state,
            self.provider.name,
            state_at,
            user_id=started_by.user_id if started_by else None,
            plan_id=started_by.plan_id if started_by else None,
            price_ids=self.price_ids,
        )


@dataclass(frozen=True)
class Offer:
    """A purchasable item as the CMS describes it."""

    entity: str
    entity_id: int
    title: str
    price: dict | None  # {price, currency} list price, None when not for sale


def safe_final_url(value: str | None) -> str:
    """`final_url` must be a path of this site; anything else is refused (no open redirect)."""
    if value is None:
        return DEFAULT_FINAL_URL
    if not is_site_path(value):
        raise ApiError(
            400, "invalid_final_url", fields={"final_url": "Must be a path of this site."}
        )
    return value


def minor_units(price: str) -> int:
    try:
        amount = Decimal(price)
    except InvalidOperation:
        raise ApiError(409, "not_for_sale") from None
    return int((amount * 100).to_integral_value())


def customer_for(session: Session, provider: PaymentProvider, user: User) -> str:
    """The provider's customer for this user, created once."""
    found = session.scalar(
        sa.select(PaymentCustomer.customer_id).where(
            PaymentCustomer.user_id == user.id, PaymentCustomer.provider == provider.name
        )
    )
    if found:
        return found
    customer_id = provider.create_customer(user_id=user.id, email=user.email)
    session.add(PaymentCustomer(user_id=user.id, provider=provider.name, customer_id=customer_id))
    try:
        session.commit()
    except IntegrityError:  # another request of the same user won the race
        session.rollback()
        return session.scalar(
            sa.select(PaymentCustomer.customer_id).where(
                PaymentCustomer.user_id == user.id, PaymentCustomer.provider == provider.name
            )
        )
    return customer_id


def _member(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None or user.deactivated_at is not None:
        raise ApiError(401, "user_invalid_token")
    return user


def _own_session(session: Session, user_id: int, session_id: str, mode: str) -> CheckoutSession:
    row = session.scalar(sa.select(CheckoutSession).where(CheckoutSession.session_id == session_id))
    if row is None or row.user_id != user_id or row.mode != mode:
        raise ApiError(404, "not_found", "We couldn't find that checkout session.")
    return row


def _open(
    session: Session, billing: Billing, user: User, checkout: Checkout, *, now: datetime, **kept
) -> dict:
    """Open the checkout at the provider and record it, with what the return page and the
    webhooks need to know of it (kept: the plan, or the item and where to go after)."""
    state = billing.provider.create_checkout(checkout)
    session.add(
        CheckoutSession(
            session_id=state.id,
            provider=billing.provider.name,
            user_id=user.id,
            created_at=now,
            **copied(checkout, SESSION_KEEPS),
            **kept,
        )
    )
    session.commit()
    return {"id": state.id, "url": state.url}


# Subscriptions -------------------------------------------------------------------------------


def start_subscription(
    session: Session, billing: Billing, user_id: int, plan_id: str, *, now: datetime
) -> dict:
    plan = find_plan(plan_id)
    price_id = billing.price_id(plan_id) if plan else None
    if plan is None or plan not in offered_plans(billing.price_ids) or not price_id:
        raise ApiError(404, "plan_not_found", fields={"plan_id": "This plan does not exist."})
    user = _member(session, user_id)
    if not needs_upgrade(session, user):
        raise ApiError(409, "already_pro")
    checkout = Checkout(
        mode="subscription",
        customer_id=customer_for(session, billing.provider, user),
        client_reference_id=str(user.id),
        metadata={"user_id": str(user.id), "plan_id": plan.id},
        description=f"{plan.name} ({plan.price_text}), {TRIAL_DAYS}-day trial",
        amount=plan.minor_amount,
        currency=plan.currency,
        success_url=billing.url(SUBSCRIPTION_SUCCESS),
        cancel_url=billing.url(SUBSCRIPTION_CANCEL),
        recurring=Recurring(price_id, TRIAL_DAYS, plan.interval),
    )
    return _open(session, billing, user, checkout, now=now, plan_id=plan.id)


def confirm_subscription(
    session: Session, billing: Billing, user_id: int, session_id: str, *, now: datetime
) -> dict:
    """Ask the provider how the checkout ended; record the subscription it started."""
    row = _own_session(session, user_id, session_id, "subscription")
    state = billing.provider.retrieve_session(session_id)
    if state.status != "complete" or not state.subscription_id:
        raise ApiError(409, "checkout_incomplete")
    subscription = billing.provider.retrieve_subscription(state.subscription_id)
    report = billing.report(subscription, int(now.timestamp()), started_by=row)
    recorded = apply_subscription(session, report, now=now)
    row.completed_at = row.completed_at or now
    session.commit()
    return {"session_id": session_id, **(subscription_answer(recorded) or {})}


# Single purchases ----------------------------------------------------------------------------


def start_purchase(
    session: Session,
    billing: Billing,
    user_id: int,
    offer: Offer | None,
    rights: Rights,
    final_url: str | None,
    *,
    now: datetime,
) -> dict:
    final_url = safe_final_url(final_url)
    if offer is None:
        raise ApiError(404, "not_found", "We couldn't find that item.")
    price = current_user_price(offer.price, rights)
    if price is None:
        raise ApiError(409, "not_for_sale")
    if rights.owns(offer.entity, offer.entity_id):
        raise ApiError(409, "already_purchased")
    user = _member(session, user_id)
    amount = minor_units(price["price"])
    checkout = Checkout(
        mode="payment",
        customer_id=customer_for(session, billing.provider, user),
        client_reference_id=str(user.id),
        metadata={
            "user_id": str(user.id),
            "entity": offer.entity,
            "entity_id": str(offer.entity_id),
        },
        description=offer.title,
        amount=amount,
        currency=price["currency"],
        success_url=billing.url(PURCHASE_SUCCESS),
        cancel_url=billing.url(PURCHASE_CANCEL),
    )
    return _open(
        session,
        billing,
        user,
        checkout,
        now=now,
        entity=offer.entity,
        entity_id=offer.entity_id,
        final_url=final_url,
    )


def validate_purchase(
    session: Session, billing: Billing, user_id: int, session_id: str, *, now: datetime
) -> dict:
    row = _own_session(session, user_id, session_id, "payment")
    state = billing.provider.retrieve_session(session_id)
    if not state.is_paid:
        raise ApiError(409, "checkout_incomplete")
    record_purchase(session, row, state.amount_total, state.currency, now=now)
    return {
        "final_url": row.final_url or DEFAULT_FINAL_URL,
        "entity": row.entity,
        "entityId": row.entity_id,
    }


def record_purchase(
    session: Session,
    row: CheckoutSession,
    amount_total: int | None,
    currency: str | None,
    *,
    now: datetime,
    commit: bool = True,
) -> Purchase | None:
    """Record the purchase a paid session made, once (whoever reports it first)."""
    if amount_total != row.amount or (currency or "").upper() != row.currency:
        log.error(
            "Checkout %s was paid %s %s, not %s %s; not recorded",
            row.session_id, amount_total, currency, row.amount, row.currency,
        )  # fmt: skip
        raise ApiError(409, "payment_mismatch")
    existing = _existing_purchase(session, row)
    if existing is not None:
        return existing
    purchase = Purchase(created_at=now, **copied(row, PURCHASE_KEEPS))
    session.add(purchase)
    row.completed_at = row.completed_at or now
    if not commit:
        session.flush()
        return purchase
    try:
        session.commit()
    except IntegrityError:  # the webhook (or the return page) recorded it a moment ago
        session.rollback()
        return _existing_purchase(session, row)
    return purchase


def _existing_purchase(session: Session, row: CheckoutSession) -> Purchase | None:
    return session.scalar(
        sa.select(Purchase).where(
            sa.or_(
                Purchase.session_id == row.session_id,
                sa.and_(
                    Purchase.user_id == row.user_id,
                    Purchase.entity == row.entity,
                    Purchase.entity_id == row.entity_id,
                ),
            )
        )
    )
