"""Google Play: purchase tokens read with the Play Developer API (purchases.subscriptionsv2.get)
and Real-time Developer Notifications taken as Pub/Sub pushes, each push's OIDC token verified.

Plain HTTPS with requests; google-auth makes the service account's access token and verifies
the push's token. The sandbox (sandboxes.py) answers the same calls in-process.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

import requests

from ...platform.errors import ApiError
from ..provider import InvalidWebhook, ProviderUnavailable
from .store import (
    GOOGLE_PLAY,
    InvalidPushToken,
    InvalidStorePurchase,
    StoreNotice,
    StorePurchase,
    to_status,
)

log = logging.getLogger(__name__)

API_BASE = "https://androidpublisher.googleapis.com/androidpublisher/v3/applications"
SCOPE = "https://www.googleapis.com/auth/androidpublisher"
# RTDN subscriptionNotification.notificationType: SUBSCRIPTION_REVOKED (refunded and ended).
REVOKED = 12
# subscriptionsv2's subscriptionState, in billing's words (store.to_status's flags).
GRACE_STATES = frozenset({"SUBSCRIPTION_STATE_IN_GRACE_PERIOD"})
OVER_STATES = frozenset(
    {
        "SUBSCRIPTION_STATE_EXPIRED",
        "SUBSCRIPTION_STATE_ON_HOLD",
        "SUBSCRIPTION_STATE_PAUSED",
        "SUBSCRIPTION_STATE_PENDING",
        "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED",
        "SUBSCRIPTION_STATE_UNSPECIFIED",
    }
)


def purchase_key(token: str) -> str:
    """What a purchase token is kept under: its SHA-256 (tokens are long and opaque)."""
    return hashlib.sha256(token.encode()).hexdigest()


def read_subscription(
    token: str, answer: Mapping[str, Any], *, revoked: bool, now: float
) -> StorePurchase:
    """A subscriptionsv2 answer (SubscriptionPurchaseV2) in billing's words."""
    lines = answer.get("lineItems") or [{}]
    line = max(lines, key=lambda item: item.get("expiryTime") or "")
    expires = _epoch(line.get("expiryTime"))
    state = answer.get("subscriptionState", "SUBSCRIPTION_STATE_UNSPECIFIED")
    auto_renew = (line.get("autoRenewingPlan") or {}).get("autoRenewEnabled")
    return StorePurchase(
        store=GOOGLE_PLAY,
        key=purchase_key(token),
        product_id=line.get("productId") or "",
        status=to_status(
            revoked=revoked,
            # Canceled (auto-renew off) stays Pro until its expiry.
            expired=state in OVER_STATES or (expires is not None and expires <= now),
            grace=state in GRACE_STATES,
            trial="freeTrial" in (line.get("offerPhase") or {}),
        ),
        expires_at=expires,
        cancel_at_period_end=auto_renew is False or state == "SUBSCRIPTION_STATE_CANCELED",
        state_at=int(now * 1000),  # read from the API just now: the newest state there is
        token=token,
        replaces=purchase_key(linked) if (linked := answer.get("linkedPurchaseToken")) else None,
    )


def _epoch(value: str | None) -> int | None:
    """RFC 3339 ("2026-12-07T10:00:00.123Z") as unix seconds."""
    if not value:
        return None
    return int(datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp())


