"""Facebook Login: the access token inspected with debug_token, then the profile read."""

from __future__ import annotations

import hashlib
import hmac
import logging
import time
import traceback
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
import responses

from bff.accounts.social import SocialAuthError, SocialSettings, SocialVerifier
from bff.accounts.social.facebook import GRAPH_VERSION

APP_ID = "284512367389012"
APP_SECRET = "f3e9a0c1b2d34e5f6a7b8c9d0e1f2a3b"
USER_ID = "10215241773831025"
TOKEN = "EAAECYJmZCmZAQBAKsEXAMPLEuserTOKEN"

DEBUG_URL = f"https://graph.facebook.com/{GRAPH_VERSION}/debug_token"
ME_URL = f"https://graph.facebook.com/{GRAPH_VERSION}/me"


def settings(**overrides) -> SocialSettings:
    values = dict(
        google_client_ids=(),
        apple_client_ids=(),
        apple_team_id=None,
        apple_key_id=None,
        apple_private_key=None,
        apple_redirect_uri=None,
        facebook_app_id=APP_ID,
        facebook_app_secret=APP_SECRET,
        timeout=2.0,
    )
    values.update(overrides)
    return SocialSettings(**values)


def gen_debug(**overrides) -> dict:
    """debug_token's answer for a live user token, as Facebook documents it."""
    data = {
        "app_id": APP_ID,
        "type": "USER",
        "application": "Chess",
        "data_access_expires_at": int(time.time()) + 90 * 86400,
        "expires_at": int(time.time()) + 3600,
        "is_valid": True,
        "issued_at": int(time.time()) - 60,
        "scopes": ["email", "public_profile"],
        "user_id": USER_ID,
    }
    data.update(overrides)
    return {"data": data}


def gen_profile(**overrides) -> dict:
    profile = {
        "id": USER_ID,
        "email": "Magnus@Example.com",
        "first_name": "Magnus",
        "last_name": "Carlsen",
    }
    profile.update(overrides)
    return {name: value for name, value in profile.items() if value is not None}


@pytest.fixture
def verifier():
    return SocialVerifier(settings())


@pytest.fixture
def mocked():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        yield rsps


def query_of(call) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(call.request.url).query).items()}


def calls_to(mocked, url: str) -> list:
    return [call for call in mocked.calls if call.request.url.split("?")[0] == url]


def refused(verifier, reason: str) -> SocialAuthError:
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("facebook", TOKEN)
    error = caught.value
    assert (error.provider, error.code, error.reason) == ("facebook", "user_invalid_token", reason)
    return error


