"""The App Store: signed transactions and App Store Server Notifications V2, verified with
Apple's app-store-server-library, and the App Store Server API asked for a subscription's state.

Every signed payload (JWS, an x5c chain in its header) is verified by the library's
SignedDataVerifier against the root certificates it is given: Apple's in production, the
sandbox's own (sandboxes.py) in development and tests, so both run the same verification.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.AutoRenewStatus import AutoRenewStatus
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

from ...platform.errors import ApiError
from ..provider import InvalidWebhook, ProviderUnavailable
from .store import APP_STORE, InvalidStorePurchase, StoreNotice, StorePurchase, to_status

log = logging.getLogger(__name__)

# Apple's page where a member manages the subscriptions of their Apple Account.
MANAGE_URL = "https://apps.apple.com/account/subscriptions"
# Notifications whose transaction was taken back: Pro ends whatever the dates say.
REVOKING = frozenset({"REFUND", "REVOKE"})
# Notifications that say the subscription is over now.
ENDING = frozenset({"EXPIRED", "GRACE_PERIOD_EXPIRED"})


class AppStore:
    """The App Store for billing (the Store interface, store.py).

    ``api``: the App Store Server API client, asked for a subscription's current state when an
    app sends its transaction; None (the sandbox) reads the state from the transaction alone.
    """

    name = APP_STORE

    def __init__(
        self,
        verifier: SignedDataVerifier,
        product_ids: Mapping[str, str],
        api: AppStoreServerAPIClient | None = None,
        clock: Callable[[], float] | None = None,
    ):
        import time

        self.verifier = verifier
        self._product_ids = dict(product_ids)
        self.api = api
        self.clock = clock or time.time

    @property
    def product_ids(self) -> Mapping[str, str]:
        return self._product_ids

    def manage_url(self, product_id: str | None) -> str:
        return MANAGE_URL

    # What an app sends -------------------------------------------------------------------

    def verify_purchase(self, transaction: str, product_id: str | None) -> StorePurchase:
        """The signed transaction StoreKit gave the app, verified; then the subscription's
        current state from the App Store Server API (the transaction may be old)."""
        try:
            signed = self.verifier.verify_and_decode_signed_transaction(transaction)
        except VerificationException as error:
            log.warning("An App Store transaction failed verification: %s", error.status.name)
            raise InvalidStorePurchase(
                "This App Store transaction could not be verified."
            ) from None
        if not signed.originalTransactionId or not signed.productId:
            raise InvalidStorePurchase("This App Store transaction is not a subscription's.")
        if self.api is None:
            return self._read(signed, None, None)
        return self._current_state(signed)

    def _current_state(self, signed) -> StorePurchase:
        assert self.api is not None  # noqa: S101 - _current calls it only with the API
        try:
            answer = self.api.get_all_subscription_statuses(signed.transactionId)
        except APIException as error:
            if error.http_status_code and 400 <= error.http_status_code < 500:
                log.warning(
                    "The App Store refused transaction %s: %s",
                    signed.transactionId,
                    error.raw_api_error,
                )
                raise InvalidStorePurchase(
                    "The App Store does not know this transaction."
                ) from None
            log.error("The App Store Server API failed: %s", error)
            raise ProviderUnavailable() from None
        except Exception as error:  # the network: requests' errors
            log.error("The App Store Server API could not be reached: %s", error)
            raise ProviderUnavailable() from None
        for group in answer.data or []:
            for item in group.lastTransactions or []:
                if item.originalTransactionId == signed.originalTransactionId:
                    latest = self._verified_transaction(item.signedTransactionInfo)
                    renewal = self._verified_renewal(item.signedRenewalInfo)
                    return self._read(latest, renewal, item.status)
        return self._read(signed, None, None)  # not (yet) in the answer: as the app says

    def _verified_transaction(self, signed: str | None):
        try:
            return self.verifier.verify_and_decode_signed_transaction(signed or "")
        except VerificationException:
            log.error("The App Store Server API answered a transaction that fails verification")
            raise ProviderUnavailable() from None

    def _verified_renewal(self, signed: str | None):
        if not signed:
            return None
        try:
            return self.verifier.verify_and_decode_renewal_info(signed)
        except VerificationException:
            return None  # the state stands without it (auto-renew unknown)

    # Notifications -----------------------------------------------------------------------

    def parse_notification(self, body: bytes, authorization: str | None) -> StoreNotice:
        """`{"signedPayload": JWS}`, verified; its transaction and renewal info verified too."""
        signed_payload = _signed_payload(body)
        try:
            notice = self.verifier.verify_and_decode_notification(signed_payload)
            data = notice.data
            transaction = (
                self.verifier.verify_and_decode_signed_transaction(data.signedTransactionInfo)
                if data and data.signedTransactionInfo
                else None
            )
            renewal = (
                self.verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
                if data and data.signedRenewalInfo
                else None
            )
        except VerificationException as error:
            log.warning("An App Store notification failed verification: %s", error.status.name)
            raise InvalidWebhook("The App Store notification's signature is wrong.") from None
        kind = notice.rawNotificationType or "UNKNOWN"
        subtype = notice.rawSubtype
        full_type = f"{kind}.{subtype}" if subtype else kind
        if not notice.notificationUUID:
            raise InvalidWebhook("The App Store notification has no notificationUUID.")
        purchase = None
        if transaction is not None and transaction.originalTransactionId:
            status = data.status if data is not None else None
            purchase = self._read(
                transaction,
                renewal,
                status,
                revoked=kind in REVOKING,
                ended=kind in ENDING,
                grace=subtype == "GRACE_PERIOD",
                state_at=notice.signedDate,
            )
        return StoreNotice(id=notice.notificationUUID, type=full_type, purchase=purchase)

    # Reading -----------------------------------------------------------------------------

    def _read(
        self,
        transaction,
        renewal,
        status: Status | None,
        *,
        revoked: bool = False,
        ended: bool = False,
        grace: bool = False,
        state_at: int | None = None,
    ) -> StorePurchase:
        now_ms = int(self.clock() * 1000)
        expires = transaction.expiresDate
        expired = ended or status in (Status.EXPIRED, Status.BILLING_RETRY)
        if status is None and expires is not None and expires <= now_ms:
            expired = True
        auto_renew = renewal.autoRenewStatus if renewal is not None else None
        return StorePurchase(
            store=APP_STORE,
            key=transaction.originalTransactionId,
            product_id=transaction.productId or "",
            status=to_status(
                revoked=revoked
                or status == Status.REVOKED
                or transaction.revocationDate is not None,
                expired=expired,
                grace=grace or status == Status.BILLING_GRACE_PERIOD,
                trial=transaction.offerDiscountType == OfferDiscountType.FREE_TRIAL,
            ),
            expires_at=expires // 1000 if expires else None,
            cancel_at_period_end=auto_renew == AutoRenewStatus.OFF,
            state_at=state_at or transaction.signedDate or now_ms,
        )


def _signed_payload(body: bytes) -> str:
    try:
        parsed: Any = json.loads(body or b"{}")
    except ValueError:
        raise ApiError(400, "invalid_json") from None
    payload = parsed.get("signedPayload") if isinstance(parsed, dict) else None
    if not isinstance(payload, str) or not payload:
        raise InvalidWebhook("The App Store notification has no signedPayload.")
    return payload
