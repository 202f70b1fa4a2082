"""POST /users/change_password: the current password again, the rules of a new one, and every
session of the account ended (its access tokens at once), the device that changed it signed in
anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from bff.accounts import rules

from ..builders import error_of
from .builders import PASSWORD, bearer, link_in, mails, path_of, registration

NEW_PASSWORD = "new-secret9"


def sign_in(app, password=PASSWORD, **extra):
    device = app.test_client()
    response = device.post(
        "/users/login", json={"username": "magnus@example.com", "password": password, **extra}
    )
    return device, response


def access_of(response) -> str:
    assert response.status_code == 200, response.get_json()
    return response.get_json()["data"]["access"]


def change(device, access, **body):
    return device.post("/users/change_password", headers=bearer(access), json=body)


def test_a_change_ends_every_session_and_signs_this_device_in_anew(app, register_confirmed):
    register_confirmed()
    laptop, laptop_login = sign_in(app)
    phone, phone_login = sign_in(app)
    laptop_access, phone_access = access_of(laptop_login), access_of(phone_login)

    response = change(phone, phone_access, current_password=PASSWORD, password=NEW_PASSWORD)
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert data["user"]["email"] == "magnus@example.com" and "refresh" not in data
    assert response.headers["Set-Cookie"].startswith("refresh_token=")

    # Every session before the change is over, this device's old token too ...
    for device, access in ((laptop, laptop_access), (phone, phone_access)):
        answer = device.get("/users/profile", headers=bearer(access))
        assert error_of(answer)["code"] == "user_invalid_token"
    assert laptop.get("/users/token_refresh").status_code == 401
    # ... and the new session goes on.
    assert phone.get("/users/profile", headers=bearer(data["access"])).status_code == 200
    assert phone.get("/users/token_refresh").status_code == 200

    assert sign_in(app)[1].status_code == 401
    assert sign_in(app, NEW_PASSWORD)[1].status_code == 200


def test_apps_get_the_new_refresh_token_in_the_body(app, register_confirmed):
    register_confirmed()
    device, login = sign_in(app, platform="ios")
    response = change(
        device,
        access_of(login),
        current_password=PASSWORD,
        password=NEW_PASSWORD,
        platform="ios",
    )
    assert response.status_code == 200
    refresh = response.get_json()["data"]["refresh"]
    answer = app.test_client().get("/users/token_refresh", headers={"X-Refresh-Token": refresh})
    assert answer.status_code == 200


def test_the_current_password_must_be_right(app, register_confirmed):
    register_confirmed()
    device, login = sign_in(app)
    access = access_of(login)
    response = change(device, access, current_password="wrong-one1", password=NEW_PASSWORD)
    assert response.status_code == 400
    assert error_of(response) == {
        "code": "user_wrong_password",
        "message": "Password is incorrect. Please try again.",
        "fields": {"current_password": "Password is incorrect. Please try again."},
    }
    response = change(device, access, password=NEW_PASSWORD)
    assert error_of(response)["code"] == "user_password_required"
    assert error_of(response)["fields"] == {"current_password": rules.REQUIRED}
    # Nothing changed: the session goes on, the password is the old one.
    assert device.get("/users/profile", headers=bearer(access)).status_code == 200
    assert sign_in(app)[1].status_code == 200


@pytest.mark.parametrize(
    ("body", "code", "fields"),
    [
        ({"password": "short"}, "validation_failed", {"password": rules.PASSWORD_RULE}),
        ({}, "user_password_required", {"password": rules.REQUIRED}),
        (
            {"password": NEW_PASSWORD, "password_confirmation": "other-one9"},
            "user_passwords_dont_match",
            {"password_confirmation": "The passwords don't match. Please try again."},
        ),
    ],
)
def test_the_new_password_follows_the_rules(app, register_confirmed, body, code, fields):
    register_confirmed()
    device, login = sign_in(app)
    response = change(device, access_of(login), current_password=PASSWORD, **body)
    assert response.status_code == 400
    error = error_of(response)
    assert (error["code"], error["fields"]) == (code, fields)


def test_members_only(client):
    response = client.post(
        "/users/change_password", json={"current_password": PASSWORD, "password": NEW_PASSWORD}
    )
    assert response.status_code == 401
    assert error_of(response)["code"] == "unauthorized"


def test_guessing_the_current_password_counts_as_signing_in(build_app):
    app = build_app(RATE_LIMIT_LOGIN="3 per minute")
    client = app.test_client()
    assert client.post("/users/register", json=registration()).status_code == 201
    confirm = path_of(link_in(mails(Path(app.instance_path) / "outbox")[-1]))
    assert client.get(confirm).status_code == 302
    access = access_of(
        client.post("/users/login", json={"username": "magnus_c", "password": PASSWORD})
    )
    for guess in ("guess-one1", "guess-two2"):
        response = change(client, access, current_password=guess, password=NEW_PASSWORD)
        assert response.status_code == 400
    response = change(client, access, current_password=PASSWORD, password=NEW_PASSWORD)
    assert response.status_code == 429
    assert error_of(response)["code"] == "rate_limited"


def test_the_member_is_told_by_mail_after_the_answer(app, register_confirmed, outbox):
    register_confirmed()
    device, login = sign_in(app)
    before = len(mails(outbox))
    response = change(device, access_of(login), current_password=PASSWORD, password=NEW_PASSWORD)
    assert response.status_code == 200
    assert len(mails(outbox)) == before
    response.close()  # the server has sent the answer
    [mail] = mails(outbox)[before:]
    assert (mail["To"], mail["Subject"]) == ("magnus@example.com", "Your password was changed")
    assert link_in(mail) == "http://127.0.0.1:8000/login"
    assert NEW_PASSWORD not in mail.as_string()
