"""What billing keeps about a member, for Download my data and Delete my account.

A deleted account's membership is canceled at the provider at once. Its payments stay (what
accounting needs: the provider's ids, amounts, currencies and dates), owned by the emptied
account row, which no longer says whose they were; the provider's customer link and checkouts
that were never paid go."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from marshmallow import fields as F
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..accounts.schemas import Membership
from ..platform.errors import ApiError
from .entitlements import SUBSCRIBED_STATUSES
from .membership import billing_customer
from .models import CheckoutSession, PaymentCustomer, Purchase, StoreSubscription, Subscription
from .provider import PaymentProvider, ProviderRefused
from .schemas import ExportedPayment, ExportedPurchase
from .subscriptions import STORE_PROVIDERS, subscription_answer

log = logging.getLogger(__name__)


class BillingData:
    # The parts of Download my data it answers, as the API document shows them.
    export_fields = {
        "subscriptions": F.List(F.Nested(Membership), required=True),
        "purchases": F.List(F.Nested(ExportedPurchase), required=True),
        "payments": F.List(F.Nested(ExportedPayment), required=True),
    }

    def __init__(self, provider: Callable[[], PaymentProvider]):
        # Read at each call: the provider an application runs with (tests swap it).
        self.provider = provider

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        subscriptions = _subscriptions(session, user_id)
        purchases = session.scalars(
            sa.select(Purchase).where(Purchase.user_id == user_id).order_by(Purchase.id)
        ).all()
        checkouts = session.scalars(
            sa.select(CheckoutSession)
            .where(CheckoutSession.user_id == user_id, CheckoutSession.completed_at.is_not(None))
            .order_by(CheckoutSession.id)
        ).all()
        return {
            "subscriptions": [subscription_answer(row) for row in subscriptions],
            "purchases": [
                {
                    "entity": row.entity,
                    "entityId": row.entity_id,
                    "amount": row.amount,
                    "currency": row.currency,
                    "purchased_at": iso(row.created_at),
                }
                for row in purchases
            ],
            "payments": [
                {
                    "kind": "subscription" if row.mode == "subscription" else "purchase",
                    "reference": row.session_id,
                    "plan_id": row.plan_id,
                    "entity": row.entity,
                    "entityId": row.entity_id,
                    "amount": row.amount,
                    "currency": row.currency,
                    "started_at": iso(row.created_at),
                    "completed_at": iso(row.completed_at),
                }
                for row in checkouts
            ],
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Cancel every current subscription at the provider now (503 when it cannot be
        reached: nothing is erased, the member may try again)."""
        provider = self.provider()
        for row in _subscriptions(session, user_id):
            # A store's subscription is ended by the member in the store alone.
            if row.status not in SUBSCRIBED_STATUSES or row.provider in STORE_PROVIDERS:
                continue
            try:
                provider.cancel_subscription(row.subscription_id)
            except ProviderRefused:  # the provider no longer knows it: nothing left to end
                log.warning("Subscription %s is unknown to the provider", row.subscription_id)

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """The provider's customer takes the new address, so receipts go there; a provider
        that cannot be reached is logged (the member's change stands)."""
        provider = self.provider()
        customer_id = billing_customer(session, user_id, provider.name)
        if customer_id is None:
            return
        try:
            provider.update_customer_email(customer_id, email)
        except ApiError:  # logged where it happened
            log.warning("The customer of user %s keeps its old address", user_id)

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        for row in _subscriptions(session, user_id):
            if row.status in SUBSCRIBED_STATUSES:
                row.status = "canceled"
                row.cancel_at_period_end = False
                row.updated_at = now
        session.execute(sa.delete(PaymentCustomer).where(PaymentCustomer.user_id == user_id))
        # A store's subscription renews until its buyer ends it in the store: it is no longer
        # this account's, and a new account of the buyer's takes it when its app restores it.
        session.execute(
            sa.update(StoreSubscription)
            .where(StoreSubscription.user_id == user_id)
            .values(user_id=None)
        )
        session.execute(
            sa.delete(CheckoutSession).where(
                CheckoutSession.user_id == user_id, CheckoutSession.completed_at.is_(None)
            )
        )
        session.flush()


def _subscriptions(session: Session, user_id: int) -> list[Subscription]:
    return list(
        session.scalars(
            sa.select(Subscription).where(Subscription.user_id == user_id).order_by(Subscription.id)
        )
    )
