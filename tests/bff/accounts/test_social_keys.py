"""The providers' key sets: caching, rotation, stale keys, unusable sets.

The signing builders here stand in for Google's and Apple's keys in the provider tests too.
"""

from __future__ import annotations

import json
import logging
from functools import cache

import jwt
import pytest
import requests
import responses
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

from bff.accounts.social import SocialAuthError
from bff.accounts.social.keys import FORCED_REFRESH_SECONDS, PublishedKeys
from bff.accounts.social.upstream import ProviderHttp

KEYS_URL = "https://keys.test/certs"


class ProviderKey:
    """An RSA key pair playing a provider's signing key: signs tokens, publishes its JWK."""

    def __init__(self, kid: str):
        self.kid = kid
        self.private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def jwk(self) -> dict:
        # The members Google and Apple publish for each key: kty, kid, use, alg, n, e.
        public = json.loads(RSAAlgorithm.to_jwk(self.private_key.public_key()))
        return {"kty": "RSA", "kid": self.kid, "use": "sig", "alg": "RS256", **public}

    def sign(self, claims: dict, *, kid: str | None = None) -> str:
        return jwt.encode(
            claims, self.private_key, algorithm="RS256", headers={"kid": kid or self.kid}
        )


@cache
def provider_key(kid: str) -> ProviderKey:
    """Keys are slow to generate: one per kid for the whole run."""
    return ProviderKey(kid)


def gen_jwks(*keys: ProviderKey) -> dict:
    return {"keys": [key.jwk() for key in keys]}


class FakeClock:
    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def mocked():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        yield rsps


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def keys(clock):
    return PublishedKeys(
        KEYS_URL,
        upstream=ProviderHttp("google", requests.Session(), timeout=2.5),
        cache_seconds=600,
        clock=clock,
    )


def fetches(mocked) -> int:
    return sum(1 for call in mocked.calls if call.request.url == KEYS_URL)


def test_keys_are_fetched_once_with_the_timeout_and_kept(mocked, keys):
    one = provider_key("one")
    mocked.get(KEYS_URL, json=gen_jwks(one))
    first = keys.key_for("one")
    second = keys.key_for("one")
    assert first.public_numbers() == one.private_key.public_key().public_numbers()
    assert second is first
    assert fetches(mocked) == 1
    assert mocked.calls[0].request.req_kwargs["timeout"] == 2.5


def test_keys_are_fetched_again_once_the_cache_time_is_over(mocked, keys, clock):
    mocked.get(KEYS_URL, json=gen_jwks(provider_key("one")))
    keys.key_for("one")
    clock.now += 599
    keys.key_for("one")
    assert fetches(mocked) == 1
    clock.now += 2
    keys.key_for("one")
    assert fetches(mocked) == 2


def test_an_unknown_kid_is_refetched_at_most_once_a_minute(mocked, keys, clock):
    mocked.get(KEYS_URL, json=gen_jwks(provider_key("one")))
    keys.key_for("one")
    for _ in range(3):
        with pytest.raises(SocialAuthError) as caught:
            keys.key_for("made-up")
        assert caught.value.code == "user_invalid_token"
        assert caught.value.reason == "unknown_key"
    assert fetches(mocked) == 2
    clock.now += FORCED_REFRESH_SECONDS
    with pytest.raises(SocialAuthError, match="could not be verified"):
        keys.key_for("made-up")
    assert fetches(mocked) == 3


def test_the_previous_keys_serve_while_the_provider_is_away(mocked, keys, clock, caplog):
    one = provider_key("one")
    mocked.get(KEYS_URL, json=gen_jwks(one))
    keys.key_for("one")
    mocked.replace(responses.GET, KEYS_URL, status=503)
    clock.now += 601
    with caplog.at_level(logging.WARNING):
        key = keys.key_for("one")
    assert key.public_numbers() == one.private_key.public_key().public_numbers()
    assert fetches(mocked) == 2
    assert "using the previous set" in caplog.text
    # Not at every request: the next attempt waits a little.
    keys.key_for("one")
    assert fetches(mocked) == 2


def test_a_key_we_could_not_fetch_is_the_provider_s_fault(mocked, keys, clock):
    mocked.get(KEYS_URL, json=gen_jwks(provider_key("one")))
    keys.key_for("one")
    mocked.replace(responses.GET, KEYS_URL, body=requests.ConnectionError("down"))
    with pytest.raises(SocialAuthError) as caught:
        keys.key_for("two")
    assert caught.value.code == "social_provider_unavailable"


@pytest.mark.parametrize(
    "answer",
    [
        {"status": 500, "json": {"error": "backend"}},
        {"status": 404, "body": "not here"},
        {"status": 200, "body": "<html>maintenance</html>"},
        {"status": 200, "json": {"keys": []}},
        # An EC key is no use for RS256 tokens.
        {
            "status": 200,
            "json": {
                "keys": [
                    {
                        "kty": "EC",
                        "kid": "ec",
                        "crv": "P-256",
                        "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                        "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
                    }
                ]
            },
        },
        {"body": requests.ConnectionError("no route")},
        {"body": requests.Timeout("slow")},
    ],
    ids=["5xx", "404", "not-json", "empty", "no-rsa-key", "connection", "timeout"],
)
def test_an_unusable_key_set_makes_the_provider_unavailable(mocked, keys, answer):
    mocked.get(KEYS_URL, **answer)
    with pytest.raises(SocialAuthError) as caught:
        keys.key_for("one")
    assert caught.value.code == "social_provider_unavailable"
    assert caught.value.provider == "google"
