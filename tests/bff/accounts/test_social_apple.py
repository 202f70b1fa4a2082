"""Sign in with Apple: the code exchange, its client secret, and the returned ID token."""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs

import jwt
import pytest
import requests
import responses
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bff.accounts.social import SocialAuthError, SocialSettings, SocialVerifier
from bff.accounts.social.apple import EXCHANGE_URL, KEYS_URL, IdentityToken

from .test_social_keys import gen_jwks, provider_key

SERVICES_ID = "com.example.chess.web"
BUNDLE_ID = "com.example.chess"
TEAM_ID = "A1B2C3D4E5"
KEY_ID = "KEY1234567"
REDIRECT_URI = "https://chess.example/auth/apple/callback"
CODE = "c6d5e7f2a1b04c9e8d7f6a5b4c3d2e1f0.0.nrxy.Abc123"
SUBJECT = "001234.5b3a3bdf9c0b4f049c1471cae1cd1d8d.0001"


@pytest.fixture(scope="module")
def signing_key() -> ec.EllipticCurvePrivateKey:
    """Our Sign in with Apple key, as the .p8 file Apple lets us download once."""
    return ec.generate_private_key(ec.SECP256R1())


@pytest.fixture(scope="module")
def signing_key_pem(signing_key) -> str:
    return signing_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def settings(pem: str, **overrides) -> SocialSettings:
    values = dict(
        google_client_ids=(),
        apple_client_ids=(SERVICES_ID, BUNDLE_ID),
        apple_team_id=TEAM_ID,
        apple_key_id=KEY_ID,
        apple_private_key=pem,
        apple_redirect_uri=REDIRECT_URI,
        facebook_app_id=None,
        facebook_app_secret=None,
        timeout=4.0,
    )
    values.update(overrides)
    return SocialSettings(**values)


@pytest.fixture
def verifier(signing_key_pem):
    return SocialVerifier(settings(signing_key_pem))


@pytest.fixture
def mocked():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        yield rsps


@pytest.fixture
def apple_key(mocked):
    key = provider_key("apple-1")
    mocked.get(KEYS_URL, json=gen_jwks(key, provider_key("apple-2")))
    return key


def gen_claims(**overrides) -> dict:
    """The claims of the ID token Apple returns from the exchange."""
    now = int(time.time())
    claims = {
        "iss": "https://appleid.apple.com",
        "aud": SERVICES_ID,
        "exp": now + 600,
        "iat": now,
        "sub": SUBJECT,
        "at_hash": "fQ6a7kIRgfBVXUXiWLmxVw",
        "email": "X7Relay@privaterelay.appleid.com",
        # Apple sends these as strings at times.
        "email_verified": "true",
        "is_private_email": "true",
        "auth_time": now,
        "nonce_supported": True,
    }
    claims.update(overrides)
    return claims


def token_response(id_token: str) -> dict:
    """Apple's TokenResponse."""
    return {
        "access_token": "a0b1c2d3e4f5.0.nrxy.access",
        "token_type": "Bearer",
        "expires_in": 3600,
        "refresh_token": "r0b1c2d3e4f5.0.nrxy.refresh",
        "id_token": id_token,
    }


def exchanges(mocked) -> list:
    return [call for call in mocked.calls if call.request.url == EXCHANGE_URL]


def form_of_body(body: str) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(body).items()}


def form_of(call) -> dict[str, str]:
    return form_of_body(call.request.body)


def test_a_code_is_exchanged_and_its_id_token_names_the_person(verifier, mocked, apple_key):
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims())))
    identity = verifier.verify("apple", CODE)
    assert identity.provider == "apple"
    assert identity.subject == SUBJECT
    assert identity.email == "x7relay@privaterelay.appleid.com"
    # The name reaches the client only, never the ID token.
    assert (identity.first_name, identity.last_name) == (None, None)
    [call] = exchanges(mocked)
    form = form_of(call)
    assert form["client_id"] == SERVICES_ID
    assert form["code"] == CODE
    assert form["grant_type"] == "authorization_code"
    assert form["redirect_uri"] == REDIRECT_URI
    assert call.request.headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert call.request.req_kwargs["timeout"] == 4.0


