"""Sessions: refresh-token rotation and reuse, sign-out, their access tokens, other sites' calls."""

from __future__ import annotations

import jwt
import pytest
import sqlalchemy as sa

from bff.accounts import profile, tokens
from bff.accounts.models import RefreshToken, User
from bff.platform.errors import ApiError
from bff.platform.extensions import db

from ..builders import error_of
from .builders import PASSWORD, bearer, registration
from .conftest import JWT_SECRET

# REFRESH_REUSE_GRACE_SECONDS by default: a rotated token presented this long after its rotation
# is reuse, whether or not its successor was used.
GRACE_SECONDS = 60


def cookie_value(response) -> str:
    header = response.headers["Set-Cookie"]
    assert header.startswith("refresh_token=")
    return header.split(";")[0].split("=", 1)[1]


@pytest.fixture
def web_login(client, register_confirmed):
    register_confirmed()
    response = client.post(
        "/users/login", json={"username": "magnus@example.com", "password": PASSWORD}
    )
    return response


def test_refresh_gives_a_new_access_token_and_rotates_the_cookie(client, web_login, clock):
    first_refresh = cookie_value(web_login)
    clock.advance(minutes=1)

    response = client.get("/users/token_refresh")
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert data["access"] and data["access"] != web_login.get_json()["data"]["access"]
    assert "refresh" not in data
    second_refresh = cookie_value(response)
    assert second_refresh != first_refresh

    # The new access token works.
    assert client.get("/users/profile", headers=bearer(data["access"])).status_code == 200
    # The next refresh uses the rotated cookie, which the client now holds.
    assert client.get("/users/token_refresh").status_code == 200


def test_only_hashes_are_stored_and_rotation_is_recorded(client, web_login, app):
    raw = cookie_value(web_login)
    client.get("/users/token_refresh")
    with app.app_context():
        rows = db.session.scalars(sa.select(RefreshToken).order_by(RefreshToken.id)).all()
    assert len(rows) == 2
    assert rows[0].token_hash == tokens.digest(raw) and raw not in {r.token_hash for r in rows}
    assert rows[0].rotated_at is not None and rows[0].replaced_by_id == rows[1].id
    assert rows[0].family_id == rows[1].family_id
    assert rows[1].rotated_at is None and rows[1].revoked_at is None


def test_reusing_a_rotated_token_revokes_the_whole_family(client, web_login, app, clock):
    stolen = cookie_value(web_login)
    assert client.get("/users/token_refresh").status_code == 200  # the owner refreshes
    clock.advance(seconds=GRACE_SECONDS)  # past the grace period of a lost answer

    client.set_cookie("refresh_token", stolen, path="/users")  # the thief replays the old one
    response = client.get("/users/token_refresh")
    assert response.status_code == 401
    assert error_of(response) == {
        "code": "user_refresh_token_expired",
        "message": "Your session has expired. Login again.",
    }
    assert "refresh_token=;" in response.headers["Set-Cookie"]  # cleared

    with app.app_context():
        assert all(
            row.revoked_at is not None for row in db.session.scalars(sa.select(RefreshToken))
        )


def test_the_legitimate_successor_also_dies_after_reuse(app, web_login, clock):
    with app.app_context():
        issued = tokens.start_family(db.session, 1, clock())
        db.session.commit()
        successor = tokens.rotate(db.session, issued.token, clock())
        with pytest.raises(ApiError):
            tokens.rotate(db.session, issued.token, clock())
        with pytest.raises(ApiError) as raised:
            tokens.rotate(db.session, successor.token, clock())
    assert raised.value.code == "user_refresh_token_expired"


def test_a_refresh_token_lasts_thirty_days(client, web_login, clock):
    clock.advance(days=30)
    response = client.get("/users/token_refresh")
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_refresh_token_expired"


def test_each_rotation_extends_the_session(client, web_login, clock):
    clock.advance(days=29)
    assert client.get("/users/token_refresh").status_code == 200
    clock.advance(days=29)
    assert client.get("/users/token_refresh").status_code == 200


