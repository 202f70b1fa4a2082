"""Google sign-in: ID tokens checked against Google's published keys."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import jwt
import pytest
import requests
import responses
from cryptography.hazmat.primitives import serialization

from bff.accounts.social import SocialAuthError, SocialSettings, SocialVerifier
from bff.accounts.social.google import KEYS_URL

from .test_social_keys import gen_jwks, provider_key

WEB_ID = "1234-web.apps.googleusercontent.com"
IOS_ID = "1234-ios.apps.googleusercontent.com"


def gen_claims(**overrides) -> dict:
    """The claims of a Google ID token as Google documents them."""
    now = int(time.time())
    claims = {
        "iss": "https://accounts.google.com",
        "azp": WEB_ID,
        "aud": WEB_ID,
        "sub": "110169484474386276334",
        "email": "Ada.Lovelace@Example.com",
        "email_verified": True,
        "name": "Ada Lovelace",
        "picture": "https://lh3.googleusercontent.com/a/photo",
        "given_name": "Ada",
        "family_name": "Lovelace",
        "iat": now,
        "exp": now + 3600,
    }
    claims.update(overrides)
    return {name: value for name, value in claims.items() if value is not None}


def settings(**overrides) -> SocialSettings:
    values = dict(
        google_client_ids=(WEB_ID, IOS_ID),
        apple_client_ids=(),
        apple_team_id=None,
        apple_key_id=None,
        apple_private_key=None,
        apple_redirect_uri=None,
        facebook_app_id=None,
        facebook_app_secret=None,
        timeout=3.0,
    )
    values.update(overrides)
    return SocialSettings(**values)


@pytest.fixture
def mocked():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        yield rsps


@pytest.fixture
def verifier():
    return SocialVerifier(settings())


@pytest.fixture
def google_key(mocked):
    """Google publishing one key, as its certs endpoint answers."""
    key = provider_key("google-1")
    mocked.get(KEYS_URL, json=gen_jwks(key, provider_key("google-spare")))
    return key


def key_fetches(mocked) -> int:
    return sum(1 for call in mocked.calls if call.request.url == KEYS_URL)


def refused(verifier, token, reason: str) -> SocialAuthError:
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("google", token)
    error = caught.value
    assert (error.provider, error.code, error.reason) == ("google", "user_invalid_token", reason)
    return error


def test_a_valid_token_names_the_person(verifier, google_key, mocked):
    identity = verifier.verify("google", google_key.sign(gen_claims()))
    assert identity.provider == "google"
    assert identity.subject == "110169484474386276334"
    assert identity.email == "ada.lovelace@example.com"
    assert (identity.first_name, identity.last_name) == ("Ada", "Lovelace")
    assert mocked.calls[0].request.req_kwargs["timeout"] == 3.0


def test_tokens_for_any_configured_client_and_either_issuer_spelling_pass(verifier, google_key):
    token = google_key.sign(gen_claims(aud=IOS_ID, iss="accounts.google.com"))
    assert verifier.verify("google", token, platform="ios").subject == "110169484474386276334"


def test_a_token_signed_by_another_key_is_refused(verifier, google_key):
    forger = provider_key("forger")
    # Same kid as Google's key, so only the signature can tell.
    refused(verifier, forger.sign(gen_claims(), kid=google_key.kid), "signature")


def test_a_token_alg_switched_to_hmac_with_the_public_key_is_refused(verifier, google_key, mocked):
    # The classic forgery: HS256 "signed" with the provider's public key as the secret.
    # pyjwt refuses to make one, so it is built by hand.
    public_pem = google_key.private_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    header = {"kid": google_key.kid, "alg": "HS256", "typ": "JWT"}
    signing_input = b".".join(
        jwt.utils.base64url_encode(json.dumps(part).encode()) for part in (header, gen_claims())
    )
    signature = hmac.new(public_pem, signing_input, hashlib.sha256).digest()
    token = (signing_input + b"." + jwt.utils.base64url_encode(signature)).decode()
    refused(verifier, token, "algorithm")
    # Refused on sight: a forged header is no reason to bother Google.
    assert key_fetches(mocked) == 0


def test_an_expired_token_is_refused_but_small_clock_drift_is_tolerated(verifier, google_key):
    now = int(time.time())
    drifted = gen_claims(iat=now - 3630, exp=now - 30)
    assert verifier.verify("google", google_key.sign(drifted)).subject
    expired = gen_claims(iat=now - 7200, exp=now - 3600)
    refused(verifier, google_key.sign(expired), "expired")


def test_a_token_issued_in_the_future_is_refused(verifier, google_key):
    now = int(time.time())
    refused(verifier, google_key.sign(gen_claims(iat=now + 600, exp=now + 4200)), "not_yet_valid")


def test_a_token_for_another_app_is_refused(verifier, google_key):
    other = "9999-someone-else.apps.googleusercontent.com"
    refused(verifier, google_key.sign(gen_claims(aud=other, azp=other)), "audience")


def test_a_token_from_another_issuer_is_refused(verifier, google_key):
    refused(verifier, google_key.sign(gen_claims(iss="https://evil.example")), "issuer")


@pytest.mark.parametrize("claim", ["exp", "iat", "sub"])
def test_a_token_missing_a_required_claim_is_refused(verifier, google_key, claim):
    refused(verifier, google_key.sign(gen_claims(**{claim: None})), "missing_claim")


@pytest.mark.parametrize("verified", [False, "false", None])
def test_an_unverified_email_is_not_taken(verifier, google_key, verified):
    identity = verifier.verify("google", google_key.sign(gen_claims(email_verified=verified)))
    assert identity.subject == "110169484474386276334"
    assert identity.email is None


@pytest.mark.parametrize("token", ["", "   ", "not-a-jwt", "a.b.c"])
def test_garbage_is_refused_without_asking_google(verifier, mocked, token):
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("google", token)
    assert caught.value.code == "user_invalid_token"
    assert key_fetches(mocked) == 0


def test_keys_are_fetched_once_for_many_verifications(verifier, google_key, mocked):
    verifier.verify("google", google_key.sign(gen_claims()))
    verifier.verify("google", google_key.sign(gen_claims(sub="another-person")))
    assert key_fetches(mocked) == 1


def test_keys_are_fetched_again_when_the_cache_time_is_over(google_key, mocked):
    verifier = SocialVerifier(settings(), key_cache_seconds=0)
    verifier.verify("google", google_key.sign(gen_claims()))
    verifier.verify("google", google_key.sign(gen_claims()))
    assert key_fetches(mocked) == 2


def test_a_rotated_key_is_found_by_refetching_the_set(verifier, mocked):
    old, new = provider_key("google-old"), provider_key("google-new")
    mocked.get(KEYS_URL, json=gen_jwks(old))
    assert verifier.verify("google", old.sign(gen_claims())).subject
    mocked.replace(responses.GET, KEYS_URL, json=gen_jwks(old, new))
    assert verifier.verify("google", new.sign(gen_claims())).subject
    assert key_fetches(mocked) == 2
    # And the new set is kept: no fetch for the next token with the new key.
    verifier.verify("google", new.sign(gen_claims()))
    assert key_fetches(mocked) == 2


def test_a_kid_google_never_published_is_refused(verifier, google_key, mocked):
    verifier.verify("google", google_key.sign(gen_claims()))
    stranger = provider_key("never-published")
    # Asking again in case Google just rotated, then giving up.
    refused(verifier, stranger.sign(gen_claims()), "unknown_key")
    assert key_fetches(mocked) == 2


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ({"status": 500}, "server_error"),
        ({"status": 503}, "server_error"),
        ({"body": requests.ConnectionError("refused")}, "network"),
    ],
    ids=["500", "503", "connection"],
)
def test_google_keys_unreachable_make_the_provider_unavailable(verifier, mocked, answer, reason):
    mocked.get(KEYS_URL, **answer)
    token = provider_key("google-1").sign(gen_claims())
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("google", token)
    error = caught.value
    assert (error.provider, error.code, error.reason) == (
        "google",
        "social_provider_unavailable",
        reason,
    )
    assert error.status == 503


TEST_ISSUER = "http://127.0.0.1:9999"


def test_a_test_issuer_stands_in_for_google_with_its_own_keys(mocked):
    verifier = SocialVerifier(settings(google_test_issuer=TEST_ISSUER))
    key = provider_key("test-issuer-1")
    mocked.get(f"{TEST_ISSUER}/.well-known/jwks.json", json=gen_jwks(key))
    identity = verifier.verify("google", key.sign(gen_claims(iss=TEST_ISSUER)))
    assert identity.subject == "110169484474386276334"
    assert key_fetches(mocked) == 0  # Google's own keys are never asked for


def test_with_a_test_issuer_tokens_from_google_itself_are_refused(mocked):
    verifier = SocialVerifier(settings(google_test_issuer=TEST_ISSUER))
    key = provider_key("test-issuer-1")
    mocked.get(f"{TEST_ISSUER}/.well-known/jwks.json", json=gen_jwks(key))
    refused(verifier, key.sign(gen_claims()), "issuer")


def test_without_a_test_issuer_its_tokens_are_refused(verifier, google_key):
    refused(verifier, google_key.sign(gen_claims(iss=TEST_ISSUER)), "issuer")
