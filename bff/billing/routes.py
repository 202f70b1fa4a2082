"""/subscriptions and /products: parse with a schema, call a billing service, dump the answer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from flask import current_app, request
from flask.views import MethodView

from ..access.clock import clock
from ..access.idempotent import idempotent
from ..access.tokens import ACCESS_TOKEN_EXPIRES_IN
from ..access.viewer import MEMBERS, current_viewer, renewed_access_token, rights_for
from ..accounts.profile import get_user
from ..platform.conditional import etagged
from ..platform.context import ContextView
from ..platform.extensions import db
from ..platform.metrics import CHECKOUTS, outcome_counted
from ..platform.openapi import Blueprint, Schema
from . import checkout, membership, schemas, webhooks
from .owned import owned_items
from .plans import offered_plans, plan_answer

subscriptions = Blueprint(
    "subscriptions",
    __name__,
    url_prefix="/subscriptions",
    description="Pro membership: plans, Stripe Checkout in subscription mode, Stripe webhooks.",
)
products = Blueprint(
    "products",
    __name__,
    url_prefix="/products",
    description="Single purchases: a program, a video or the full masterclass.",
)


class Offers(Protocol):
    """What billing asks of the catalogue: a purchasable item's title and list price (None: no
    such item). The catalogue is the gateway's (bff.cms), a domain above billing."""

    def offer(self, entity: str, entity_id: int) -> dict | None: ...


class BillingServices(Protocol):
    """What the billing routes read of the application context."""

    billing: checkout.Billing

    @property
    def catalogue(self) -> Offers: ...


context = ContextView[BillingServices](__name__)


def billing() -> checkout.Billing:
    return context().billing


def with_new_access_token(answer: dict) -> dict:
    """After the member's rights changed: nothing read of them before serves again, and the
    answer carries a new access token of their session, which every worker reads afresh
    (access.viewer)."""
    return {**answer, "access": renewed_access_token(), "expires_in": ACCESS_TOKEN_EXPIRES_IN}


# How the routes fail, by status -------------------------------------------------------------

PROVIDER_UNAVAILABLE = "payment_provider_unavailable"

NEW_SUBSCRIPTION_ERRORS = {
    400: "A missing plan_id",
    404: "plan_not_found: no such plan on this site",
    409: "already_pro: the member already has a current Pro membership",
    503: PROVIDER_UNAVAILABLE,
}
# Confirming a finished checkout, a subscription's or a purchase's.
CONFIRMATION_ERRORS = {
    404: "not_found: no such checkout of this member",
    409: "checkout_incomplete: not paid (yet)",
    503: PROVIDER_UNAVAILABLE,
}
MANAGE_ERRORS = {
    400: "invalid_final_url: return_url is not a path of this site",
    404: "not_found: the member never went through checkout; nothing to manage",
    503: PROVIDER_UNAVAILABLE,
}
PURCHASE_ERRORS = {
    400: "invalid_final_url or an invalid field",
    404: "not_found: no such item",
    409: "already_purchased or not_for_sale",
    503: f"{PROVIDER_UNAVAILABLE}, or cms_unavailable (the item's price is unknown)",
}


def _checkout_start(
    blp: Blueprint, body: type[Schema], errors: Mapping[int, str], kind: str
) -> Callable:
    """Starting a checkout, a subscription's or a single item's: a member sends what to buy and
    is answered where to send the browser. Its outcome is counted for operators
    (bff_checkouts_total, ``kind``)."""
    form = blp.json_body(body, schemas.CheckoutStartedEnvelope, errors, access=MEMBERS)
    # A retried start (its answer lost) gets the first session again, not a second one.
    return lambda view: idempotent(form(outcome_counted(CHECKOUTS, kind)(view)))


# Plans and subscription checkout -------------------------------------------------------------

# The store an app platform buys in: its plans are those that store sells.
PLATFORM_STORES = {"ios": "app_store", "android": "google_play"}


def plans_answer(platform: str) -> list[dict]:
    """The plans offered on ``platform``, each with its store products."""
    stores = current_app.extensions["billing_stores"]
    answers = [plan_answer(p, stores.products_of(p.id)) for p in offered_plans(billing().price_ids)]
    store = PLATFORM_STORES.get(platform)
    if store is None:
        return answers
    return [answer for answer in answers if answer["store_products"][store]]


@subscriptions.route("/plans")
class Plans(MethodView):
    @etagged("public")
    @subscriptions.arguments(schemas.PlansArgs, location="query")
    @subscriptions.response(200, schemas.PlansEnvelope)
    def get(self, args):
        """Pro plans, monthly and yearly, in USD, EUR and INR, each with a 7-day trial."""
        return {"data": plans_answer(args["platform"])}


@subscriptions.route("/web/checkout/new_subscription")
class NewSubscription(MethodView):
    @_checkout_start(
        subscriptions, schemas.NewSubscriptionBody, NEW_SUBSCRIPTION_ERRORS, "subscription_started"
    )
    def post(self, body):
        """Start a Checkout Session (subscription mode, 7-day trial); send the browser to url.

        Stripe returns the buyer to /payment/success?session_id=... or, on cancel, to
        /upgrade-account."""
        started = checkout.start_subscription(
            db.session, billing(), current_viewer().user_id, body["plan_id"], now=clock()
        )
        return {"data": started}