def test_no_or_unknown_refresh_token(client):
    response = client.get("/users/token_refresh")
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_refresh_token_expired"
    response = client.get("/users/token_refresh", headers={"X-Refresh-Token": "made-up"})
    assert error_of(response)["code"] == "user_refresh_token_expired"


def test_apps_refresh_with_the_header_and_get_the_next_token_in_the_body(
    app, register_confirmed, client
):
    register_confirmed()
    login = client.post(
        "/users/login",
        json={"username": "magnus@example.com", "password": PASSWORD, "platform": "ios"},
    )
    refresh = login.get_json()["data"]["refresh"]
    app_client = app.test_client()  # an app keeps no cookies

    response = app_client.get("/users/token_refresh", headers={"X-Refresh-Token": refresh})
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert data["access"] and data["refresh"] and data["refresh"] != refresh
    assert "Set-Cookie" not in response.headers

    response = app_client.get("/users/logout", headers={"X-Refresh-Token": data["refresh"]})
    assert response.status_code == 200
    response = app_client.get("/users/token_refresh", headers={"X-Refresh-Token": data["refresh"]})
    assert response.status_code == 401


def test_logout_revokes_the_family_and_clears_the_cookie(client, web_login, app):
    response = client.get("/users/logout")
    assert response.status_code == 200
    assert response.get_json() == {"data": {"message": "You are logged out."}}
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("refresh_token=;") and "Path=/users" in cookie
    assert "Max-Age=0" in cookie or "Expires=Thu, 01 Jan 1970" in cookie

    client.set_cookie("refresh_token", cookie_value(web_login), path="/users")
    assert client.get("/users/token_refresh").status_code == 401


def test_logout_without_a_session_still_answers(client):
    assert client.get("/users/logout").status_code == 200


def test_logout_ends_only_that_session(client, register_confirmed, app):
    register_confirmed()
    login = {"username": "magnus@example.com", "password": PASSWORD}
    phone, laptop = app.test_client(), app.test_client()
    phone.post("/users/login", json=login)
    laptop.post("/users/login", json=login)
    phone.get("/users/logout")
    assert phone.get("/users/token_refresh").status_code == 401
    assert laptop.get("/users/token_refresh").status_code == 200


# Access tokens end with their session ------------------------------------------------------


def sign_in(app, client=None, platform="mobile-web"):
    """Sign in from a device of its own: (that device, access token, login answer)."""
    device = client or app.test_client()
    response = device.post(
        "/users/login",
        json={"username": "magnus@example.com", "password": PASSWORD, "platform": platform},
    )
    assert response.status_code == 200, response.get_json()
    return device, response.get_json()["data"]["access"], response


def profile_status(client, access) -> int:
    return client.get("/users/profile", headers=bearer(access)).status_code


def test_logout_ends_the_access_tokens_of_that_session_only(app, client, register_confirmed):
    register_confirmed()
    phone, phone_access, _ = sign_in(app)
    laptop, laptop_access, _ = sign_in(app)
    assert profile_status(phone, phone_access) == 200

    assert phone.get("/users/logout").status_code == 200
    response = phone.get("/users/profile", headers=bearer(phone_access))
    assert response.status_code == 401
    assert error_of(response) == {"code": "user_invalid_token", "message": "Invalid token"}
    assert profile_status(laptop, laptop_access) == 200


def test_an_app_signing_out_ends_its_access_tokens(app, register_confirmed):
    register_confirmed()
    device, access, login = sign_in(app, platform="ios")
    refresh = login.get_json()["data"]["refresh"]
    app_client = app.test_client()
    assert app_client.get("/users/logout", headers={"X-Refresh-Token": refresh}).status_code == 200
    assert profile_status(app_client, access) == 401


def test_a_refreshed_access_token_ends_with_its_session_too(app, register_confirmed):
    register_confirmed()
    device, first_access, _ = sign_in(app)
    refreshed = device.get("/users/token_refresh").get_json()["data"]["access"]
    assert profile_status(device, first_access) == 200  # the same session, still on
    assert profile_status(device, refreshed) == 200
    device.get("/users/logout")
    assert profile_status(device, first_access) == 401
    assert profile_status(device, refreshed) == 401