class GooglePlay:
    """Google Play for billing (the Store interface, store.py).

    ``access_token``: the service account's OAuth token for the Play Developer API;
    ``verify_push``: the claims of a Pub/Sub push's OIDC token, verified for ``push_audience``
    (raises ValueError otherwise)."""

    name = GOOGLE_PLAY

    def __init__(
        self,
        *,
        package_name: str,
        product_ids: Mapping[str, str],
        access_token: Callable[[], str],
        verify_push: Callable[[str, str], Mapping[str, Any]],
        push_audience: str,
        push_email: str | None,
        http: requests.Session | None = None,
        api_base: str = API_BASE,
        timeout: float = 10.0,
        clock: Callable[[], float] = time.time,
    ):
        self.package_name = package_name
        self._product_ids = dict(product_ids)
        self.access_token = access_token
        self.verify_push = verify_push
        self.push_audience = push_audience
        self.push_email = push_email
        self.http = http or requests.Session()
        self.api_base = api_base
        self.timeout = timeout
        self.clock = clock

    @property
    def product_ids(self) -> Mapping[str, str]:
        return self._product_ids

    def manage_url(self, product_id: str | None) -> str:
        url = "https://play.google.com/store/account/subscriptions"
        if product_id:
            return f"{url}?sku={quote(product_id)}&package={quote(self.package_name)}"
        return url

    # The Play Developer API -------------------------------------------------------------

    def _url(self, path: str) -> str:
        return f"{self.api_base}/{quote(self.package_name)}/purchases/{path}"

    def _call(self, method: str, url: str) -> requests.Response:
        try:
            token = self.access_token()
            response = self.http.request(
                method, url, headers={"Authorization": f"Bearer {token}"}, timeout=self.timeout
            )
        except (requests.RequestException, OSError, ValueError) as error:
            log.error("Google Play could not be reached: %s", error)
            raise ProviderUnavailable() from None
        except Exception as error:  # google-auth's RefreshError: the service account refused
            log.error("Google Play's access token could not be made: %s", error)
            raise ProviderUnavailable() from None
        if response.status_code >= 500 or response.status_code in (401, 403, 429):
            log.error("Google Play answered %s: %s", response.status_code, response.text[:300])
            raise ProviderUnavailable()
        return response

    def subscription(self, token: str) -> Mapping[str, Any] | None:
        """purchases.subscriptionsv2.get; None when Google knows no such token for this app."""
        response = self._call("GET", self._url(f"subscriptionsv2/tokens/{quote(token, safe='')}"))
        if response.status_code >= 400:
            log.warning("Google Play refused a purchase token: %s", response.status_code)
            return None
        answer: Mapping[str, Any] = response.json()
        return answer

    def acknowledge(self, product_id: str, token: str) -> None:
        """Acknowledge a new purchase (Google refunds one left unacknowledged for three days)."""
        path = f"subscriptions/{quote(product_id, safe='')}/tokens/{quote(token, safe='')}"
        try:
            response = self._call("POST", self._url(f"{path}:acknowledge"))
        except ApiError:
            return  # logged; the next report of this purchase acknowledges it
        if response.status_code >= 400:
            log.warning("Google Play refused to acknowledge a purchase: %s", response.status_code)

    # What an app sends -------------------------------------------------------------------

    def verify_purchase(self, transaction: str, product_id: str | None) -> StorePurchase:
        answer = self.subscription(transaction)
        if answer is None:
            raise InvalidStorePurchase("Google Play does not know this purchase token.")
        purchase = read_subscription(transaction, answer, revoked=False, now=self.clock())
        if product_id and purchase.product_id and product_id != purchase.product_id:
            raise InvalidStorePurchase("This purchase token is for another product.")
        if answer.get("acknowledgementState") == "ACKNOWLEDGEMENT_STATE_PENDING":
            self.acknowledge(purchase.product_id, transaction)
        return purchase

    # Real-time Developer Notifications --------------------------------------------------

    def parse_notification(self, body: bytes, authorization: str | None) -> StoreNotice:
        self._verify_push(authorization)
        message_id, kind, token, revoked, event_ms = self._read_push(body)
        purchase = self._current(token, revoked, event_ms) if token else None
        return StoreNotice(message_id, kind, purchase)

    def _read_push(self, body: bytes) -> tuple[str, str, str | None, bool, int]:
        """The push's message id, the notification's kind, the purchase token it is about
        (None: nothing billing keeps), whether it was taken back, and its time (ms)."""
        message, notification = _push_message(body)
        if notification.get("packageName") != self.package_name:
            raise InvalidWebhook("This notification is for another app.")
        try:
            message_id = str(message["messageId"])
            event_ms = int(notification.get("eventTimeMillis") or 0)
            subscription = notification.get("subscriptionNotification")
            voided = notification.get("voidedPurchaseNotification")
            if isinstance(subscription, dict) and subscription.get("purchaseToken"):
                number = int(subscription.get("notificationType") or 0)
                token = str(subscription["purchaseToken"])
                return message_id, f"subscription.{number}", token, number == REVOKED, event_ms
            if isinstance(voided, dict) and voided.get("purchaseToken"):
                # productType 1: a subscription refunded (or charged back): Pro ends.
                if int(voided.get("productType") or 0) != 1:
                    return message_id, "voided.product", None, False, event_ms
                return (
                    message_id,
                    "voided.subscription",
                    str(voided["purchaseToken"]),
                    True,
                    event_ms,
                )
        except (TypeError, ValueError) as error:
            raise InvalidWebhook(f"This Google Play notification is malformed: {error}") from None
        kind = "test" if "testNotification" in notification else "other"
        return message_id, kind, None, False, event_ms

    def _current(self, token: str, revoked: bool, event_ms: int) -> StorePurchase:
        """The subscription's state now, asked of the API (a notification carries none)."""
        answer = self.subscription(token)
        if answer is None:
            if not revoked:
                raise InvalidWebhook("Google Play does not know this notification's purchase.")
            # Taken back and gone at Google: what we know is enough to end it.
            return StorePurchase(
                GOOGLE_PLAY,
                purchase_key(token),
                "",
                "canceled",
                None,
                False,
                event_ms or int(self.clock() * 1000),
                token,
            )
        return read_subscription(token, answer, revoked=revoked, now=self.clock())

    def _verify_push(self, authorization: str | None) -> None:
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise InvalidPushToken()
        try:
            claims = self.verify_push(token.strip(), self.push_audience)
        except Exception as error:  # google-auth raises ValueError and its own errors
            log.warning("A Pub/Sub push's token was refused: %s", error)
            raise InvalidPushToken() from None
        if self.push_email and (
            claims.get("email") != self.push_email or not claims.get("email_verified")
        ):
            log.warning("A Pub/Sub push came from %s", claims.get("email"))
            raise InvalidPushToken()


def _push_message(body: bytes) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The push's message and its data (base64 JSON: the DeveloperNotification)."""
    try:
        push = json.loads(body or b"{}")
        message = push["message"]
        data = json.loads(base64.b64decode(message["data"]))
        if not isinstance(data, dict) or not message.get("messageId"):
            raise ValueError("no notification")
    except (ValueError, KeyError, TypeError):
        raise InvalidWebhook("This is not a Pub/Sub push of a Google Play notification.") from None
    return message, data
