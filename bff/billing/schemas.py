"""Billing request and response schemas (/subscriptions, /products)."""

from __future__ import annotations

import marshmallow as ma

from ..accounts.schemas import Membership
from ..platform import site_paths
from ..platform.openapi import REQUIRED, Schema, envelope
from .entitlements import PURCHASABLE_KINDS
from .membership import MEMBERSHIP_STATES
from .plans import PLATFORMS


def _site_path(description: str) -> ma.fields.String:
    """Where the browser comes back to: a path of this site, checked by the service."""
    return ma.fields.String(
        load_default=None,
        allow_none=True,
        metadata={
            "description": description,
            "pattern": site_paths.PATTERN,
            "maxLength": site_paths.MAX_LENGTH,
        },
    )


class PlansArgs(Schema):
    platform = ma.fields.String(
        load_default="web",
        validate=ma.validate.OneOf(PLATFORMS),
        metadata={"description": "web (the site), mobile-web, ios or android"},
    )


class Plan(Schema):
    id = ma.fields.String(required=True, metadata={"description": "Send as plan_id"})
    name = ma.fields.String(required=True)
    subtitle = ma.fields.String(required=True, metadata={"description": "'Inc. a 7-day trial'"})
    price_text = ma.fields.String(required=True, metadata={"description": "Symbol and amount"})
    price = ma.fields.String(required=True, metadata={"description": "Amount, e.g. '9.99'"})
    currency = ma.fields.String(required=True, metadata={"description": "USD, EUR or INR"})
    period = ma.fields.String(required=True, validate=ma.validate.OneOf(("monthly", "yearly")))
    trial_days = ma.fields.Integer(required=True)


PlansEnvelope = envelope(Plan, many=True, name="PlansEnvelope")


class NewSubscriptionBody(Schema):
    plan_id = ma.fields.String(required=True, error_messages=REQUIRED)


class CheckoutStarted(Schema):
    id = ma.fields.String(required=True, metadata={"description": "Checkout session id"})
    url = ma.fields.String(
        required=True, metadata={"description": "Where to send the browser to pay"}
    )


CheckoutStartedEnvelope = envelope(CheckoutStarted)


def _new_access_token():
    return ma.fields.String(
        required=True,
        metadata={
            "description": "A new access token (the rights it is read with include this change):"
            " send it as the Bearer token from now on"
        },
    )


class SubscriptionAnswer(Membership):
    session_id = ma.fields.String(required=True)
    access = _new_access_token()


SubscriptionEnvelope = envelope(SubscriptionAnswer, name="SubscriptionEnvelope")


class PurchaseBody(Schema):
    id = ma.fields.Integer(
        required=True, error_messages=REQUIRED, metadata={"description": "The item's entityId"}
    )
    entity = ma.fields.String(
        required=True,
        error_messages=REQUIRED,
        validate=ma.validate.OneOf(PURCHASABLE_KINDS),
        metadata={"description": "program, video or masterclass"},
    )
    final_url = _site_path("A path of this site to return to (default /home)")


class ValidatePaymentBody(Schema):
    session_id = ma.fields.String(required=True, error_messages=REQUIRED)


class PurchaseValidated(Schema):
    final_url = ma.fields.String(required=True)
    entity = ma.fields.String(required=True)
    entityId = ma.fields.Integer(required=True)
    access = _new_access_token()


PurchaseValidatedEnvelope = envelope(PurchaseValidated)


class WebhookOutcome(Schema):
    received = ma.fields.Boolean(required=True)
    outcome = ma.fields.String(metadata={"description": "applied, duplicate or ignored"})


WebhookOutcomeEnvelope = envelope(WebhookOutcome)


class MembershipPlanAnswer(Schema):
    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    period = ma.fields.String(required=True, validate=ma.validate.OneOf(("monthly", "yearly")))
    price = ma.fields.String(required=True, metadata={"description": "Amount, e.g. '9.99'"})
    currency = ma.fields.String(required=True)
    price_text = ma.fields.String(required=True, metadata={"description": "Symbol and amount"})


class MembershipAnswer(Schema):
    status = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(MEMBERSHIP_STATES),
        metadata={
            "description": "none (never subscribed), trialing, active, past_due (the card is"
            " being retried; still Pro), cancelling (Pro until ends_at, then over) or lapsed"
        },
    )
    user_tier = ma.fields.String(required=True, metadata={"description": "free or pro"})
    plan = ma.fields.Nested(
        MembershipPlanAnswer,
        required=True,
        allow_none=True,
        metadata={"description": "The plan billed; null without a membership"},
    )
    trial_end = ma.fields.String(
        required=True, allow_none=True, metadata={"description": "While trialing"}
    )
    next_billing_date = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The next charge, while it renews (trialing, active, past_due)"},
    )
    ends_at = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "When Pro ends (cancelling) or ended (lapsed)"},
    )
    cancel_at_period_end = ma.fields.Boolean(required=True)
    manageable = ma.fields.Boolean(
        required=True,
        metadata={"description": "Whether POST /subscriptions/manage has a page to open"},
    )


MembershipEnvelope = envelope(MembershipAnswer, name="MembershipEnvelope")


class ManageBillingBody(Schema):
    return_url = _site_path("A path of this site to come back to (default /account)")


class ManageBilling(Schema):
    url = ma.fields.String(
        required=True,
        metadata={"description": "Where to send the browser: the provider's billing page"},
    )


ManageBillingEnvelope = envelope(ManageBilling)


class OwnedItem(Schema):
    entity = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(PURCHASABLE_KINDS),
        metadata={"description": "program, video or masterclass"},
    )
    entityId = ma.fields.Integer(required=True)
    title = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "As the CMS has it now; null when the item is gone"},
    )
    path = ma.fields.String(
        required=True,
        metadata={"description": "The item's page: /program/{id}, /videos/{id} or /masterclass"},
    )
    purchased_at = ma.fields.String(required=True)
    amount = ma.fields.Integer(required=True, metadata={"description": "Minor units (cents)"})
    currency = ma.fields.String(required=True)
    price_text = ma.fields.String(required=True, metadata={"description": "What was paid"})


OwnedItemsEnvelope = envelope(OwnedItem, many=True, name="OwnedItemsEnvelope")
