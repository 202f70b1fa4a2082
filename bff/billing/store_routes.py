"""The routes of selling in the apps: an app's purchase, and the stores' server notifications.

They join the /subscriptions blueprint (routes.py); the stores are the application's
(``app.extensions["billing_stores"]``, installed by bff.billing.install_stores).
"""

from __future__ import annotations

from flask import current_app, request
from flask.views import MethodView

from ..access.clock import clock
from ..access.idempotent import idempotent
from ..access.viewer import MEMBERS, current_viewer
from ..platform.extensions import db
from . import schemas, store_purchases
from .routes import PROVIDER_UNAVAILABLE, subscriptions, with_new_access_token
from .stores import APP_STORE, GOOGLE_PLAY, Stores

STORES_KEY = "billing_stores"


def stores() -> Stores:
    found: Stores = current_app.extensions[STORES_KEY]
    return found


STORE_PURCHASE_ERRORS = {
    400: "invalid_store_purchase: the transaction is forged, another app's, or unknown to the"
    " store",
    404: "store_not_available: this store does not sell here",
    409: "store_purchase_taken: another account holds this purchase",
    503: f"{PROVIDER_UNAVAILABLE}: the store could not be asked; send it again",
}


@subscriptions.route("/store-purchases")
class StorePurchases(MethodView):
    @idempotent
    @subscriptions.json_body(
        schemas.StorePurchaseBody,
        schemas.StorePurchaseEnvelope,
        STORE_PURCHASE_ERRORS,
        access=MEMBERS,
    )
    def post(self, body):
        """An app's purchase of Pro in its store, verified at the store and recorded for the
        member (once, whoever reports it first: the app or the store's notification). Send it
        after every purchase or restore. Answers the subscription (managed_by the store) and a
        new access token, to send from now on."""
        store = stores().get(body["store"])
        purchase = store.verify_purchase(body["transaction"], body.get("product_id"))
        answer = store_purchases.record_app_purchase(
            db.session, stores(), current_viewer().user_id, purchase, now=clock()
        )
        return {"data": with_new_access_token(answer)}


def _notification(store_name: str, authorization: str | None) -> dict:
    store = stores().get(store_name)
    notice = store.parse_notification(request.get_data(cache=False), authorization)
    outcome = store_purchases.apply_notice(db.session(), stores(), store_name, notice, now=clock())
    return {"data": {"received": True, "outcome": outcome}}


NOTIFICATION_BODY = {
    "content": {"application/json": {"schema": {"type": "object"}}},
}


@subscriptions.route("/webhooks/app-store")
class AppStoreNotifications(MethodView):
    @subscriptions.doc(
        requestBody={
            "description": "An App Store Server Notification V2: {signedPayload: JWS}",
            **NOTIFICATION_BODY,
        }
    )
    @subscriptions.response(200, schemas.WebhookOutcomeEnvelope)
    @subscriptions.errors(
        {
            400: "invalid_webhook_signature: not signed by the App Store for this app",
            404: "store_not_available",
            503: f"{PROVIDER_UNAVAILABLE}: Apple sends it again",
        }
    )
    def post(self):
        """App Store Server Notifications V2 (subscribed, renewals, grace period, expiry,
        refunds, revocations), each applied once."""
        return _notification(APP_STORE, None)


@subscriptions.route("/webhooks/google-play")
class GooglePlayNotifications(MethodView):
    @subscriptions.doc(
        parameters=[
            {
                "in": "header",
                "name": "Authorization",
                "required": True,
                "schema": {"type": "string"},
                "description": "Bearer: the Pub/Sub push's OIDC token",
            }
        ],
        requestBody={
            "description": "A Pub/Sub push of a Google Play Real-time Developer Notification",
            **NOTIFICATION_BODY,
        },
    )
    @subscriptions.response(200, schemas.WebhookOutcomeEnvelope)
    @subscriptions.errors(
        {
            400: "invalid_webhook_signature: not a Google Play notification of this app",
            401: "invalid_push_token: the push's token is not Google's for this endpoint",
            404: "store_not_available",
            503: f"{PROVIDER_UNAVAILABLE}: Pub/Sub pushes it again",
        }
    )
    def post(self):
        """Google Play's Real-time Developer Notifications, pushed by Pub/Sub (its OIDC token
        verified), each applied once with the subscription's state read from Google Play."""
        return _notification(GOOGLE_PLAY, request.headers.get("Authorization"))