@subscriptions.route("/web/checkout/session/<session_id>")
class SubscriptionSession(MethodView):
    @subscriptions.access(MEMBERS)
    @subscriptions.response(200, schemas.SubscriptionEnvelope)
    @subscriptions.errors(CONFIRMATION_ERRORS)
    @outcome_counted(CHECKOUTS, "subscription_confirmed")
    def get(self, session_id):
        """Confirm a finished checkout and record the subscription it started.

        The answer's plan.period tells yearly (/welcome-you) from monthly (/welcome-me); its
        access is a new access token, to send from now on."""
        user_id = current_viewer().user_id
        confirmed = checkout.confirm_subscription(
            db.session, billing(), user_id, session_id, now=clock()
        )
        return {"data": with_new_access_token(confirmed)}


@subscriptions.route("/membership")
class Membership(MethodView):
    @etagged()
    @subscriptions.access(MEMBERS)
    @subscriptions.response(200, schemas.MembershipEnvelope)
    def get(self):
        """The member's Pro membership: plan, price, state (trialing, active, past_due,
        cancelling, lapsed, or none), next billing date or when it ends, as the payment
        provider's webhooks keep it."""
        user = get_user(db.session, current_viewer().user_id)
        return {"data": membership.membership(db.session, user, billing().provider.name)}


@subscriptions.route("/manage")
class ManageBilling(MethodView):
    @subscriptions.json_body(
        schemas.ManageBillingBody, schemas.ManageBillingEnvelope, MANAGE_ERRORS, access=MEMBERS
    )
    def post(self, body):
        """Manage billing: the URL of the payment provider's page for this member (Stripe's
        Customer Portal: cancel at period end, resume, change plan, card, invoices); send the
        browser there. It comes back to return_url; the changes arrive by webhook."""
        url = membership.manage_billing_url(
            db.session,
            billing(),
            current_viewer().user_id,
            body.get("return_url"),
            current_app.extensions["billing_stores"],
        )
        return {"data": {"url": url}}


@subscriptions.route("/webhooks/stripe")
class StripeWebhook(MethodView):
    @subscriptions.doc(
        parameters=[
            {
                "in": "header",
                "name": "Stripe-Signature",
                "required": True,
                "schema": {"type": "string"},
                "description": "Stripe's signature of the body (t=...,v1=...)",
            }
        ],
        requestBody={
            "description": "A Stripe event, signed in the Stripe-Signature header",
            "content": {"application/json": {"schema": {"type": "object"}}},
        },
    )
    @subscriptions.response(200, schemas.WebhookOutcomeEnvelope)
    @subscriptions.errors(
        {
            400: "invalid_webhook_signature",
            503: f"{PROVIDER_UNAVAILABLE}: Stripe will deliver the event again",
        }
    )
    def post(self):
        """Stripe's events (checkout.session.completed, customer.subscription.updated and
        .deleted, invoice.paid, invoice.payment_failed), each applied once."""
        current = billing()
        event = current.provider.parse_webhook(
            request.get_data(cache=False), request.headers.get("Stripe-Signature")
        )
        outcome = webhooks.apply_event(db.session, current, event, now=clock())
        return {"data": {"received": True, "outcome": outcome}}


# Single purchases ----------------------------------------------------------------------------


def offer_of(entity: str, entity_id: int) -> checkout.Offer | None:
    found = context().catalogue.offer(entity, entity_id)
    if found is None:
        return None
    return checkout.Offer(entity, entity_id, _title(found, entity), found["price"])


def _title(found: dict, entity: str) -> str:
    """The item's title, or its kind when the CMS gives none."""
    return found["title"] or entity.title()


@products.route("/purchase")
class Purchase(MethodView):
    @_checkout_start(products, schemas.PurchaseBody, PURCHASE_ERRORS, "purchase_started")
    def post(self, body):
        """Start a Checkout Session (payment mode) for a program, video or the masterclass at
        its currentUserPrice; the buyer comes back to /product-payment/success?session_id=..."""
        user_id = current_viewer().user_id
        final_url = checkout.safe_final_url(body.get("final_url"))
        started = checkout.start_purchase(
            db.session,
            billing(),
            user_id,
            offer_of(body["entity"], body["id"]),
            rights_for(current_viewer()),
            final_url,
            now=clock(),
        )
        return {"data": started}


def title_of(entity: str, entity_id: int) -> str | None:
    found = context().catalogue.offer(entity, entity_id)
    return _title(found, entity) if found else None


@products.route("/purchases")
class Purchases(MethodView):
    @etagged()
    @products.access(MEMBERS)
    @products.response(200, schemas.OwnedItemsEnvelope)
    @products.errors({503: "cms_unavailable: the items' titles cannot be read"})
    def get(self):
        """The single items the member owns, newest first, each with its title and the path
        of its page, and what was paid."""
        return {"data": owned_items(db.session, current_viewer().user_id, title_of)}


@products.route("/purchase/validate-payment")
class ValidatePayment(MethodView):
    @products.json_body(
        schemas.ValidatePaymentBody,
        schemas.PurchaseValidatedEnvelope,
        CONFIRMATION_ERRORS,
        access=MEMBERS,
    )
    @outcome_counted(CHECKOUTS, "purchase_confirmed")
    def post(self, body):
        """Confirm a paid checkout and record the purchase (once); answers where to go next and
        a new access token, to send from now on."""
        user_id = current_viewer().user_id
        validated = checkout.validate_purchase(
            db.session, billing(), user_id, body["session_id"], now=clock()
        )
        return {"data": with_new_access_token(validated)}