def test_a_live_token_of_our_app_names_the_person(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(ME_URL, json=gen_profile())
    identity = verifier.verify("facebook", TOKEN)
    assert identity.provider == "facebook"
    assert identity.subject == USER_ID
    assert identity.email == "magnus@example.com"
    assert (identity.first_name, identity.last_name) == ("Magnus", "Carlsen")

    [inspection] = calls_to(mocked, DEBUG_URL)
    assert query_of(inspection) == {"input_token": TOKEN, "access_token": f"{APP_ID}|{APP_SECRET}"}
    [profile] = calls_to(mocked, ME_URL)
    query = query_of(profile)
    assert query["fields"] == "id,email,first_name,last_name"
    assert query["access_token"] == TOKEN
    for call in (inspection, profile):
        assert call.request.req_kwargs["timeout"] == 2.0


def test_the_profile_call_carries_the_appsecret_proof(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(ME_URL, json=gen_profile())
    verifier.verify("facebook", TOKEN)
    expected = hmac.new(APP_SECRET.encode(), TOKEN.encode(), hashlib.sha256).hexdigest()
    assert query_of(calls_to(mocked, ME_URL)[0])["appsecret_proof"] == expected
    assert len(expected) == 64


def test_the_graph_api_version_is_pinned(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(ME_URL, json=gen_profile())
    verifier.verify("facebook", TOKEN)
    assert GRAPH_VERSION.startswith("v")
    assert all(urlsplit(c.request.url).path.startswith(f"/{GRAPH_VERSION}/") for c in mocked.calls)


def test_a_profile_without_email_gives_no_email(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug(scopes=["public_profile"]))
    mocked.get(ME_URL, json=gen_profile(email=None))
    identity = verifier.verify("facebook", TOKEN)
    assert identity.subject == USER_ID
    assert identity.email is None
    assert identity.first_name == "Magnus"


def test_an_invalid_token_is_refused_before_reading_the_profile(verifier, mocked):
    # What debug_token answers for a token that was revoked or never existed.
    mocked.get(
        DEBUG_URL,
        json={
            "data": {
                "error": {
                    "code": 190,
                    "message": "Invalid OAuth access token - Cannot parse access token",
                },
                "is_valid": False,
                "scopes": [],
            }
        },
    )
    mocked.get(ME_URL, json=gen_profile())
    refused(verifier, "not_valid")
    assert calls_to(mocked, ME_URL) == []


def test_a_token_of_another_app_is_refused(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug(app_id="999999999999999", application="Other"))
    mocked.get(ME_URL, json=gen_profile())
    refused(verifier, "app")
    assert calls_to(mocked, ME_URL) == []


def test_an_expired_token_is_refused(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug(expires_at=int(time.time()) - 10))
    refused(verifier, "expired")


def test_a_token_that_never_expires_is_accepted(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug(expires_at=0))
    mocked.get(ME_URL, json=gen_profile())
    assert verifier.verify("facebook", TOKEN).subject == USER_ID


def test_a_page_token_is_refused(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug(type="PAGE"))
    refused(verifier, "token_type")


def test_a_profile_of_someone_else_is_refused(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(ME_URL, json=gen_profile(id="42"))
    refused(verifier, "user_mismatch")


def test_graph_refusing_the_token_is_an_invalid_token(verifier, mocked):
    mocked.get(
        DEBUG_URL,
        status=400,
        json={
            "error": {
                "message": "Invalid OAuth access token - Cannot parse access token",
                "type": "OAuthException",
                "code": 190,
                "fbtrace_id": "EJplcsCHuLu",
            }
        },
    )
    refused(verifier, "refused")


def test_graph_throttling_is_unavailable_not_invalid(verifier, mocked):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(
        ME_URL,
        status=403,
        json={
            "error": {
                "message": "(#4) Application request limit reached",
                "type": "OAuthException",
                "code": 4,
                "fbtrace_id": "AbCdEf",
            }
        },
    )
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("facebook", TOKEN)
    assert caught.value.code == "social_provider_unavailable"


@pytest.mark.parametrize("url", [DEBUG_URL, ME_URL], ids=["debug_token", "me"])
@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (
            {"status": 500, "json": {"error": {"code": 190, "type": "OAuthException"}}},
            "server_error",
        ),
        ({"status": 502, "body": "Bad Gateway"}, "server_error"),
        # requests repeats the URL, secret and all, in its errors: this one does likewise.
        (
            {
                "body": requests.ConnectionError(
                    f"Max retries exceeded with url: {APP_SECRET} {TOKEN}"
                )
            },
            "network",
        ),
    ],
    ids=["500", "502", "connection"],
)
def test_facebook_unreachable_is_unavailable_and_leaks_nothing(
    verifier, mocked, caplog, url, answer, reason
):
    mocked.get(DEBUG_URL, json=gen_debug())
    mocked.get(ME_URL, json=gen_profile())
    mocked.replace(responses.GET, url, **answer)
    with caplog.at_level(logging.DEBUG, logger="bff"), pytest.raises(SocialAuthError) as caught:
        verifier.verify("facebook", TOKEN)
    error = caught.value
    assert (error.provider, error.code, error.reason, error.status) == (
        "facebook",
        "social_provider_unavailable",
        reason,
        503,
    )
    # Nor in a traceback, should the caller let the error escape into a log.
    traceback_text = "".join(traceback.format_exception(error))
    for text in (caplog.text, error.message, repr(error), traceback_text):
        assert APP_SECRET not in text and TOKEN not in text


@pytest.mark.parametrize("token", ["", "  "])
def test_an_empty_token_is_refused_without_asking_facebook(verifier, mocked, token):
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify("facebook", token)
    assert caught.value.code == "user_invalid_token"
    assert len(mocked.calls) == 0