def test_a_reused_refresh_token_ends_the_sessions_access_tokens(
    app, register_confirmed, caplog, clock
):
    register_confirmed()
    device, access, login = sign_in(app)
    stolen = cookie_value(login)
    assert device.get("/users/token_refresh").status_code == 200
    clock.advance(seconds=GRACE_SECONDS)
    thief = app.test_client()
    thief.set_cookie("refresh_token", stolen, path="/users")
    assert thief.get("/users/token_refresh").status_code == 401
    assert profile_status(device, access) == 401
    assert "A rotated refresh token of user 1 came back: its session ended" in caplog.text
    assert stolen not in caplog.text


def test_content_trusts_an_ended_session_for_a_second_at_most(app, register_confirmed, clock):
    register_confirmed()
    device, access, _ = sign_in(app)
    assert device.get("/cms/lessons?_limit=3", headers=bearer(access)).status_code == 200
    device.get("/users/logout")
    clock.advance(seconds=1)
    response = device.get("/cms/lessons?_limit=3", headers=bearer(access))
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_invalid_token"


def test_deactivating_an_account_ends_every_session(app, register_confirmed, clock):
    register_confirmed()
    phone, phone_access, _ = sign_in(app)
    laptop, laptop_access, _ = sign_in(app)
    with app.app_context():
        profile.deactivate(db.session, db.session.scalar(sa.select(User.id)), now=clock())
        assert all(
            row.revoked_at is not None for row in db.session.scalars(sa.select(RefreshToken))
        )
    assert profile_status(phone, phone_access) == 401
    assert profile_status(laptop, laptop_access) == 401
    assert phone.get("/users/token_refresh").status_code == 401
    assert laptop.get("/users/token_refresh").status_code == 401


def test_an_access_token_without_a_session_is_invalid(client, signed_in, clock):
    access, _ = signed_in()
    user_id = jwt.decode(access, options={"verify_signature": False})["sub"]
    claims = {
        "sub": user_id,
        "aud": "bff:access",
        "exp": int(clock().timestamp()) + 600,
        "iat": int(clock().timestamp()),
    }
    for extra in ({}, {"sid": ""}, {"sid": 7}, {"sid": "f" * 32}):
        token = jwt.encode({**claims, **extra}, JWT_SECRET, algorithm="HS256")
        response = client.get("/users/profile", headers=bearer(token))
        assert response.status_code == 401, extra
        assert error_of(response)["code"] == "user_invalid_token"


def test_an_access_token_names_its_session(signed_in, app):
    access, _ = signed_in()
    claims = jwt.decode(access, options={"verify_signature": False})
    with app.app_context():
        assert claims["sid"] == db.session.scalar(sa.select(RefreshToken.family_id))


# Requests another site starts ----------------------------------------------------------------

CROSS_SITE = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
FORBIDDEN = {"code": "forbidden", "message": "Forbidden"}


@pytest.mark.parametrize("path", ["/users/token_refresh", "/users/logout"])
@pytest.mark.parametrize(
    "headers",
    [
        CROSS_SITE,
        {"Origin": "https://chess-prizes.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost.example"},
        {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors"},
        {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate"},
    ],
    ids=[
        "sec-fetch-site",
        "origin",
        "hidden origin",
        "origin of another site",
        "a sibling subdomain",
        "not started by a page",
    ],
)
def test_another_site_cannot_refresh_or_end_a_session_by_cookie(
    app, register_confirmed, path, headers
):
    register_confirmed()
    device, access, _ = sign_in(app)
    response = device.get(path, headers=headers)
    assert response.status_code == 403
    assert error_of(response) == FORBIDDEN
    assert "Set-Cookie" not in response.headers  # neither rotated nor cleared
    # Nothing changed: the session goes on, with the same refresh token.
    assert profile_status(device, access) == 200
    assert device.get("/users/token_refresh").status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"},
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
        {"Origin": "http://127.0.0.1:8000"},  # PUBLIC_BASE_URL
    ],
)
def test_the_sites_own_calls_still_refresh_and_sign_out(app, register_confirmed, headers):
    register_confirmed()
    device, access, _ = sign_in(app)
    assert device.get("/users/token_refresh", headers=headers).status_code == 200
    assert device.get("/users/logout", headers=headers).status_code == 200
    assert profile_status(device, access) == 401


