"""APNs and FCM: the requests as Apple and Google document them (HTTP stubbed at the
transport), what their answers mean, and which notifier each platform gets from the settings."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import httpx
import jwt
import pytest
import responses
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from bff.platform.config import ConfigError
from bff.reminders.delivery import make_delivery
from bff.reminders.notifiers import DEAD_TOKEN, DELIVERED, RETRY, Target
from bff.reminders.notifiers.apns import ApnsNotifier, ApnsSettings
from bff.reminders.notifiers.fcm import SCOPE, FcmNotifier, service_account_token
from bff.reminders.notifiers.outbox import FolderNotifier

IPHONE = Target("ios", "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "en")
PIXEL = Target("android", "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "fr-FR")
DATA = {"kind": "daily_puzzle", "path": "/puzzles/daily"}
NOW = 1_765_000_000.0


def _pem(key) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


class Recorder:
    """An httpx transport that records each request and answers what the test says."""

    def __init__(self, *answers: httpx.Response):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.answers.pop(0)

    def client(self) -> httpx.Client:
        return httpx.Client(transport=httpx.MockTransport(self))


@pytest.fixture
def apns_key():
    return ec.generate_private_key(ec.SECP256R1())


def _apns(apns_key, recorder: Recorder, environment: str = "production") -> ApnsNotifier:
    settings = ApnsSettings(
        team_id="DEF123GHIJ",
        key_id="ABC123DEFG",
        private_key=_pem(apns_key),
        topic="com.example.chess",
        environment=environment,
    )
    clock = iter([NOW] * 10 + [NOW + 3600] * 10)
    return ApnsNotifier(settings, client=recorder.client(), now=lambda: next(clock))


def test_an_apns_request_is_apples_documented_shape(apns_key):
    recorder = Recorder(httpx.Response(200, headers={"apns-id": "eabeae54-14a8-11e5"}))
    outcome = _apns(apns_key, recorder).send(IPHONE, "Your daily puzzle is ready", "Go", DATA)
    assert outcome == DELIVERED
    request = recorder.requests[0]
    assert request.method == "POST"
    assert str(request.url) == f"https://api.push.apple.com/3/device/{IPHONE.token}"
    assert request.headers["apns-topic"] == "com.example.chess"
    assert request.headers["apns-push-type"] == "alert"
    assert request.headers["apns-priority"] == "10"
    assert request.headers["apns-collapse-id"] == "daily_puzzle"
    assert int(request.headers["apns-expiration"]) > NOW
    assert json.loads(request.content) == {
        "aps": {"alert": {"title": "Your daily puzzle is ready", "body": "Go"}, "sound": "default"},
        "kind": "daily_puzzle",
        "path": "/puzzles/daily",
    }
    # The provider token: "bearer" and an ES256 JWT with our key's id, our team, its time.
    scheme, token = request.headers["authorization"].split(" ")
    assert scheme == "bearer"
    header = jwt.get_unverified_header(token)
    assert (header["alg"], header["kid"]) == ("ES256", "ABC123DEFG")
    claims = jwt.decode(token, apns_key.public_key(), algorithms=["ES256"])
    assert claims == {"iss": "DEF123GHIJ", "iat": int(NOW)}


def test_the_apns_provider_token_is_kept_then_renewed(apns_key):
    notifier = _apns(apns_key, Recorder())
    first = notifier.provider_token()
    assert notifier.provider_token() == first
    notifier.now = lambda: NOW + 50 * 60  # Apple: renewed at most every 20 minutes, within 60
    renewed = notifier.provider_token()
    assert renewed != first
    assert jwt.decode(renewed, apns_key.public_key(), algorithms=["ES256"])["iat"] == NOW + 3000


def test_the_apns_sandbox_for_development_builds(apns_key):
    recorder = Recorder(httpx.Response(200))
    _apns(apns_key, recorder, environment="sandbox").send(IPHONE, "t", "b", DATA)
    assert recorder.requests[0].url.host == "api.sandbox.push.apple.com"


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [
        (
            httpx.Response(410, json={"reason": "Unregistered", "timestamp": 1765000000000}),
            DEAD_TOKEN,
        ),
        (httpx.Response(429, json={"reason": "TooManyRequests"}), RETRY),
        (httpx.Response(503, json={"reason": "ServiceUnavailable"}), RETRY),
        (httpx.Response(500, text="not JSON"), RETRY),
        (httpx.Response(403, json={"reason": "ExpiredProviderToken"}), RETRY),
    ],
)
def test_what_an_apns_answer_means(apns_key, answer, outcome):
    assert _apns(apns_key, Recorder(answer)).send(IPHONE, "t", "b", DATA) == outcome


def test_an_expired_provider_token_is_signed_anew(apns_key):
    recorder = Recorder(
        httpx.Response(403, json={"reason": "ExpiredProviderToken"}), httpx.Response(200)
    )
    notifier = _apns(apns_key, recorder)
    notifier.send(IPHONE, "t", "b", DATA)
    first = recorder.requests[0].headers["authorization"]
    notifier.now = lambda: NOW + 1
    assert notifier.send(IPHONE, "t", "b", DATA) == DELIVERED
    assert recorder.requests[1].headers["authorization"] != first


def test_apns_unreachable_is_tried_again(apns_key):
    def refuse(request):
        raise httpx.ConnectError("no route", request=request)

    notifier = _apns(apns_key, Recorder())
    notifier.client = httpx.Client(transport=httpx.MockTransport(refuse))
    assert notifier.send(IPHONE, "t", "b", DATA) == RETRY


@pytest.fixture
def service_account():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    info = {
        "type": "service_account",
        "project_id": "chess-app-1234",
        "private_key_id": "0123456789abcdef",
        "private_key": _pem(key),
        "client_email": "reminders@chess-app-1234.iam.gserviceaccount.com",
        "client_id": "100000000000000000001",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    return info, key


@responses.activate
def test_an_fcm_request_is_googles_documented_shape(service_account):
    info, key = service_account
    responses.add(
        responses.POST,
        "https://oauth2.googleapis.com/token",
        json={"access_token": "ya29.test-token", "expires_in": 3599, "token_type": "Bearer"},
    )
    sent = httpx.Response(200, json={"name": "projects/chess-app-1234/messages/0:1500415314"})
    recorder = Recorder(sent, sent)
    notifier = FcmNotifier("chess-app-1234", service_account_token(info), recorder.client())
    assert notifier.send(PIXEL, "3 reviews are due", "Go", DATA) == DELIVERED
    assert notifier.send(PIXEL, "3 reviews are due", "Go", DATA) == DELIVERED

    # The service account's own JWT grant for an OAuth 2 token of the messaging scope, once.
    assert len(responses.calls) == 1
    body = responses.calls[0].request.body
    grant = parse_qs(body.decode() if isinstance(body, bytes) else body)
    assert grant["grant_type"] == ["urn:ietf:params:oauth:grant-type:jwt-bearer"]
    claims = jwt.decode(
        grant["assertion"][0],
        key.public_key(),
        algorithms=["RS256"],
        audience="https://oauth2.googleapis.com/token",
    )
    assert claims["iss"] == info["client_email"] and claims["scope"] == SCOPE

    request = recorder.requests[0]
    assert str(request.url) == (
        "https://fcm.googleapis.com/v1/projects/chess-app-1234/messages:send"
    )
    assert request.headers["authorization"] == "Bearer ya29.test-token"
    assert json.loads(request.content) == {
        "message": {
            "token": PIXEL.token,
            "notification": {"title": "3 reviews are due", "body": "Go"},
            "data": {"kind": "daily_puzzle", "path": "/puzzles/daily"},
            "android": {"ttl": "21600s", "collapse_key": "daily_puzzle"},
        }
    }


def _fcm_error(status: int, code: str, fcm_code: str | None) -> httpx.Response:
    """An error as FCM v1 answers it (google.rpc.Status, with FcmError among its details)."""
    details = (
        [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": fcm_code}]
        if fcm_code
        else []
    )
    return httpx.Response(
        status,
        json={"error": {"code": status, "message": "…", "status": code, "details": details}},
    )


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [
        (_fcm_error(404, "NOT_FOUND", "UNREGISTERED"), DEAD_TOKEN),
        (_fcm_error(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED"), RETRY),
        (_fcm_error(503, "UNAVAILABLE", "UNAVAILABLE"), RETRY),
        (_fcm_error(401, "UNAUTHENTICATED", "THIRD_PARTY_AUTH_ERROR"), RETRY),
        (_fcm_error(404, "NOT_FOUND", None), RETRY),  # a wrong project: no token is dead
    ],
)
def test_what_an_fcm_answer_means(answer, outcome):
    notifier = FcmNotifier("chess-app-1234", lambda: "ya29.x", Recorder(answer).client())
    assert notifier.send(PIXEL, "t", "b", DATA) == outcome


def test_without_settings_notifications_go_to_the_folder(tmp_path):
    delivery = make_delivery({}, tmp_path)
    assert isinstance(delivery.ios, FolderNotifier) and isinstance(delivery.android, FolderNotifier)
    assert delivery.notifier("ios").send(IPHONE, "t", "b", DATA) == DELIVERED
    (written,) = (tmp_path / "notifications").glob("*.json")
    assert json.loads(written.read_text())["token"] == IPHONE.token


def test_apns_and_fcm_with_their_settings(tmp_path, apns_key, service_account):
    info, _ = service_account
    environ = {
        "APNS_TEAM_ID": "DEF123GHIJ",
        "APNS_KEY_ID": "ABC123DEFG",
        "APNS_PRIVATE_KEY": _pem(apns_key).replace("\n", "\\n"),
        "APNS_TOPIC": "com.example.chess",
        "FCM_SERVICE_ACCOUNT_JSON": json.dumps(info),
    }
    delivery = make_delivery(environ, tmp_path)
    assert delivery.ios.kind == "apns" and delivery.android.kind == "fcm"
    token = delivery.ios.provider_token()
    assert jwt.decode(token, apns_key.public_key(), algorithms=["ES256"])["iss"] == "DEF123GHIJ"


@pytest.mark.parametrize(
    "environ",
    [
        {"APNS_TEAM_ID": "DEF123GHIJ"},
        {
            "APNS_TEAM_ID": "T",
            "APNS_KEY_ID": "K",
            "APNS_PRIVATE_KEY": "P",
            "APNS_TOPIC": "com.x",
            "APNS_ENVIRONMENT": "staging",
        },
        {"FCM_SERVICE_ACCOUNT_JSON": "{not json"},
        {"FCM_SERVICE_ACCOUNT_JSON": "{}"},
    ],
)
def test_half_a_setting_stops_start_up(tmp_path, environ):
    with pytest.raises(ConfigError):
        make_delivery(environ, tmp_path)
