"""The stores' sandboxes: the App Store and Google Play played locally, for development and tests.

Each signs what its store would sign with a key of its own: a certificate chain (root, intermediate
and leaf, carrying Apple's marker extensions) for the App Store's JWS, and the same leaf key for
Google's Pub/Sub push tokens. The keys are made at first start and kept in the instance folder,
so every worker of one instance verifies what another signed. Verification then runs the real
code: Apple's SignedDataVerifier trusting the sandbox's root, and the Google Play client asking
the Play Developer API through an in-process transport that answers from the purchase token.
Nothing leaves the machine; neither sandbox ever runs in production (make_stores refuses).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import jwt
import requests
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from google.auth import jwt as google_jwt

from .app_store import AppStore
from .google_play import GooglePlay

SANDBOX_BUNDLE_ID = "org.example.chess.sandbox"
SANDBOX_PACKAGE = "org.example.chess.sandbox"
SANDBOX_AUDIENCE = "https://sandbox.invalid/webhooks/google-play"
SANDBOX_PUSH_EMAIL = "pubsub-push@sandbox.invalid"
SANDBOX_API = "https://sandbox.invalid/androidpublisher/v3/applications"
KEYS_FILE = "store-sandbox-keys.json"
# Apple's marker extensions: its WWDR intermediate and its App Store receipt-signing leaf (the
# verifier checks both are there).
INTERMEDIATE_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
DAY_MS = 24 * 3600 * 1000


# The certificate chain --------------------------------------------------------------------


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _certificate(subject, issuer, public_key, signing_key, *, ca: bool, marker=None):
    now = datetime.now(UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(_name(issuer))
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=not ca,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=ca,
                crl_sign=ca,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(signing_key.public_key()),
            critical=False,
        )
    )
    if marker is not None:
        builder = builder.add_extension(
            x509.UnrecognizedExtension(marker, b"\x05\x00"), critical=False
        )
    return builder.sign(signing_key, hashes.SHA256())


def make_chain(prefix: str = "Sandbox") -> dict[str, str]:
    """A root CA, an intermediate and a leaf as Apple signs with (EC P-256), in PEM."""
    keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(3)]
    root_key, middle_key, leaf_key = keys
    root = _certificate(
        f"{prefix} Root CA", f"{prefix} Root CA", root_key.public_key(), root_key, ca=True
    )
    middle = _certificate(
        f"{prefix} Intermediate",
        f"{prefix} Root CA",
        middle_key.public_key(),
        root_key,
        ca=True,
        marker=INTERMEDIATE_MARKER,
    )
    leaf = _certificate(
        f"{prefix} Store Signing",
        f"{prefix} Intermediate",
        leaf_key.public_key(),
        middle_key,
        ca=False,
        marker=LEAF_MARKER,
    )
    pem = serialization.Encoding.PEM
    return {
        "root": root.public_bytes(pem).decode(),
        "intermediate": middle.public_bytes(pem).decode(),
        "leaf": leaf.public_bytes(pem).decode(),
        "leaf_key": leaf_key.private_bytes(
            pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode(),
        "secret": secrets.token_hex(32),
    }


def load_chain(instance_path: Path) -> dict[str, str]:
    """The instance's sandbox keys, made at its first start (the first writer wins)."""
    target = Path(instance_path) / KEYS_FILE
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, draft = tempfile.mkstemp(dir=target.parent, prefix=".store-sandbox-")
        with os.fdopen(fd, "w") as handle:
            json.dump(make_chain(), handle)
        try:
            os.link(draft, target)  # fails when another worker made it first: theirs stands
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return json.loads(target.read_text())


def _ec_key(pem: str) -> ec.EllipticCurvePrivateKey:
    """The sandbox's own P-256 key (ES256), from the PEM it wrote."""
    key = serialization.load_pem_private_key(pem.encode(), None)
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TypeError("the sandbox's key is not an elliptic curve key")
    return key


class Signer:
    """Signs JWS as the App Store does: ES256, the chain's certificates in x5c."""

    def __init__(self, chain: Mapping[str, str]):
        self.key = _ec_key(chain["leaf_key"])
        self.x5c = [_der64(chain[name]) for name in ("leaf", "intermediate", "root")]
        self.root_der = base64.b64decode(self.x5c[2])

    def sign(self, payload: Mapping[str, Any]) -> str:
        return jwt.encode(dict(payload), self.key, algorithm="ES256", headers={"x5c": self.x5c})


def _der64(pem: str) -> str:
    cert = x509.load_pem_x509_certificate(pem.encode())
    return base64.b64encode(cert.public_bytes(serialization.Encoding.DER)).decode()


# The App Store ----------------------------------------------------------------------------


