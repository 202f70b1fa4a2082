"""Availability checks, the countries list, the newsletter service, and the documented routes."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from bff.accounts import newsletter, profile
from bff.accounts.models import NewsletterSubscription
from bff.platform.errors import ApiError
from bff.platform.extensions import db

from ..builders import error_of
from .builders import registration


def available(client, path):
    response = client.get(path)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert set(body) == {"data"} and set(body["data"]) == {"available", "message"}
    assert (body["data"]["message"] is None) == body["data"]["available"]
    return body["data"]["available"]


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("shithead", "Keep it clean, please"),
        ("has space", "Username can't contain white spaces."),
        ("magnus_c", "This username is already taken."),
    ],
)
def test_an_unavailable_username_says_why(client, username, message):
    client.post("/users/register", json=registration())
    answer = client.get(f"/users/check?username={username}").get_json()["data"]
    assert answer == {"available": False, "message": message}


def test_username_availability_ignores_case(client):
    assert available(client, "/users/check?username=magnus_c") is True
    client.post("/users/register", json=registration())
    assert available(client, "/users/check?username=magnus_c") is False
    assert available(client, "/users/check?username=MAGNUS_C") is False
    assert available(client, "/users/check?username=magnus_d") is True


@pytest.mark.parametrize("username", ["abcd", "a" * 32, "has space", "bad!name", "shithead"])
def test_unacceptable_usernames_are_not_available(client, username):
    assert available(client, f"/users/check?username={username}") is False


def test_email_availability_ignores_case(client):
    assert available(client, "/users/check_email?email=magnus@example.com") is True
    client.post("/users/register", json=registration())
    assert available(client, "/users/check_email?email=Magnus@Example.COM") is False
    assert available(client, "/users/check_email?email=other@example.com") is True
    assert available(client, "/users/check_email?email=not-an-email") is False


@pytest.mark.parametrize("path", ["/users/check", "/users/check_email", "/users/check?name=x"])
def test_the_query_parameter_is_required(client, path):
    response = client.get(path)
    assert response.status_code == 400
    assert error_of(response)["code"] == "validation_failed"


def test_countries_lists_every_iso_country_by_name(client):
    response = client.get("/users/countries")
    assert response.status_code == 200
    countries = response.get_json()["data"]
    assert len(countries) == 249
    assert all(set(country) == {"code", "name"} for country in countries)
    by_code = {country["code"]: country["name"] for country in countries}
    assert by_code["NO"] == "Norway" and by_code["TW"] == "Taiwan" and by_code["FR"] == "France"
    names = [country["name"] for country in countries]
    assert names == sorted(names)


def test_subscribe_newsletter_adds_an_address_once(app):
    with app.app_context():
        row = newsletter.subscribe_newsletter(db.session, "  Reader@Example.com ")
        db.session.commit()
        assert row.email == "reader@example.com" and row.user_id is None
        with pytest.raises(ApiError) as raised:
            newsletter.subscribe_newsletter(db.session, "reader@EXAMPLE.com")
        assert (raised.value.status, raised.value.code) == (409, "already_subscribed")
        assert db.session.scalar(sa.select(sa.func.count(NewsletterSubscription.id))) == 1


USERS_ROUTES = {
    "/users/register": {"post"},
    "/users/register_no_confirm": {"post"},
    "/users/register_email": {"post"},
    "/users/confirm_email": {"get", "post"},
    "/users/login": {"post"},
    "/users/facebook": {"post"},
    "/users/google": {"post"},
    "/users/apple": {"post"},
    "/users/social_providers": {"get"},
    "/users/token_refresh": {"get"},
    "/users/logout": {"get"},
    "/users/profile": {"get", "post"},
    "/users/check": {"get"},
    "/users/check_email": {"get"},
    "/users/countries": {"get"},
    "/users/start_password_recovery": {"post"},
    "/users/recover_password": {"post"},
    "/users/change_password": {"post"},
    "/uploads/{name}": {"get"},
}


def test_every_route_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").get_json()
    for path, methods in USERS_ROUTES.items():
        assert path in spec["paths"], path
        operations = spec["paths"][path]
        assert methods <= set(operations), path
        for method in methods:
            assert operations[method].get("summary"), (path, method)
    register = spec["paths"]["/users/register"]["post"]
    assert "RegisterBody" in str(register["requestBody"])
    assert {"201", "400", "409", "429"} <= set(register["responses"])
    profile = spec["paths"]["/users/profile"]["post"]["requestBody"]["content"]
    assert set(profile) == {"application/json", "multipart/form-data"}
    user = spec["components"]["schemas"]["User"]["properties"]
    assert {"firstname", "lastname", "avatar", "user_tier", "subscription"} <= set(user)


def test_billing_sets_the_tier_through_the_accounts_service(app, client, signed_in):
    from .builders import bearer

    access, _ = signed_in()
    user_id = client.get("/users/profile", headers=bearer(access)).get_json()["data"]["id"]
    with app.app_context():
        profile.set_user_tier(db.session, user_id, "pro")
        db.session.commit()
        with pytest.raises(ValueError):
            profile.set_user_tier(db.session, user_id, "gold")
    assert client.get("/users/profile", headers=bearer(access)).get_json()["data"]["user_tier"] == (
        "pro"
    )
