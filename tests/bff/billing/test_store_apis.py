"""The real App Store and Google Play code against recorded answers, the HTTP stubbed at the
transport (`responses`, as Stripe's tests do).

Apple's signed data is signed here by a certificate chain made for these tests with
`cryptography` (a root CA, an intermediate and a leaf carrying Apple's marker extensions:
bff.billing.stores.sandboxes.make_chain), and verified by the library's SignedDataVerifier
given that test root as its only trusted root (APP_STORE_ROOT_CERTIFICATES): Apple's own root
is not used, and OCSP is off (APP_STORE_ONLINE_CHECKS=false) since the test chain has no
responder. The payloads follow Apple's documented JWSTransaction, JWSRenewalInfo and
responseBodyV2 fields; Google's answers are its documented SubscriptionPurchaseV2,
DeveloperNotification and Pub/Sub push examples.
"""

from __future__ import annotations

import base64
import json
import time
import uuid

import jwt
import pytest
import responses
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

from bff.billing.stores.sandboxes import Signer, make_chain

from ..builders import error_of

BUNDLE = "org.example.chess"
APPLE_ID = 1234567890
PRODUCT = "com.example.chess.pro.monthly"
STATUSES = "https://api.storekit.apple.com/inApps/v1/subscriptions/"
PACKAGE = "org.example.chess"
AUDIENCE = "https://chess.example/subscriptions/webhooks/google-play"
PUSHER = "play-rtdn@example-project.iam.gserviceaccount.com"
PLAY = f"https://androidpublisher.googleapis.com/androidpublisher/v3/applications/{PACKAGE}"
TOKEN_URI = "https://oauth2.googleapis.com/token"
GOOGLE_CERTS = "https://www.googleapis.com/oauth2/v1/certs"
DAY_MS = 86_400_000


def now_ms() -> int:
    return int(time.time() * 1000)


# The App Store -------------------------------------------------------------------------------


@pytest.fixture
def chain():
    return make_chain("Test")


@pytest.fixture
def signer(chain):
    return Signer(chain)


@pytest.fixture
def apple_app(make_app, signer, tmp_path):
    root = tmp_path / "test-root.cer"
    root.write_bytes(signer.root_der)
    key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return make_app(
        APP_STORE_PRIVATE_KEY=key.decode().replace("\n", "\\n"),
        APP_STORE_ISSUER_ID="57246542-96fe-1a63-e053-0824d011072a",
        APP_STORE_KEY_ID="2X9R4HXF34",
        APP_STORE_BUNDLE_ID=BUNDLE,
        APP_STORE_APP_APPLE_ID=str(APPLE_ID),
        APP_STORE_ENVIRONMENT="Production",
        APP_STORE_ROOT_CERTIFICATES=str(root),
        APP_STORE_ONLINE_CHECKS="false",
        APP_STORE_PRODUCT_IDS=f"pro_monthly_usd={PRODUCT}",
    )


def transaction(signer, *, original="2000000123456789", signed=None, **fields) -> str:
    signed = signed or now_ms()
    payload = {
        "transactionId": fields.pop("transactionId", original),
        "originalTransactionId": original,
        "webOrderLineItemId": "2000000012345678",
        "bundleId": BUNDLE,
        "productId": PRODUCT,
        "subscriptionGroupIdentifier": "21000000",
        "purchaseDate": signed - DAY_MS,
        "originalPurchaseDate": signed - DAY_MS,
        "expiresDate": signed + 29 * DAY_MS,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": signed,
        "environment": "Production",
        "transactionReason": "PURCHASE",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311614985",
        **fields,
    }
    return signer.sign(payload)


def renewal(signer, *, auto_renew: int = 1, original="2000000123456789") -> str:
    return signer.sign(
        {
            "originalTransactionId": original,
            "autoRenewProductId": PRODUCT,
            "productId": PRODUCT,
            "autoRenewStatus": auto_renew,
            "signedDate": now_ms(),
            "environment": "Production",
            "recentSubscriptionStartDate": now_ms() - DAY_MS,
            "renewalDate": now_ms() + 29 * DAY_MS,
            "appTransactionId": "704289572311614985",
        }
    )