class SandboxAppStore(AppStore):
    """The App Store with the sandbox's root trusted and no Server API: a transaction's state
    is read from the transaction itself. ``transaction`` and ``notification`` sign what
    StoreKit and Apple's notifications would carry."""

    def __init__(self, chain, product_ids, *, bundle_id=SANDBOX_BUNDLE_ID, clock=None):
        self.signer = Signer(chain)
        self.bundle_id = bundle_id
        verifier = SignedDataVerifier(
            [self.signer.root_der], False, Environment.SANDBOX, bundle_id, None
        )
        super().__init__(verifier, product_ids, api=None, clock=clock)

    def transaction(
        self,
        product_id: str,
        *,
        original_transaction_id: str | None = None,
        days: int = 30,
        expires_ms: int | None = None,
        revoked: bool = False,
        trial: bool = False,
        signed_ms: int | None = None,
    ) -> str:
        """A signed transaction of a subscription bought now (or renewed: the same original
        transaction id)."""
        now = signed_ms or int(self.clock() * 1000)
        transaction_id = str(secrets.randbelow(10**15) + 10**15)
        payload: dict[str, Any] = {
            "transactionId": transaction_id,
            "originalTransactionId": original_transaction_id or transaction_id,
            "bundleId": self.bundle_id,
            "productId": product_id,
            "purchaseDate": now,
            "originalPurchaseDate": now,
            "expiresDate": expires_ms if expires_ms is not None else now + days * DAY_MS,
            "quantity": 1,
            "type": "Auto-Renewable Subscription",
            "inAppOwnershipType": "PURCHASED",
            "signedDate": now,
            "environment": "Sandbox",
            "transactionReason": "PURCHASE",
            "storefront": "USA",
            "currency": "USD",
            "price": 9990,
        }
        if trial:
            payload.update(offerType=1, offerDiscountType="FREE_TRIAL")
        if revoked:
            payload.update(revocationDate=now, revocationReason=0)
        return self.signer.sign(payload)

    def renewal_info(self, original_transaction_id: str, product_id: str, *, auto_renew=True):
        now = int(self.clock() * 1000)
        return self.signer.sign(
            {
                "originalTransactionId": original_transaction_id,
                "autoRenewProductId": product_id,
                "productId": product_id,
                "autoRenewStatus": 1 if auto_renew else 0,
                "signedDate": now,
                "environment": "Sandbox",
                "recentSubscriptionStartDate": now,
                "renewalDate": now + 30 * DAY_MS,
            }
        )

    def notification(
        self,
        notification_type: str,
        transaction: str | None,
        *,
        subtype: str | None = None,
        renewal: str | None = None,
        status: int | None = None,
        notification_uuid: str | None = None,
        signed_ms: int | None = None,
    ) -> bytes:
        """The body Apple posts: `{"signedPayload": JWS}`."""
        data: dict[str, Any] = {
            "bundleId": self.bundle_id,
            "environment": "Sandbox",
        }
        if transaction:
            data["signedTransactionInfo"] = transaction
        if renewal:
            data["signedRenewalInfo"] = renewal
        if status is not None:
            data["status"] = status
        payload: dict[str, Any] = {
            "notificationType": notification_type,
            "notificationUUID": notification_uuid or str(uuid.uuid4()),
            "data": data,
            "version": "2.0",
            "signedDate": signed_ms or int(self.clock() * 1000),
        }
        if subtype:
            payload["subtype"] = subtype
        return json.dumps({"signedPayload": self.signer.sign(payload)}).encode()


# Google Play ------------------------------------------------------------------------------


class PlayTransport(requests.adapters.BaseAdapter):
    """The Play Developer API's subscriptionsv2.get and acknowledge, answered in-process.

    A sandbox purchase token carries its subscription (product, expiry, state), signed with the
    sandbox's secret, so every worker reads it alike; ``changes`` holds states set since (tests
    only: a refund, a grace period)."""

    def __init__(self, secret: str, clock: Callable[[], float]):
        super().__init__()
        self.secret = secret.encode()
        self.clock = clock
        self.changes: dict[str, dict[str, Any]] = {}

    def token(self, product_id: str, *, days: int = 30, trial: bool = False) -> str:
        now = self.clock()
        body = {
            "p": product_id,
            "s": int(now),
            "e": int(now + days * 86400),
            "t": trial,
            "n": secrets.token_hex(8),
        }
        raw = base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")
        return f"sandbox.{raw}.{self._mac(raw)}"

    def _mac(self, raw: str) -> str:
        return hmac.new(self.secret, raw.encode(), hashlib.sha256).hexdigest()[:32]

    def read(self, token: str) -> dict[str, Any] | None:
        parts = token.split(".")
        if len(parts) != 3 or parts[0] != "sandbox":
            return None
        if not hmac.compare_digest(parts[2], self._mac(parts[1])):
            return None
        body = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
        return {**body, **self.changes.get(token, {})}

    def answer(self, token: str) -> dict[str, Any] | None:
        """SubscriptionPurchaseV2 as Google answers it."""
        body = self.read(token)
        if body is None:
            return None
        expired = body["e"] <= self.clock()
        state = body.get("state") or (
            "SUBSCRIPTION_STATE_EXPIRED" if expired else "SUBSCRIPTION_STATE_ACTIVE"
        )
        line: dict[str, Any] = {
            "productId": body["p"],
            "expiryTime": _rfc3339(body["e"]),
            "autoRenewingPlan": {"autoRenewEnabled": body.get("auto_renew", True)},
            "offerDetails": {"basePlanId": "base"},
        }
        if body.get("t"):
            line["offerPhase"] = {"freeTrial": {}}
        linked = {"linkedPurchaseToken": body["linked"]} if body.get("linked") else {}
        return {
            **linked,
            "kind": "androidpublisher#subscriptionPurchaseV2",
            "startTime": _rfc3339(body["s"]),
            "regionCode": "US",
            "subscriptionState": state,
            "latestOrderId": f"GPA.sandbox-{body['n']}",
            "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
            "lineItems": [line],
        }

    def send(self, request, **kwargs):
        response = requests.Response()
        response.request = request
        response.url = request.url
        path = request.url.split("/purchases/", 1)[-1]
        token = requests.utils.unquote(path.rsplit("/tokens/", 1)[-1].split(":")[0])
        found = self.answer(token)
        if request.method == "POST" and path.endswith(":acknowledge"):
            response.status_code, body = (200, {}) if found else (400, _google_error(400))
        elif found is not None:
            response.status_code, body = 200, found
        else:
            response.status_code, body = 400, _google_error(400)
        response._content = json.dumps(body).encode()
        response.headers["Content-Type"] = "application/json"
        return response

    def close(self):
        pass