def test_the_apps_header_is_not_a_cross_site_request(app, register_confirmed):
    """A page of another site cannot read or send an app's refresh token: the header transport
    answers whatever Sec-Fetch-* or Origin comes along (apps send none)."""
    register_confirmed()
    _, access, login = sign_in(app, platform="android")
    refresh = login.get_json()["data"]["refresh"]
    app_client = app.test_client()
    headers = {"X-Refresh-Token": refresh, **CROSS_SITE, "Origin": "https://elsewhere.example"}
    response = app_client.get("/users/token_refresh", headers=headers)
    assert response.status_code == 200
    refresh = response.get_json()["data"]["refresh"]
    headers["X-Refresh-Token"] = refresh
    assert app_client.get("/users/logout", headers=headers).status_code == 200
    assert profile_status(app_client, access) == 401


def test_a_cross_site_call_without_a_session_changes_nothing_either(client):
    assert client.get("/users/logout", headers=CROSS_SITE).status_code == 200
    response = client.get("/users/token_refresh", headers=CROSS_SITE)
    assert error_of(response)["code"] == "user_refresh_token_expired"


# A refresh answer lost on the way: the grace period -------------------------------------------


def app_login(app) -> tuple:
    """An app signs in (it keeps no cookies): (its client, the refresh token in the body)."""
    device, _, login = sign_in(app, platform="ios")
    return app.test_client(), login.get_json()["data"]["refresh"]


def refresh_by_header(device, token):
    return device.get("/users/token_refresh", headers={"X-Refresh-Token": token})


def family_revoked(app) -> bool:
    with app.app_context():
        return all(
            row.revoked_at is not None for row in db.session.scalars(sa.select(RefreshToken))
        )


def test_a_refresh_made_again_within_the_grace_period_keeps_the_member_signed_in(
    app, register_confirmed, clock
):
    register_confirmed()
    device, first = app_login(app)
    lost = refresh_by_header(device, first)  # its answer never reaches the phone
    assert lost.status_code == 200

    clock.advance(seconds=GRACE_SECONDS - 1)
    again = refresh_by_header(device, first)
    assert again.status_code == 200
    data = again.get_json()["data"]
    assert data["refresh"] not in {first, lost.get_json()["data"]["refresh"]}
    assert profile_status(device, data["access"]) == 200
    assert not family_revoked(app)

    # The session goes on as if the first answer had come: the next refreshes work.
    clock.advance(minutes=14)
    following = refresh_by_header(device, data["refresh"])
    assert following.status_code == 200
    assert refresh_by_header(device, following.get_json()["data"]["refresh"]).status_code == 200


def test_a_browser_whose_refresh_answer_was_lost_refreshes_again_by_cookie(
    client, web_login, clock
):
    first = cookie_value(web_login)
    assert client.get("/users/token_refresh").status_code == 200
    client.set_cookie("refresh_token", first, path="/users")  # the new cookie never came

    clock.advance(seconds=10)
    again = client.get("/users/token_refresh")
    assert again.status_code == 200
    assert cookie_value(again) != first
    assert client.get("/users/token_refresh").status_code == 200


def test_after_the_grace_period_the_same_refresh_ends_the_session(
    app, register_confirmed, clock, caplog
):
    register_confirmed()
    device, first = app_login(app)
    lost = refresh_by_header(device, first)
    unused = lost.get_json()["data"]["refresh"]

    clock.advance(seconds=GRACE_SECONDS)
    response = refresh_by_header(device, first)
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_refresh_token_expired"
    assert family_revoked(app)
    assert profile_status(device, lost.get_json()["data"]["access"]) == 401
    assert refresh_by_header(device, unused).status_code == 401
    assert "A rotated refresh token of user 1 came back: its session ended" in caplog.text