def statuses(signer, status: int, *, auto_renew: int = 1, **fields) -> dict:
    """Get All Subscription Statuses' answer (StatusResponse)."""
    return {
        "environment": "Production",
        "bundleId": BUNDLE,
        "appAppleId": APPLE_ID,
        "data": [
            {
                "subscriptionGroupIdentifier": "21000000",
                "lastTransactions": [
                    {
                        "status": status,
                        "originalTransactionId": "2000000123456789",
                        "signedTransactionInfo": transaction(signer, **fields),
                        "signedRenewalInfo": renewal(signer, auto_renew=auto_renew),
                    }
                ],
            }
        ],
    }


def notification(signer, kind, subtype=None, *, status=1, **fields) -> bytes:
    payload = {
        "notificationType": kind,
        "notificationUUID": str(uuid.uuid4()),
        "data": {
            "appAppleId": APPLE_ID,
            "bundleId": BUNDLE,
            "bundleVersion": "1.4",
            "environment": "Production",
            "signedTransactionInfo": transaction(signer, **fields),
            "signedRenewalInfo": renewal(signer),
            "status": status,
        },
        "version": "2.0",
        "signedDate": now_ms(),
    }
    if subtype:
        payload["subtype"] = subtype
    return json.dumps({"signedPayload": signer.sign(payload)}).encode()


def test_an_app_store_purchase_is_asked_of_the_server_api(apple_app, signer):
    client = apple_app.test_client()
    from ..builders import make_member

    _, headers = make_member(apple_app)
    device = transaction(signer, signed=now_ms() - 60_000)
    with responses.RequestsMock() as api:
        api.get(STATUSES + "2000000123456789", json=statuses(signer, 1, auto_renew=0))
        answer = client.post(
            "/subscriptions/store-purchases",
            json={"store": "app_store", "transaction": device},
            headers=headers,
        )
        sent = api.calls[0].request
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()["data"]
    assert data["managed_by"] == "app_store" and data["plan"]["id"] == "pro_monthly_usd"
    assert data["cancel_at_period_end"] is True  # auto-renew off, from the renewal info
    assert sent.headers["Authorization"].startswith("Bearer ")  # the API's JWT, ES256
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "pro"

    refund = notification(signer, "REFUND", status=5, revocationDate=now_ms(), revocationReason=0)
    assert client.post("/subscriptions/webhooks/app-store", data=refund).status_code == 200
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free"
    assert profile["subscription"]["status"] == "canceled"


def test_the_server_api_failing_is_503_and_an_unknown_transaction_400(apple_app, signer):
    from ..builders import make_member

    client = apple_app.test_client()
    _, headers = make_member(apple_app)
    body = {"store": "app_store", "transaction": transaction(signer)}
    with responses.RequestsMock() as api:
        api.get(STATUSES + "2000000123456789", status=500, json={"errorCode": 5000000})
        answer = client.post("/subscriptions/store-purchases", json=body, headers=headers)
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    with responses.RequestsMock() as api:
        api.get(
            STATUSES + "2000000123456789",
            status=404,
            json={"errorCode": 4040010, "errorMessage": "Transaction id not found."},
        )
        answer = client.post("/subscriptions/store-purchases", json=body, headers=headers)
    assert error_of(answer, 400)["code"] == "invalid_store_purchase"


def test_signed_data_of_another_chain_or_app_is_refused(apple_app, signer):
    from ..builders import make_member

    client = apple_app.test_client()
    _, headers = make_member(apple_app)
    other = Signer(make_chain("Other"))
    for forged in (
        transaction(other),  # not under the trusted root
        transaction(signer, bundleId="com.other.app"),  # another app's
        transaction(signer, environment="Sandbox"),  # another environment's
        transaction(signer)[:-8] + "AAAAAAAA",  # a signature tampered with
    ):
        answer = client.post(
            "/subscriptions/store-purchases",
            json={"store": "app_store", "transaction": forged},
            headers=headers,
        )
        assert error_of(answer, 400)["code"] == "invalid_store_purchase"
    hook = "/subscriptions/webhooks/app-store"
    forged_notice = notification(other, "SUBSCRIBED", "INITIAL_BUY")
    assert error_of(client.post(hook, data=forged_notice), 400)["code"] == (
        "invalid_webhook_signature"
    )