def test_the_client_secret_is_an_es256_jwt_apple_can_check(
    verifier, mocked, apple_key, signing_key
):
    seen = {}

    def token_endpoint(request):
        secret = form_of_body(request.body)["client_secret"]
        seen["header"] = jwt.get_unverified_header(secret)
        # Apple checks it with the public half of our key, for its own audience.
        seen["claims"] = jwt.decode(
            secret,
            signing_key.public_key(),
            algorithms=["ES256"],
            audience="https://appleid.apple.com",
            issuer=TEAM_ID,
        )
        return 200, {}, json.dumps(token_response(apple_key.sign(gen_claims())))

    mocked.add_callback(responses.POST, EXCHANGE_URL, callback=token_endpoint)
    before = int(time.time())
    verifier.verify("apple", CODE)
    after = int(time.time())
    assert seen["header"]["alg"] == "ES256"
    assert seen["header"]["kid"] == KEY_ID
    claims = seen["claims"]
    assert claims["sub"] == SERVICES_ID
    assert before <= claims["iat"] <= after
    assert 0 < claims["exp"] - claims["iat"] <= 15777000  # Apple's limit: six months.
    assert claims["exp"] - claims["iat"] <= 300


def test_the_ios_app_s_code_is_exchanged_for_the_bundle_id(verifier, mocked, apple_key):
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims(aud=BUNDLE_ID))))
    assert verifier.verify("apple", CODE, platform="ios").subject == SUBJECT
    form = form_of(exchanges(mocked)[0])
    assert form["client_id"] == BUNDLE_ID
    assert jwt.decode(form["client_secret"], options={"verify_signature": False})["sub"] == (
        BUNDLE_ID
    )
    # The native flow had no redirect URI, so the exchange must not name one.
    assert "redirect_uri" not in form


def test_an_app_s_identity_token_is_checked_for_the_bundle_id_with_no_exchange(
    verifier, mocked, apple_key
):
    token = IdentityToken(apple_key.sign(gen_claims(aud=BUNDLE_ID)))
    assert verifier.verify("apple", token, platform="ios").subject == SUBJECT
    assert exchanges(mocked) == []
    for forged in (apple_key.sign(gen_claims(aud=SERVICES_ID)), "not.a.token"):
        with pytest.raises(SocialAuthError):
            verifier.verify("apple", IdentityToken(forged), platform="ios")


def test_ios_without_a_bundle_id_is_not_configured(signing_key_pem, mocked):
    verifier = SocialVerifier(settings(signing_key_pem, apple_client_ids=(SERVICES_ID,)))
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE, platform="ios")
    assert caught.value.code == "social_provider_not_configured"
    assert exchanges(mocked) == []


def test_no_redirect_uri_is_sent_when_none_is_configured(signing_key_pem, mocked, apple_key):
    verifier = SocialVerifier(settings(signing_key_pem, apple_redirect_uri=None))
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims())))
    verifier.verify("apple", CODE)
    assert "redirect_uri" not in form_of(exchanges(mocked)[0])


def test_a_used_or_expired_code_is_an_invalid_auth_code(verifier, mocked, apple_key):
    mocked.post(
        EXCHANGE_URL,
        status=400,
        json={"error": "invalid_grant", "error_description": "The code has already been used."},
    )
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    error = caught.value
    assert (error.provider, error.code, error.status) == ("apple", "user_invalid_auth_code", 401)
    assert CODE not in error.message


def test_apple_refusing_our_credentials_is_logged_and_unavailable(
    verifier, mocked, caplog, signing_key_pem
):
    mocked.post(EXCHANGE_URL, status=400, json={"error": "invalid_client"})
    with caplog.at_level(logging.INFO), pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    assert caught.value.code == "social_provider_unavailable"
    assert "invalid_client" in caplog.text and "APPLE_PRIVATE_KEY" in caplog.text
    secret = form_of(exchanges(mocked)[0])["client_secret"]
    key_line = signing_key_pem.splitlines()[1]
    for text in (caplog.text, caught.value.message):
        assert CODE not in text and secret not in text and key_line not in text


@pytest.mark.parametrize(
    ("claims", "reason"),
    [
        ({"aud": BUNDLE_ID}, "audience"),
        ({"aud": "com.someone.else"}, "audience"),
        ({"iss": "https://accounts.google.com"}, "issuer"),
        ({"exp": int(time.time()) - 3600, "iat": int(time.time()) - 7200}, "expired"),
    ],
    ids=["bundle-id-on-web", "foreign-app", "issuer", "expired"],
)
def test_an_id_token_that_does_not_fit_the_exchange_is_refused(
    verifier, mocked, apple_key, claims, reason
):
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims(**claims))))
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    assert (caught.value.code, caught.value.reason) == ("user_invalid_token", reason)


def test_an_id_token_not_signed_by_apple_is_refused(verifier, mocked, apple_key):
    forged = provider_key("forger").sign(gen_claims(), kid=apple_key.kid)
    mocked.post(EXCHANGE_URL, json=token_response(forged))
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    assert (caught.value.code, caught.value.reason) == ("user_invalid_token", "signature")


