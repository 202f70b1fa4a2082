"""POST /users/login: tokens, the refresh cookie, and each way a sign-in fails."""

from __future__ import annotations

import dataclasses

import jwt
import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher

from bff.accounts.models import User
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import error_of
from .builders import PASSWORD
from .conftest import JWT_SECRET


def login(client, username="magnus@example.com", password=PASSWORD, **extra):
    return client.post("/users/login", json={"username": username, "password": password, **extra})


def test_login_answers_an_access_token_and_sets_the_refresh_cookie(
    client, register_confirmed, clock
):
    register_confirmed()
    response = login(client)

    assert response.status_code == 200
    data = response.get_json()["data"]
    assert "refresh" not in data  # the web keeps it in the cookie only
    assert data["user"]["username"] == "magnus_c"
    claims = jwt.decode(data["access"], JWT_SECRET, algorithms=["HS256"], audience="bff:access")
    assert claims["exp"] - claims["iat"] == 15 * 60
    assert claims["sub"] == str(data["user"]["id"])

    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("refresh_token=")
    assert "HttpOnly" in cookie and "Path=/users" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # test and development run over plain http
    assert f"Max-Age={30 * 24 * 3600}" in cookie


@pytest.mark.parametrize("platform", ["ios", "android"])
def test_apps_also_get_the_refresh_token_in_the_body(client, register_confirmed, platform):
    register_confirmed()
    data = login(client, platform=platform).get_json()["data"]
    assert data["refresh"] and data["access"]


@pytest.mark.parametrize("platform", ["web", "mobile-web"])
def test_web_platforms_do_not_get_it_in_the_body(client, register_confirmed, platform):
    register_confirmed()
    assert "refresh" not in login(client, platform=platform).get_json()["data"]


def test_values_are_trimmed_and_the_address_is_case_insensitive(client, register_confirmed):
    register_confirmed()
    assert (
        login(client, username="  MAGNUS@example.com ", password=f" {PASSWORD} ").status_code == 200
    )


def test_a_username_signs_in_too(client, register_confirmed):
    register_confirmed()
    assert login(client, username="Magnus_C").status_code == 200


def test_wrong_password(client, register_confirmed):
    register_confirmed()
    response = login(client, password="wrong-password1")
    assert response.status_code == 401
    error = error_of(response)
    assert error == {
        "code": "user_wrong_password",
        "message": "Password is incorrect. Please try again.",
    }
    assert "Set-Cookie" not in response.headers


def test_unknown_address(client):
    response = login(client, username="nobody@example.com")
    assert response.status_code == 404
    assert error_of(response) == {
        "code": "user_doesnt_exist",
        "message": "We can't find that email address",
    }


@pytest.mark.parametrize(
    "body",
    [
        {"username": "magnus@example.com"},
        {"password": PASSWORD},
        {"username": "  ", "password": PASSWORD},
        {"username": "magnus@example.com", "password": " "},
        {},
    ],
)
def test_missing_username_or_password(client, body):
    response = client.post("/users/login", json=body)
    assert response.status_code == 400
    assert error_of(response) == {
        "code": "user_username_or_password_missing",
        "message": "Username or password missing",
    }


def test_a_deactivated_account_cannot_sign_in(client, register_confirmed, app, clock):
    register_confirmed()
    with app.app_context():
        user = db.session.scalar(sa.select(User))
        user.deactivated_at = clock()
        db.session.commit()
    response = login(client)
    assert response.status_code == 403
    assert error_of(response)["code"] == "user_deactivated"


def test_a_social_only_account_has_no_password_to_match(client, app, clock):
    with app.app_context():
        db.session.add(
            User(
                username="social_only",
                username_key="social_only",
                email="social@example.com",
                email_key="social@example.com",
                email_confirmed_at=clock(),
                created_at=clock(),
            )
        )
        db.session.commit()
    response = login(client, username="social@example.com", password="anything1")
    assert error_of(response)["code"] == "user_wrong_password"


