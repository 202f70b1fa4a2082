"""The stores' sandboxes' one route: what a store would give an app after a purchase, so an app
(or a developer with curl) buys Pro against `make run` with no store and no network.

Registered only while both stores are sandboxes (never in production: make_stores refuses).
"""

from __future__ import annotations

import marshmallow as ma
from flask import current_app
from flask.views import MethodView

from ...platform.fields import answered, needed
from ...platform.openapi import Blueprint, Schema, envelope
from .store import APP_STORE, STORES

F = ma.fields

blp = Blueprint(
    "sandbox_stores",
    __name__,
    url_prefix="/sandbox/stores",
    description="The app stores' sandboxes (only without the stores' credentials).",
)


class SandboxPurchaseBody(Schema):
    store = needed(F.String, "app_store or google_play", validate=ma.validate.OneOf(STORES))
    product_id = needed(
        F.String,
        "A product of GET /subscriptions/plans' store_products",
        validate=ma.validate.Length(min=1, max=255),
    )


class SandboxPurchase(Schema):
    store = answered(F.String, validate=ma.validate.OneOf(STORES))
    product_id = answered(F.String)
    transaction = answered(
        F.String,
        "Send as POST /subscriptions/store-purchases' transaction: the signed transaction (App"
        " Store) or the purchase token (Google Play)",
    )


@blp.route("/purchases")
class SandboxStorePurchase(MethodView):
    @blp.arguments(SandboxPurchaseBody)
    @blp.response(200, envelope(SandboxPurchase))
    def post(self, body):
        """Buy a product in a store's sandbox: what StoreKit or Play Billing would hand the app."""
        store = current_app.extensions["billing_stores"].get(body["store"])
        if body["store"] == APP_STORE:
            transaction = store.transaction(body["product_id"])
        else:
            transaction = store.buy(body["product_id"])
        return {"data": {**body, "transaction": transaction}}
