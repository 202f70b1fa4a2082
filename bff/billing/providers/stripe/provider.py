"""Stripe: every call to Stripe's API goes through this module, on one pinned API version.

Stripe's errors are caught here, logged once, and leave as ApiError: a network failure or a
Stripe-side failure is 503 `payment_provider_unavailable`, an id Stripe does not know is 404.
Webhook payloads are verified with Stripe's signature scheme (`Stripe-Signature: t=...,v1=...`,
HMAC-SHA256 of `"{t}.{body}"` with the endpoint secret) before anything is read from them.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

import stripe
from flask import Flask

from ....platform.breaker import CircuitBreaker, CircuitOpen, MemoryState
from ....platform.openapi import Api
from ...provider import (
    Checkout,
    CheckoutState,
    InvalidWebhook,
    ProviderEvent,
    ProviderRefused,
    ProviderUnavailable,
    SubscriptionState,
)

log = logging.getLogger(__name__)

# The API version our object shapes are read against (the one stripe-python 16 was built for).
API_VERSION = "2026-10-28.endive"
WEBHOOK_TOLERANCE = 300  # seconds between Stripe signing an event and us receiving it

# What counts against Stripe in its breaker: it could not be reached or failed on its side.
# A refusal (a bad request, a card declined, a rate limit) is an answer.
STRIPE_FAILURES = (stripe.APIConnectionError, stripe.APIError)


def signed_at(signature: str) -> int:
    """The timestamp (t=) of a Stripe-Signature header that verify_header accepted."""
    for part in signature.split(","):
        key, _, value = part.partition("=")
        if key.strip() == "t" and value.strip().isdigit():
            return int(value.strip())
    return 0


T = TypeVar("T")


class StripeProvider:
    name = "stripe"

    def __init__(
        self,
        secret_key: str,
        webhook_secret: str | None,
        timeout: float = 10.0,
        breaker: CircuitBreaker | None = None,
        *,
        price_ids: Mapping[str, str] | None = None,
    ):
        # The Stripe price of each plan offered (STRIPE_PRICE_IDS): a plan without one is not.
        self.price_ids = dict(price_ids or {})
        self.webhook_secret = webhook_secret
        self.breaker = breaker or CircuitBreaker(
            "stripe", MemoryState(), STRIPE_FAILURES, lease=2 * timeout + 1
        )
        self.client = stripe.StripeClient(
            secret_key,
            stripe_version=API_VERSION,
            http_client=stripe.RequestsClient(timeout=timeout),
            max_network_retries=1,
        )

    def install(self, app: Flask, api: Api) -> None:
        """Stripe hosts its own checkout: no pages here."""

    # Calls -------------------------------------------------------------------------------

    def create_customer(self, *, user_id: int, email: str) -> str:
        customer = self._call(
            "create a customer",
            lambda: self.client.v1.customers.create(
                params={"email": email, "metadata": {"user_id": str(user_id)}}
            ),
        )
        return customer["id"]

    def create_checkout(self, checkout: Checkout) -> CheckoutState:
        params: dict[str, object] = {
            "mode": checkout.mode,
            "customer": checkout.customer_id,
            "client_reference_id": checkout.client_reference_id,
            "metadata": checkout.metadata,
            "success_url": checkout.success_url,
            "cancel_url": checkout.cancel_url,
        }
        if checkout.recurring is not None:  # mode subscription
            params["line_items"] = [{"price": checkout.recurring.price_id, "quantity": 1}]
            params["subscription_data"] = {
                "trial_period_days": checkout.recurring.trial_days,
                "metadata": checkout.metadata,
            }
        else:
            params["line_items"] = [
                {
                    "price_data": {
                        "currency": checkout.currency.lower(),
                        "unit_amount": checkout.amount,
                        "product_data": {"name": checkout.description},
                    },
                    "quantity": 1,
                }
            ]
            params["payment_intent_data"] = {"metadata": checkout.metadata}
        session = self._call(
            f"create a {checkout.mode} checkout",
            lambda: self.client.v1.checkout.sessions.create(params=params),
        )
        return checkout_state(session)

    def retrieve_session(self, session_id: str) -> CheckoutState:
        session = self._call(
            "retrieve a checkout session",
            lambda: self.client.v1.checkout.sessions.retrieve(session_id),
        )
        return checkout_state(session)

    def retrieve_subscription(self, subscription_id: str) -> SubscriptionState:
        subscription = self._call(
            "retrieve a subscription",
            lambda: self.client.v1.subscriptions.retrieve(subscription_id),
        )
        return subscription_state(subscription)

    def billing_portal_url(self, customer_id: str, return_url: str) -> str:
        """A Customer Portal session (what it offers is set in Stripe's Dashboard: cancel at
        period end, resume, switch plan, payment method, invoices); its changes come back as
        customer.subscription.updated webhooks."""
        portal = self._call(
            "open the customer portal",
            lambda: self.client.v1.billing_portal.sessions.create(
                params={"customer": customer_id, "return_url": return_url}
            ),
        )
        return str(portal["url"])

    def update_customer_email(self, customer_id: str, email: str) -> None:
        self._call(
            "update a customer's address",
            lambda: self.client.v1.customers.update(customer_id, params={"email": email}),
        )

    def cancel_subscription(self, subscription_id: str) -> SubscriptionState:
        subscription = self._call(
            "cancel a subscription",
            lambda: self.client.v1.subscriptions.cancel(subscription_id),
        )
        return subscription_state(subscription)

    def parse_webhook(self, payload: bytes, signature: str | None) -> ProviderEvent:
        if not self.webhook_secret or not signature:
            raise InvalidWebhook()
        try:
            stripe.WebhookSignature.verify_header(
                payload.decode("utf-8"), signature, self.webhook_secret, WEBHOOK_TOLERANCE
            )
            event = json.loads(payload)
        except (stripe.SignatureVerificationError, UnicodeDecodeError, ValueError, RecursionError):
            log.warning("Refused a Stripe webhook with a bad signature")
            raise InvalidWebhook() from None
        # Stripe's check refuses only old signatures: one from the future is as suspect.
        if signed_at(signature) > time.time() + WEBHOOK_TOLERANCE:
            log.warning("Refused a Stripe webhook signed in the future")
            raise InvalidWebhook()
        if not isinstance(event, dict) or not isinstance(event.get("data"), dict):
            raise InvalidWebhook("The webhook body is not a Stripe event.")
        kind = str(event.get("type"))
        found = event["data"].get("object") or {}
        session = subscription = subscription_id = None
        if kind.startswith("checkout.session.") and found.get("id"):
            session = checkout_state(found)
        elif kind.startswith("customer.subscription.") and found.get("id"):
            subscription = subscription_state(found)
            subscription_id = subscription.id
        elif kind.startswith("invoice."):
            subscription_id = invoice_subscription(found)
        return ProviderEvent(
            id=str(event.get("id")),
            type=kind,
            created=int(event.get("created") or 0),
            session=session,
            subscription=subscription,
            subscription_id=subscription_id,
        )

    # Plumbing ----------------------------------------------------------------------------

    def _call(self, what: str, call: Callable[[], T]) -> dict:
        try:
            found = self.breaker.call(call)
        except CircuitOpen as error:
            raise ProviderUnavailable(retry_after=error.retry_after) from None
        except stripe.InvalidRequestError as error:
            if error.http_status == 404:
                raise ProviderRefused() from None
            log.error("Stripe refused to %s: %s", what, error.user_message or error)
            raise ProviderUnavailable() from None
        except stripe.StripeError as error:
            log.error("Stripe failed to %s: %s", what, error.user_message or error)
            raise ProviderUnavailable() from None
        return found.to_dict() if hasattr(found, "to_dict") else dict(found)


def _id_of(value) -> str | None:
    """Stripe sends related objects as ids, or as objects when expanded."""
    if isinstance(value, dict):
        return value.get("id")
    return value


def checkout_state(session: dict) -> CheckoutState:
    currency = session.get("currency")
    return CheckoutState(
        id=session["id"],
        url=session.get("url"),
        mode=session.get("mode") or "",
        status=session.get("status") or "open",
        payment_status=session.get("payment_status") or "unpaid",
        customer_id=_id_of(session.get("customer")),
        subscription_id=_id_of(session.get("subscription")),
        client_reference_id=session.get("client_reference_id"),
        amount_total=session.get("amount_total"),
        currency=currency.upper() if currency else None,
        metadata=dict(session.get("metadata") or {}),
    )


def subscription_state(subscription: dict) -> SubscriptionState:
    items = ((subscription.get("items") or {}).get("data")) or [{}]
    item = items[0]
    # Since 2025-03-31 the billing period lives on the items; older versions had it on top.
    period_end = item.get("current_period_end") or subscription.get("current_period_end")
    return SubscriptionState(
        id=subscription["id"],
        customer_id=_id_of(subscription.get("customer")),
        status=subscription.get("status") or "incomplete",
        price_id=_id_of(item.get("price")),
        current_period_end=period_end,
        trial_end=subscription.get("trial_end"),
        cancel_at_period_end=bool(subscription.get("cancel_at_period_end")),
        metadata=dict(subscription.get("metadata") or {}),
    )


def invoice_subscription(invoice: dict) -> str | None:
    """The subscription an invoice bills (under `parent` since 2025-03-31, on top before)."""
    details = ((invoice.get("parent") or {}).get("subscription_details")) or {}
    return _id_of(details.get("subscription")) or _id_of(invoice.get("subscription"))
