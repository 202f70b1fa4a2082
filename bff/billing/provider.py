"""The payment provider boundary: what billing asks of Stripe, or of the sandbox in its place.

Both implementations speak in these small records, so nothing outside the provider modules
knows a provider's object shapes or its library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from flask import Flask

from ..platform.errors import ApiError, retry_later
from ..platform.openapi import Api


@dataclass(frozen=True)
class Recurring:
    """What a subscription's checkout adds: the provider's price it bills, its free trial and
    how often it bills (month | year)."""

    price_id: str
    trial_days: int
    interval: str


@dataclass(frozen=True)
class Checkout:
    """A checkout to open: a Pro plan (mode subscription, at the provider's price, with a
    trial) or a single item (mode payment, at its amount)."""

    mode: str  # subscription | payment
    customer_id: str
    client_reference_id: str
    metadata: dict[str, str]
    description: str  # what is bought: a single item's name at Stripe; the sandbox's page
    amount: int  # minor units (Stripe shows a plan at its own price)
    currency: str
    success_url: str
    cancel_url: str
    recurring: Recurring | None = None  # a subscription's


@dataclass(frozen=True)
class CheckoutState:
    id: str
    url: str | None
    mode: str  # subscription | payment
    status: str  # open | complete | expired
    payment_status: str  # paid | unpaid | no_payment_required
    customer_id: str | None
    subscription_id: str | None
    client_reference_id: str | None
    amount_total: int | None
    currency: str | None  # upper case
    metadata: dict[str, str] = field(default_factory=dict)

    @property
    def is_paid(self) -> bool:
        return self.status == "complete" and self.payment_status in ("paid", "no_payment_required")


@dataclass(frozen=True)
class SubscriptionState:
    id: str
    customer_id: str | None
    status: str  # the provider's: trialing, active, past_due, canceled, unpaid, ...
    price_id: str | None
    current_period_end: int | None
    trial_end: int | None
    cancel_at_period_end: bool
    metadata: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ProviderEvent:
    """A verified webhook event, with the object it is about read into our records."""

    id: str
    type: str
    created: int
    session: CheckoutState | None = None  # checkout.session.*
    subscription: SubscriptionState | None = None  # customer.subscription.*
    subscription_id: str | None = None  # the subscription an invoice.* event bills


class PaymentProvider(Protocol):
    """What billing asks of a payment provider; each provider is a package of its own
    (bff.billing.providers), and nothing outside it asks which one it is."""

    name: str  # recorded with each customer, subscription and purchase

    @property
    def price_ids(self) -> Mapping[str, str] | None:
        """The provider's price of each plan it bills, by plan id; None: every plan, at the
        plans' own prices."""

    def install(self, app: Flask, api: Api) -> None:
        """Add what the provider serves itself (the sandbox's checkout pages)."""

    def create_customer(self, *, user_id: int, email: str) -> str: ...

    def create_checkout(self, checkout: Checkout) -> CheckoutState: ...

    def retrieve_session(self, session_id: str) -> CheckoutState: ...

    def retrieve_subscription(self, subscription_id: str) -> SubscriptionState: ...

    def parse_webhook(self, payload: bytes, signature: str | None) -> ProviderEvent: ...

    def billing_portal_url(self, customer_id: str, return_url: str) -> str:
        """Where the member manages their membership (Stripe's Customer Portal, or the
        sandbox's page): cancel at period end, resume, change plan, payment method, invoices.
        The member comes back to ``return_url``."""

    def update_customer_email(self, customer_id: str, email: str) -> None:
        """The customer's new address (the member changed theirs)."""

    def cancel_subscription(self, subscription_id: str) -> SubscriptionState:
        """End the subscription now (the member deleted their account)."""


class ProviderUnavailable(ApiError):
    """The provider failed or could not be reached; logged once where it happened.

    ``retry_after``: the seconds until the provider is asked again, when its breaker is open.
    """

    def __init__(self, message: str | None = None, retry_after: int | None = None):
        headers = {"Retry-After": str(retry_after)} if retry_after else retry_later()
        super().__init__(503, "payment_provider_unavailable", message, headers=headers)


class ProviderRefused(ApiError):
    """The provider refused what we asked (an unknown session id, say)."""

    def __init__(self, status: int = 404, code: str = "not_found", message: str | None = None):
        super().__init__(status, code, message)


class InvalidWebhook(ApiError):
    def __init__(self, message: str = "The webhook signature is missing or wrong."):
        super().__init__(400, "invalid_webhook_signature", message)