def test_no_grace_once_the_token_given_was_used(app, register_confirmed, clock):
    """The answer was not lost: its token came back. The old one again is a copy."""
    register_confirmed()
    device, first = app_login(app)
    second = refresh_by_header(device, first).get_json()["data"]["refresh"]
    assert refresh_by_header(device, second).status_code == 200

    clock.advance(seconds=1)
    assert refresh_by_header(device, first).status_code == 401
    assert family_revoked(app)


def test_the_token_a_lost_answer_held_is_retired_one_live_token_a_session(
    app, register_confirmed, clock
):
    """A thief replaying a token within the grace period gets a session only until the owner's
    next refresh, which then ends it for both."""
    register_confirmed()
    device, first = app_login(app)
    owners = refresh_by_header(device, first).get_json()["data"]["refresh"]

    clock.advance(seconds=5)
    thiefs = refresh_by_header(app.test_client(), first).get_json()["data"]["refresh"]
    with app.app_context():
        live = db.session.scalars(
            sa.select(RefreshToken).where(
                RefreshToken.rotated_at.is_(None), RefreshToken.revoked_at.is_(None)
            )
        ).all()
    assert [row.token_hash for row in live] == [tokens.digest(thiefs)]

    clock.advance(minutes=10)
    assert refresh_by_header(device, owners).status_code == 401  # the owner refreshes
    assert refresh_by_header(app.test_client(), thiefs).status_code == 401


def test_a_grace_period_of_zero_makes_every_reuse_theft(build_app, clock):
    app = build_app(REFRESH_REUSE_GRACE_SECONDS="0")
    device = app.test_client()
    device.post("/users/register", json=registration())
    with app.app_context():
        db.session.execute(sa.update(User).values(email_confirmed_at=clock()))
        db.session.commit()
    _, first = app_login(app)
    assert refresh_by_header(device, first).status_code == 200
    assert refresh_by_header(device, first).status_code == 401
    assert family_revoked(app)


# How long the tokens of an answer last --------------------------------------------------------


def assert_lifetimes(data: dict, clock, *, refresh_in_body: bool) -> None:
    """`expires_in` is the access token's `exp` less now; `refresh_expires_in` comes with a
    refresh token in the body, 30 days from now."""
    claims = jwt.decode(data["access"], options={"verify_signature": False})
    assert data["expires_in"] == claims["exp"] - int(clock().timestamp()) == 15 * 60
    assert claims["exp"] - claims["iat"] == data["expires_in"]
    if refresh_in_body:
        assert data["refresh_expires_in"] == 30 * 24 * 3600
    else:
        assert "refresh" not in data and "refresh_expires_in" not in data


@pytest.mark.parametrize("platform", ["mobile-web", "ios"])
def test_sign_in_and_refresh_answer_how_long_their_tokens_last(
    app, register_confirmed, clock, platform
):
    register_confirmed()
    device, _, login = sign_in(app, platform=platform)
    in_body = platform == "ios"
    assert_lifetimes(login.get_json()["data"], clock, refresh_in_body=in_body)

    clock.advance(minutes=14)
    headers = {"X-Refresh-Token": login.get_json()["data"]["refresh"]} if in_body else {}
    client = app.test_client() if in_body else device
    refreshed = client.get("/users/token_refresh", headers=headers)
    assert_lifetimes(refreshed.get_json()["data"], clock, refresh_in_body=in_body)


def test_social_sign_in_and_registration_answer_how_long_their_tokens_last(client, social, clock):
    social.add("cred", "google", "g-1", "g1@example.com")
    registered = client.post(
        "/users/register_no_confirm",
        json={
            "type": "google",
            "token": "cred",
            "username": "hikaru_n",
            "country": "US",
            "skill_level": "expert",
            "terms": True,
            "platform": "android",
        },
    )
    assert registered.status_code == 201, registered.get_json()
    assert_lifetimes(registered.get_json()["data"], clock, refresh_in_body=True)

    signed_in = client.post("/users/google", json={"id_token": "cred", "platform": "mobile-web"})
    assert_lifetimes(signed_in.get_json()["data"], clock, refresh_in_body=False)


def test_an_email_registration_has_no_session_to_last(client):
    data = client.post("/users/register", json=registration()).get_json()["data"]
    assert data["access"] is None and data["expires_in"] is None