@pytest.mark.parametrize("verified", ["false", False])
def test_an_unverified_email_is_not_taken(verifier, mocked, apple_key, verified):
    mocked.post(
        EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims(email_verified=verified)))
    )
    identity = verifier.verify("apple", CODE)
    assert identity.subject == SUBJECT and identity.email is None


def test_apple_keys_are_fetched_once_for_two_sign_ins(verifier, mocked, apple_key):
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims())))
    verifier.verify("apple", CODE)
    verifier.verify("apple", CODE + "2")
    assert sum(1 for call in mocked.calls if call.request.url == KEYS_URL) == 1
    assert len(exchanges(mocked)) == 2


@pytest.mark.parametrize(
    "answer",
    [
        {"status": 500, "body": "Internal Server Error"},
        {"status": 503, "json": {"error": "temporarily_unavailable"}},
        {"status": 200, "json": {"access_token": "a", "token_type": "Bearer"}},
        {"status": 200, "body": "<html>oops</html>"},
        {"body": requests.ConnectionError("connection reset")},
        {"body": requests.Timeout("read timed out")},
    ],
    ids=["500", "503", "no-id-token", "not-json", "connection", "timeout"],
)
def test_apple_unreachable_or_odd_makes_the_provider_unavailable(verifier, mocked, answer):
    mocked.post(EXCHANGE_URL, **answer)
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    assert (caught.value.provider, caught.value.code) == ("apple", "social_provider_unavailable")


@pytest.mark.parametrize("code", ["", "   "])
def test_an_empty_code_is_refused_without_asking_apple(verifier, mocked, code):
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", code)
    assert caught.value.code == "user_invalid_auth_code"
    assert len(mocked.calls) == 0


TEST_ISSUER = "http://127.0.0.1:9999"
TEST_EXCHANGE_URL = f"{TEST_ISSUER}/auth/token"
TEST_KEYS_URL = f"{TEST_ISSUER}/.well-known/jwks.json"


@pytest.fixture
def issuer_verifier(signing_key_pem):
    return SocialVerifier(settings(signing_key_pem, apple_test_issuer=TEST_ISSUER))


@pytest.fixture
def issuer_key(mocked):
    """The test issuer publishing its key where an OpenID issuer does."""
    key = provider_key("test-issuer-1")
    mocked.get(TEST_KEYS_URL, json=gen_jwks(key))
    return key


def test_a_test_issuer_stands_in_for_apple_with_its_exchange_and_keys(
    issuer_verifier, mocked, issuer_key, signing_key
):
    seen = {}

    def token_endpoint(request):
        secret = form_of_body(request.body)["client_secret"]
        # The client secret is meant for the test issuer, as it would be for Apple.
        seen["secret"] = jwt.decode(
            secret, signing_key.public_key(), algorithms=["ES256"], audience=TEST_ISSUER
        )
        id_token = issuer_key.sign(gen_claims(iss=TEST_ISSUER))
        return 200, {}, json.dumps(token_response(id_token))

    mocked.add_callback(responses.POST, TEST_EXCHANGE_URL, callback=token_endpoint)
    identity = issuer_verifier.verify("apple", CODE)
    assert identity.subject == SUBJECT
    assert seen["secret"]["sub"] == SERVICES_ID
    assert form_of(mocked.calls[0])["code"] == CODE
    # Apple's own endpoints are never asked.
    assert [call.request.url for call in mocked.calls] == [TEST_EXCHANGE_URL, TEST_KEYS_URL]


def test_with_a_test_issuer_tokens_naming_apple_are_refused(issuer_verifier, mocked, issuer_key):
    mocked.post(TEST_EXCHANGE_URL, json=token_response(issuer_key.sign(gen_claims())))
    with pytest.raises(SocialAuthError) as caught:
        issuer_verifier.verify("apple", CODE)
    assert (caught.value.code, caught.value.reason) == ("user_invalid_token", "issuer")


def test_without_a_test_issuer_its_tokens_are_refused(verifier, mocked, apple_key):
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims(iss=TEST_ISSUER))))
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("apple", CODE)
    assert (caught.value.code, caught.value.reason) == ("user_invalid_token", "issuer")
    assert [call.request.url for call in mocked.calls] == [EXCHANGE_URL, KEYS_URL]


def test_a_test_issuer_for_google_leaves_apple_to_apple(signing_key_pem, mocked, apple_key):
    verifier = SocialVerifier(settings(signing_key_pem, google_test_issuer=TEST_ISSUER))
    mocked.post(EXCHANGE_URL, json=token_response(apple_key.sign(gen_claims())))
    assert verifier.verify("apple", CODE).subject == SUBJECT