def test_a_grace_period_notification_keeps_pro(apple_app, signer):
    client = apple_app.test_client()
    hook = "/subscriptions/webhooks/app-store"
    from ..builders import make_member

    _, headers = make_member(apple_app)
    with responses.RequestsMock() as api:
        api.get(STATUSES + "2000000123456789", json=statuses(signer, 1, signed=now_ms() - 5000))
        client.post(
            "/subscriptions/store-purchases",
            json={"store": "app_store", "transaction": transaction(signer)},
            headers=headers,
        )
    grace = notification(signer, "DID_FAIL_TO_RENEW", "GRACE_PERIOD", status=4)
    assert client.post(hook, data=grace).get_json()["data"]["outcome"] == "applied"
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "pro" and profile["subscription"]["status"] == "past_due"
    over = notification(signer, "GRACE_PERIOD_EXPIRED", status=2)
    client.post(hook, data=over)
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free"


# Google Play ---------------------------------------------------------------------------------


@pytest.fixture
def google_key():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test-google-certs")])
    from datetime import UTC, datetime, timedelta

    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(datetime.now(UTC) - timedelta(days=1))
        .not_valid_after(datetime.now(UTC) + timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    return key, cert.public_bytes(serialization.Encoding.PEM).decode()


@pytest.fixture
def google_app(make_app, google_key):
    key, _ = google_key
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    account = {
        "type": "service_account",
        "project_id": "example-project",
        "private_key_id": "test-key-1",
        "private_key": pem,
        "client_email": "play-api@example-project.iam.gserviceaccount.com",
        "client_id": "100000000000000000001",
        "token_uri": TOKEN_URI,
    }
    return make_app(
        GOOGLE_PLAY_SERVICE_ACCOUNT_JSON=json.dumps(account),
        GOOGLE_PLAY_PACKAGE_NAME=PACKAGE,
        GOOGLE_PLAY_PUBSUB_AUDIENCE=AUDIENCE,
        GOOGLE_PLAY_PUBSUB_EMAIL=PUSHER,
        GOOGLE_PLAY_PRODUCT_IDS="pro_monthly_usd=pro_monthly,pro_yearly_usd=pro_yearly",
    )


def subscription_v2(state="SUBSCRIPTION_STATE_ACTIVE", ack="ACKNOWLEDGEMENT_STATE_PENDING"):
    """SubscriptionPurchaseV2, as the reference documents it."""
    return {
        "kind": "androidpublisher#subscriptionPurchaseV2",
        "regionCode": "US",
        "lineItems": [
            {
                "productId": "pro_monthly",
                "expiryTime": "2099-01-31T10:00:00.123Z",
                "autoRenewingPlan": {
                    "autoRenewEnabled": state == "SUBSCRIPTION_STATE_ACTIVE",
                    "recurringPrice": {"currencyCode": "USD", "units": "9", "nanos": 990000000},
                },
                "offerDetails": {"basePlanId": "monthly", "offerTags": ["default"]},
                "latestSuccessfulOrderId": "GPA.3372-4150-2291-84615",
            }
        ],
        "startTime": "2026-12-01T10:00:00.456Z",
        "subscriptionState": state,
        "latestOrderId": "GPA.3372-4150-2291-84615",
        "acknowledgementState": ack,
        "externalAccountIdentifiers": {"obfuscatedExternalAccountId": "member-1"},
    }


def push(google_key, notification: dict, *, audience=AUDIENCE, email=PUSHER, message_id="1"):
    """A Pub/Sub push (its documented envelope) and its OIDC token, signed by the test key."""
    key, _ = google_key
    now = int(time.time())
    token = jwt.encode(
        {
            "aud": audience,
            "azp": "113774264463038321964",
            "email": email,
            "email_verified": True,
            "exp": now + 3600,
            "iat": now,
            "iss": "https://accounts.google.com",
            "sub": "113774264463038321964",
        },
        key,
        algorithm="RS256",
        headers={"kid": "test-google-1"},
    )
    data = base64.b64encode(json.dumps(notification).encode()).decode()
    body = {
        "message": {
            "attributes": {},
            "data": data,
            "messageId": message_id,
            "message_id": message_id,
            "publishTime": "2026-12-07T19:13:55.749Z",
            "publish_time": "2026-12-07T19:13:55.749Z",
        },
        "subscription": "projects/example-project/subscriptions/play-rtdn",
    }
    return json.dumps(body).encode(), {"Authorization": f"Bearer {token}"}


PURCHASE_TOKEN = "PURCHASE_TOKEN"  # noqa: S105 - Google's placeholder, no secret


def rtdn(kind: int, token: str = PURCHASE_TOKEN) -> dict:
    return {
        "version": "1.0",
        "packageName": PACKAGE,
        "eventTimeMillis": str(now_ms()),
        "subscriptionNotification": {
            "version": "1.0",
            "notificationType": kind,
            "purchaseToken": token,
        },
    }


def google_api(mock, google_key, answer: dict):
    mock.post(
        TOKEN_URI, json={"access_token": "ya29.test", "expires_in": 3599, "token_type": "Bearer"}
    )
    mock.get(f"{PLAY}/purchases/subscriptionsv2/tokens/PURCHASE_TOKEN", json=answer)
    mock.get(GOOGLE_CERTS, json={"test-google-1": google_key[1]})


def test_a_google_purchase_is_read_acknowledged_and_notified_once(google_app, google_key):
    from ..builders import make_member

    client = google_app.test_client()
    _, headers = make_member(google_app)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        google_api(mock, google_key, subscription_v2())
        ack = mock.post(
            f"{PLAY}/purchases/subscriptions/pro_monthly/tokens/PURCHASE_TOKEN:acknowledge"
        )
        answer = client.post(
            "/subscriptions/store-purchases",
            json={
                "store": "google_play",
                "transaction": "PURCHASE_TOKEN",
                "product_id": "pro_monthly",
            },
            headers=headers,
        )
        assert answer.status_code == 200, answer.get_json()
        assert ack.call_count == 1
        api_call = next(c for c in mock.calls if "subscriptionsv2" in c.request.url)
        assert api_call.request.headers["Authorization"] == "Bearer ya29.test"
        body, auth = push(google_key, rtdn(2), message_id="2070443601311540")
        first = client.post("/subscriptions/webhooks/google-play", data=body, headers=auth)
        again = client.post("/subscriptions/webhooks/google-play", data=body, headers=auth)
    assert first.get_json()["data"]["outcome"] == "applied"
    assert again.get_json()["data"]["outcome"] == "duplicate"
    data = answer.get_json()["data"]
    assert data["managed_by"] == "google_play" and data["plan"]["id"] == "pro_monthly_usd"
    assert client.get("/users/profile", headers=headers).get_json()["data"]["user_tier"] == "pro"


def test_a_google_revocation_ends_pro(google_app, google_key):
    from ..builders import make_member

    client = google_app.test_client()
    _, headers = make_member(google_app)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        google_api(mock, google_key, subscription_v2(ack="ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"))
        client.post(
            "/subscriptions/store-purchases",
            json={"store": "google_play", "transaction": "PURCHASE_TOKEN"},
            headers=headers,
        )
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        google_api(mock, google_key, subscription_v2("SUBSCRIPTION_STATE_EXPIRED"))
        body, auth = push(google_key, rtdn(12))
        assert (
            client.post("/subscriptions/webhooks/google-play", data=body, headers=auth).status_code
            == 200
        )
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free" and profile["subscription"]["status"] == "canceled"


def test_a_push_with_a_wrong_token_is_refused(google_app, google_key):
    client = google_app.test_client()
    hook = "/subscriptions/webhooks/google-play"
    other = (rsa.generate_private_key(public_exponent=65537, key_size=2048), google_key[1])
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        google_api(mock, google_key, subscription_v2())
        for body, auth in (
            push(google_key, rtdn(4), audience="https://elsewhere.example/hook"),
            push(google_key, rtdn(4), email="someone@elsewhere.example"),
            push(other, rtdn(4)),  # signed by a key Google's certificates do not hold
        ):
            assert error_of(client.post(hook, data=body, headers=auth), 401)["code"] == (
                "invalid_push_token"
            )
        body, auth = push(google_key, {**rtdn(4), "packageName": "com.other.app"})
        assert error_of(client.post(hook, data=body, headers=auth), 400)["code"] == (
            "invalid_webhook_signature"
        )


def test_google_unreachable_is_503(google_app, google_key):
    from ..builders import make_member

    client = google_app.test_client()
    _, headers = make_member(google_app)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.post(TOKEN_URI, json={"access_token": "ya29.test", "expires_in": 3599})
        mock.get(f"{PLAY}/purchases/subscriptionsv2/tokens/PURCHASE_TOKEN", status=503)
        answer = client.post(
            "/subscriptions/store-purchases",
            json={"store": "google_play", "transaction": "PURCHASE_TOKEN"},
            headers=headers,
        )
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"


def test_with_a_real_store_the_sandbox_route_is_not_served(google_app):
    body = {"store": "app_store", "product_id": "pro_monthly_usd"}
    answer = google_app.test_client().post("/sandbox/stores/purchases", json=body)
    assert answer.status_code == 405  # no such route: only the web client's pages are there
