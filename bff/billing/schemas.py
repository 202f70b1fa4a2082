"""Billing request and response schemas (/subscriptions, /products)."""

from __future__ import annotations

import marshmallow as ma

from ..access.prices import CURRENCIES
from ..accounts.schemas import Membership
from ..platform import site_paths
from ..platform.fields import DATE_TIME, answered, needed
from ..platform.openapi import Schema, envelope
from .entitlements import PURCHASABLE_KINDS
from .membership import MEMBERSHIP_STATES
from .plans import PLATFORMS
from .subscriptions import MANAGERS

F = ma.fields


def _site_path(description: str) -> F.String:
    """Where the browser comes back to: a path of this site, checked by the service."""
    return F.String(
        load_default=None,
        allow_none=True,
        metadata={
            "description": description,
            "pattern": site_paths.PATTERN,
            "maxLength": site_paths.MAX_LENGTH,
        },
    )


class PlansArgs(Schema):
    platform = F.String(
        load_default="web",
        validate=ma.validate.OneOf(PLATFORMS),
        metadata={"description": "web (the site), mobile-web, ios or android"},
    )


class StoreProducts(Schema):
    app_store = answered(F.String, "The App Store product id; null: not sold there", nullable=True)
    google_play = answered(
        F.String, "The Google Play product (subscription) id; null: not sold there", nullable=True
    )


class Plan(Schema):
    id = answered(F.String, "Send as plan_id")
    name = answered(F.String)
    subtitle = answered(F.String, "'Inc. a 7-day trial'")
    price_text = answered(F.String, "Symbol and amount")
    price = answered(F.String, "Amount, e.g. '9.99'")
    currency = answered(F.String, "USD, EUR or INR", validate=ma.validate.OneOf(CURRENCIES))
    period = answered(F.String, validate=ma.validate.OneOf(("monthly", "yearly")))
    trial_days = answered(F.Integer)
    store_products = F.Nested(
        StoreProducts,
        required=True,
        metadata={"description": "The product an app buys for this plan in each store"},
    )


PlansEnvelope = envelope(Plan, many=True, name="PlansEnvelope")


class NewSubscriptionBody(Schema):
    plan_id = needed(F.String)


class CheckoutStarted(Schema):
    id = answered(F.String, "Checkout session id")
    url = answered(F.String, "Where to send the browser to pay")


CheckoutStartedEnvelope = envelope(CheckoutStarted)


def _new_access_token():
    return answered(
        F.String,
        "A new access token (the rights it is read with include this change):"
        " send it as the Bearer token from now on",
    )


def _expires_in():
    return answered(F.Integer, "Seconds until that access token expires (its exp less its iat)")


class SubscriptionAnswer(Membership):
    session_id = answered(F.String)
    access = _new_access_token()
    expires_in = _expires_in()


SubscriptionEnvelope = envelope(SubscriptionAnswer, name="SubscriptionEnvelope")


class PurchaseBody(Schema):
    id = needed(F.Integer, "The item's entityId")
    entity = needed(
        F.String, "program, video or masterclass", validate=ma.validate.OneOf(PURCHASABLE_KINDS)
    )
    final_url = _site_path("A path of this site to return to (default /home)")


class ValidatePaymentBody(Schema):
    session_id = needed(F.String)


class PurchaseValidated(Schema):
    final_url = answered(F.String)
    entity = answered(F.String)
    entityId = answered(F.Integer)
    access = _new_access_token()
    expires_in = _expires_in()


PurchaseValidatedEnvelope = envelope(PurchaseValidated)


class WebhookOutcome(Schema):
    received = answered(F.Boolean)
    outcome = F.String(metadata={"description": "applied, duplicate or ignored"})


WebhookOutcomeEnvelope = envelope(WebhookOutcome)


class MembershipPlanAnswer(Schema):
    id = answered(F.String)
    name = answered(F.String)
    period = answered(F.String, validate=ma.validate.OneOf(("monthly", "yearly")))
    price = answered(F.String, "Amount, e.g. '9.99'")
    currency = answered(F.String, validate=ma.validate.OneOf(CURRENCIES))
    price_text = answered(F.String, "Symbol and amount")


