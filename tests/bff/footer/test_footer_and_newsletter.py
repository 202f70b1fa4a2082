"""GET /content/footer and POST /content/subscribe."""

from __future__ import annotations

import pytest
import responses

from bff.app_context import app_context
from bff.cms.upstream import UpstreamUnavailable

from ..builders import error_of

SEED_URLS = {
    "facebook": "https://www.facebook.com/example.chess.learning",
    "instagram": "https://www.instagram.com/example.chess.learning",
    "youtube": "https://www.youtube.com/@example-chess-learning",
    "twitter": "https://twitter.com/example_chess",
}


def footer(client, headers=None) -> dict:
    answer = client.get("/content/footer", headers=headers or {})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert set(body) == {"data"}
    return body["data"]


def test_guests_get_the_links_and_not_subscribed(client):
    assert footer(client) == {"subscribed": False, "urls": SEED_URLS}


def test_a_member_sees_their_own_newsletter_state(client, member):
    _, headers = member()
    assert footer(client, headers)["subscribed"] is False
    email = client.get("/users/profile", headers=headers).get_json()["data"]["email"]
    # Another spelling of the same address counts.
    answer = client.post("/content/subscribe", json={"email": email.upper()})
    assert answer.status_code == 200
    assert footer(client, headers)["subscribed"] is True
    _, someone_else = member()
    assert footer(client, someone_else)["subscribed"] is False


def test_the_footer_is_read_through_the_content_cache(app, client):
    footer(client)
    upstream = app_context(app).catalogue.upstream

    def down(*args, **kwargs):
        raise UpstreamUnavailable("down")

    upstream.single = down
    assert footer(client)["urls"] == SEED_URLS  # served from the cache


def test_without_the_cms_the_footer_keeps_its_form(make_app):
    app = make_app(CMS_CACHE_TTL="0")
    upstream = app_context(app).catalogue.upstream

    def down(*args, **kwargs):
        raise UpstreamUnavailable("down")

    upstream.single = down
    data = footer(app.test_client())
    assert data == {"subscribed": False, "urls": dict.fromkeys(SEED_URLS)}


def test_subscribe_stores_the_address_once(client):
    first = client.post("/content/subscribe", json={"email": " Fan@Example.com "})
    assert first.status_code == 200
    # Normalised: the domain lower-cased (docs/accounts.md, validation).
    assert first.get_json() == {"data": {"email": "Fan@example.com", "subscribed": True}}
    again = client.post("/content/subscribe", json={"email": "fan@example.com"})
    error = error_of(again, 409)
    assert error == {
        "code": "already_subscribed",
        "message": "This email address is already used for subscription",
    }


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "This field is required."),
        ({"email": ""}, "This field is required."),
        ({"email": "   "}, "This field is required."),
        ({"email": None}, "This field is required."),
        ({"email": "not-an-address"}, "Email format is invalid."),
        ({"email": "a@b"}, "Minimum length of 5 is not met."),
    ],
)
def test_subscribe_validates_the_address(client, body, message):
    answer = client.post("/content/subscribe", json=body)
    error = error_of(answer, 400)
    assert error["fields"]["email"] == message


def test_subscribe_is_rate_limited(make_app):
    client = make_app(RATE_LIMIT_SUBSCRIBE="2 per minute").test_client()
    for number in range(2):
        client.post("/content/subscribe", json={"email": f"fan{number}@example.com"})
    answer = client.post("/content/subscribe", json={"email": "fan9@example.com"})
    assert error_of(answer, 429)["code"] == "rate_limited"


@responses.activate
def test_no_network_is_touched(client):
    footer(client)
    assert len(responses.calls) == 0


def test_a_member_turns_the_newsletter_off_and_on_again(client, member):
    _, headers = member()
    email = client.get("/users/profile", headers=headers).get_json()["data"]["email"]
    assert client.post("/content/subscribe", json={"email": email}).status_code == 200
    assert footer(client, headers)["subscribed"] is True

    answer = client.post("/content/unsubscribe", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"data": {"email": email, "subscribed": False}}
    assert footer(client, headers)["subscribed"] is False
    # Off twice answers the same; on again works.
    assert client.post("/content/unsubscribe", headers=headers).status_code == 200
    assert client.post("/content/subscribe", json={"email": email}).status_code == 200
    assert footer(client, headers)["subscribed"] is True


def test_unsubscribe_leaves_other_addresses_alone(client, member):
    _, headers = member()
    client.post("/content/subscribe", json={"email": "fan@example.com"})
    client.post("/content/unsubscribe", headers=headers)
    again = client.post("/content/subscribe", json={"email": "fan@example.com"})
    assert error_of(again, 409)["code"] == "already_subscribed"


def test_unsubscribe_is_for_members_only(client):
    answer = client.post("/content/unsubscribe")
    assert error_of(answer, 401)["code"] == "unauthorized"