def _rfc3339(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _google_error(status: int) -> dict:
    return {"error": {"code": status, "message": "Invalid Value", "status": "INVALID_ARGUMENT"}}


class SandboxGooglePlay(GooglePlay):
    """Google Play with the Play Developer API answered by ``PlayTransport`` and Pub/Sub
    pushes signed (ES256) by the sandbox's leaf key. ``buy`` gives the purchase token the app
    would get; ``push`` the body and Authorization header of a Real-time Developer
    Notification."""

    def __init__(self, chain, product_ids, *, clock: Callable[[], float] = time.time):
        self.signing_key = _ec_key(chain["leaf_key"])
        self.certs = {"sandbox": chain["leaf"]}
        self.transport = PlayTransport(chain["secret"], clock)
        http = requests.Session()
        http.mount(SANDBOX_API, self.transport)
        super().__init__(
            package_name=SANDBOX_PACKAGE,
            product_ids=product_ids,
            access_token=lambda: "sandbox",
            verify_push=self._verify_push_token,
            push_audience=SANDBOX_AUDIENCE,
            push_email=SANDBOX_PUSH_EMAIL,
            http=http,
            api_base=SANDBOX_API,
            clock=clock,
        )

    def _verify_push_token(self, token: str, audience: str) -> Mapping[str, Any]:
        return google_jwt.decode(token, certs=self.certs, audience=audience)

    def buy(
        self, product_id: str, *, days: int = 30, trial: bool = False, replacing: str = ""
    ) -> str:
        """A purchase token; ``replacing``: the token of the subscription it replaces (an
        upgrade or a resubscription: Google's linkedPurchaseToken)."""
        token = self.transport.token(product_id, days=days, trial=trial)
        if replacing:
            self.change(token, linked=replacing)
        return token

    def change(self, token: str, **state: Any) -> None:
        """Set the subscription's state at the 'store' (state=..., auto_renew=..., e=...)."""
        self.transport.changes.setdefault(token, {}).update(state)

    def push_token(self, *, audience: str | None = None, email: str = SANDBOX_PUSH_EMAIL) -> str:
        now = int(self.clock())
        claims = {
            "iss": "https://accounts.google.com",
            "aud": audience or self.push_audience,
            "email": email,
            "email_verified": True,
            "iat": now,
            "exp": now + 3600,
            "sub": "sandbox",
        }
        return jwt.encode(claims, self.signing_key, algorithm="ES256", headers={"kid": "sandbox"})

    def push(
        self,
        purchase_token: str,
        *,
        notification_type: int | None = 4,
        voided: bool = False,
        message_id: str | None = None,
    ) -> tuple[bytes, dict[str, str]]:
        """A Pub/Sub push of an RTDN (4: SUBSCRIPTION_PURCHASED, 2: RENEWED, 12: REVOKED,
        13: EXPIRED...; ``voided``: a refund's voidedPurchaseNotification)."""
        notification: dict[str, Any] = {
            "version": "1.0",
            "packageName": self.package_name,
            "eventTimeMillis": str(int(self.clock() * 1000)),
        }
        if voided:
            notification["voidedPurchaseNotification"] = {
                "purchaseToken": purchase_token,
                "orderId": "GPA.sandbox",
                "productType": 1,
                "refundType": 1,
            }
        else:
            notification["subscriptionNotification"] = {
                "version": "1.0",
                "notificationType": notification_type,
                "purchaseToken": purchase_token,
            }
        body = {
            "message": {
                "data": base64.b64encode(json.dumps(notification).encode()).decode(),
                "messageId": message_id or str(secrets.randbelow(10**16)),
                "publishTime": _rfc3339(self.clock()),
            },
            "subscription": "projects/sandbox/subscriptions/play-rtdn",
        }
        return json.dumps(body).encode(), {"Authorization": f"Bearer {self.push_token()}"}