class MembershipAnswer(Schema):
    status = answered(
        F.String,
        "none (never subscribed), trialing, active, past_due (the card is"
        " being retried; still Pro), cancelling (Pro until ends_at, then over) or lapsed",
        validate=ma.validate.OneOf(MEMBERSHIP_STATES),
    )
    user_tier = answered(F.String, "free or pro", validate=ma.validate.OneOf(("free", "pro")))
    plan = F.Nested(
        MembershipPlanAnswer,
        required=True,
        allow_none=True,
        metadata={"description": "The plan billed; null without a membership"},
    )
    trial_end = answered(F.String, "While trialing", nullable=True, metadata=DATE_TIME)
    next_billing_date = answered(
        F.String,
        "The next charge, while it renews (trialing, active, past_due)",
        nullable=True,
        metadata=DATE_TIME,
    )
    ends_at = answered(
        F.String,
        "When Pro ends (cancelling) or ended (lapsed)",
        nullable=True,
        metadata=DATE_TIME,
    )
    cancel_at_period_end = answered(F.Boolean)
    managed_by = answered(
        F.String,
        "Who bills the membership: stripe (the web), app_store or google_play (Manage billing"
        " opens the store's subscriptions page); null without a membership",
        nullable=True,
        validate=ma.validate.OneOf(MANAGERS),
    )
    manageable = answered(F.Boolean, "Whether POST /subscriptions/manage has a page to open")


MembershipEnvelope = envelope(MembershipAnswer, name="MembershipEnvelope")


# Selling in the apps -------------------------------------------------------------------------


class StorePurchaseBody(Schema):
    store = needed(
        F.String,
        "app_store or google_play",
        validate=ma.validate.OneOf(("app_store", "google_play")),
    )
    transaction = needed(
        F.String,
        "App Store: the signed transaction (JWS) StoreKit gave the app; Google Play: the"
        " purchase token",
        validate=ma.validate.Length(min=1, max=20000),
    )
    product_id = F.String(
        load_default=None,
        allow_none=True,
        validate=ma.validate.Length(max=255),
        metadata={"description": "Google Play: the product (subscription) id bought"},
    )


class StorePurchaseAnswer(Membership):
    access = _new_access_token()
    expires_in = _expires_in()


StorePurchaseEnvelope = envelope(StorePurchaseAnswer, name="StorePurchaseEnvelope")


class ManageBillingBody(Schema):
    return_url = _site_path("A path of this site to come back to (default /account)")


class ManageBilling(Schema):
    url = answered(F.String, "Where to send the browser: the provider's billing page")


ManageBillingEnvelope = envelope(ManageBilling)


class OwnedItem(Schema):
    entity = answered(
        F.String, "program, video or masterclass", validate=ma.validate.OneOf(PURCHASABLE_KINDS)
    )
    entityId = answered(F.Integer)
    title = answered(F.String, "As the CMS has it now; null when the item is gone", nullable=True)
    path = answered(F.String, "The item's page: /program/{id}, /videos/{id} or /masterclass")
    purchased_at = answered(F.String, metadata=DATE_TIME)
    amount = answered(F.Integer, "Minor units (cents)")
    currency = answered(F.String, validate=ma.validate.OneOf(CURRENCIES))
    price_text = answered(F.String, "What was paid")


OwnedItemsEnvelope = envelope(OwnedItem, many=True, name="OwnedItemsEnvelope")


# Download my data -----------------------------------------------------------------------------


class ExportedPurchase(Schema):
    entity = F.String(required=True)
    entityId = F.Integer(required=True)
    amount = F.Integer(required=True, metadata={"description": "Minor units (cents)"})
    currency = F.String(required=True, validate=ma.validate.OneOf(CURRENCIES))
    purchased_at = F.String(required=True, metadata=DATE_TIME)


class ExportedPayment(Schema):
    kind = F.String(
        required=True,
        validate=ma.validate.OneOf(("subscription", "purchase")),
        metadata={"description": "subscription or purchase"},
    )
    reference = F.String(required=True, metadata={"description": "The checkout session id"})
    plan_id = F.String(required=True, allow_none=True)
    entity = F.String(required=True, allow_none=True)
    entityId = F.Integer(required=True, allow_none=True)
    amount = F.Integer(required=True, allow_none=True)
    currency = F.String(required=True, allow_none=True, validate=ma.validate.OneOf(CURRENCIES))
    started_at = F.String(required=True, metadata=DATE_TIME)
    completed_at = F.String(required=True, allow_none=True, metadata=DATE_TIME)
