"""The store boundary: what billing asks of the App Store and Google Play, or of their sandboxes.

Each store reads what it is sent (a signed transaction, a purchase token, a server notification)
into these small records after verifying it, so nothing outside a store's module knows the
store's object shapes or its library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ...platform.errors import ApiError

APP_STORE = "app_store"
GOOGLE_PLAY = "google_play"
STORES = (APP_STORE, GOOGLE_PLAY)


@dataclass(frozen=True)
class StorePurchase:
    """A store's subscription as the store last reported it.

    ``key`` names it for good: Apple's original transaction id, or Google's purchase token (the
    first of its chain). ``status`` is in the words billing keeps for every provider: trialing,
    active, past_due (the store's grace period: still Pro), canceled (refunded or revoked) or
    expired. ``state_at`` (milliseconds) is when that state was true: a report older than the
    one applied changes nothing."""

    store: str
    key: str
    product_id: str
    status: str
    expires_at: int | None  # unix seconds
    cancel_at_period_end: bool
    state_at: int
    token: str | None = None  # Google's purchase token, to ask for its state again
    # The key of the subscription this one replaces (Google's linkedPurchaseToken: an upgrade,
    # a downgrade or a resubscription): its member is this one's.
    replaces: str | None = None


@dataclass(frozen=True)
class StoreNotice:
    """A verified server notification: its id (applied once), its type, and the subscription it
    reports, read already (None: nothing billing keeps, e.g. Apple's TEST)."""

    id: str
    type: str
    purchase: StorePurchase | None


class Store(Protocol):
    name: str

    @property
    def product_ids(self) -> Mapping[str, str]:
        """The store's product of each plan it sells, by plan id."""

    def verify_purchase(self, transaction: str, product_id: str | None) -> StorePurchase:
        """What an app sends after a purchase (Apple: the signed transaction; Google: the
        purchase token and its product), verified and read at the store: 400
        invalid_store_purchase when it is forged or not this app's."""

    def parse_notification(self, body: bytes, authorization: str | None) -> StoreNotice:
        """The store's server notification, verified (400 invalid_webhook_signature, or 401
        invalid_push_token for a Pub/Sub push not sent by Google)."""

    def manage_url(self, product_id: str | None) -> str:
        """The store's page where the member manages their subscription."""


class InvalidStorePurchase(ApiError):
    def __init__(self, message: str | None = None):
        super().__init__(400, "invalid_store_purchase", message)


class InvalidPushToken(ApiError):
    def __init__(self):
        super().__init__(401, "invalid_push_token")


class StoreNotConfigured(ApiError):
    def __init__(self):
        super().__init__(404, "store_not_available")


def to_status(*, revoked: bool, expired: bool, grace: bool, trial: bool) -> str:
    """A store's state in billing's words (most decisive first)."""
    if revoked:
        return "canceled"
    if grace:
        return "past_due"
    if expired:
        return "expired"
    return "trialing" if trial else "active"