def test_a_hash_with_old_parameters_is_upgraded_at_sign_in(client, register_confirmed, app):
    register_confirmed()
    with app.app_context():
        user = db.session.scalar(sa.select(User))
        old = PasswordHasher(time_cost=1, memory_cost=16, parallelism=1).hash(PASSWORD)
        user.password_hash = old
        db.session.commit()

    assert login(client).status_code == 200

    with app.app_context():
        stored = db.session.scalar(sa.select(User.password_hash))
    assert stored != old and stored.startswith("$argon2id$")
    assert "m=8,t=1,p=1" in stored  # the app's current parameters
    assert login(client).status_code == 200


def test_production_cookies_are_secure(app):
    # Production's start-up checks (secrets, payment keys) are others' business: flip the
    # setting the cookie code reads.
    settings = app_context(app).settings
    app_context(app).settings = dataclasses.replace(settings, env="production")
    client = app.test_client()
    social = app_context(app).social
    social.add("google-cred", "google", "g-1", "magnus@example.com")
    response = client.post(
        "/users/register_no_confirm",
        json={
            "type": "google",
            "token": "google-cred",
            "username": "magnus_c",
            "country": "NO",
            "skill_level": "club",
            "terms": True,
        },
    )
    assert response.status_code == 201
    assert "Secure" in response.headers["Set-Cookie"]


def test_a_password_registered_with_spaces_around_it_signs_in_trimmed(client, register_confirmed):
    register_confirmed(password=f"  {PASSWORD} ")
    assert login(client, password=PASSWORD).status_code == 200


# What a sign-in costs does not tell who has an account -----------------------------------------


class CountingHasher(PasswordHasher):
    """The suite's cheap hasher, recording every hash it checks a password against."""

    def __init__(self):
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.checked: list[str] = []

    def verify(self, hash, password):
        self.checked.append(hash if isinstance(hash, str) else hash.decode())
        return super().verify(hash, password)


@pytest.fixture
def hasher(app) -> CountingHasher:
    app_context(app).password_hasher = counting = CountingHasher()
    return counting


def test_an_unknown_address_costs_a_password_check_too(client, hasher):
    assert error_of(login(client, username="nobody@example.com"))["code"] == "user_doesnt_exist"
    assert error_of(login(client, username="no_one_at_all"))["code"] == "user_doesnt_exist"
    [first, second] = hasher.checked
    # Against one stand-in hash per process, with the parameters members' hashes have.
    assert first == second and first.startswith("$argon2id$v=19$m=8,t=1,p=1$")


def test_a_known_address_costs_one_password_check(client, register_confirmed, hasher):
    register_confirmed()
    assert login(client, password="wrong-password1").status_code == 401
    assert login(client).status_code == 200
    assert len(hasher.checked) == 2


def test_an_account_without_a_password_costs_a_check_too(client, app, clock, hasher):
    with app.app_context():
        db.session.add(
            User(
                username="social_only",
                username_key="social_only",
                email="social@example.com",
                email_key="social@example.com",
                email_confirmed_at=clock(),
                created_at=clock(),
            )
        )
        db.session.commit()
    response = login(client, username="social@example.com", password="anything1")
    assert error_of(response)["code"] == "user_wrong_password"
    assert len(hasher.checked) == 1


def test_only_the_password_tells_that_an_account_is_deactivated(
    client, register_confirmed, app, clock, hasher
):
    register_confirmed()
    with app.app_context():
        db.session.scalar(sa.select(User)).deactivated_at = clock()
        db.session.commit()
    assert error_of(login(client, password="wrong-password1"))["code"] == "user_wrong_password"
    assert error_of(login(client))["code"] == "user_deactivated"
    assert len(hasher.checked) == 2


def test_refused_sign_ins_are_logged_without_the_password(client, register_confirmed, caplog):
    register_confirmed()
    caplog.set_level("INFO", logger="bff.accounts")
    login(client, password="wrong-password1")
    login(client, username="nobody@example.com", password="guessed-one2")
    assert "Sign-in refused for user 1: wrong password" in caplog.text
    assert "Sign-in refused: no such account" in caplog.text
    for secret in ("wrong-password1", "guessed-one2", "nobody@example.com"):
        assert secret not in caplog.text
