"""The three register calls, unique names and addresses, the newsletter, and e-mail confirmation."""

from __future__ import annotations

import sqlalchemy as sa

from bff.accounts import lookups, newsletter
from bff.accounts import registration as registration_service
from bff.accounts.models import EmailConfirmation, NewsletterSubscription, User
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import error_of
from .builders import PASSWORD, link_in, mails, path_of, registration


def test_email_registration_creates_an_unconfirmed_account_and_mails_a_link(client, outbox, app):
    response = client.post("/users/register", json=registration(subscribe=True))

    assert response.status_code == 201
    data = response.get_json()["data"]
    assert data["access"] is None and "refresh" not in data
    assert data["email_confirmation_required"] is True
    assert data["user"] == {
        "id": data["user"]["id"],
        "firstname": None,
        "lastname": None,
        "username": "magnus_c",
        "email": "magnus@example.com",
        "country": "NO",
        "skill_level": "master",
        "avatar": {"src": None},
        "user_tier": "free",
        "subscription": None,
    }
    assert "Set-Cookie" not in response.headers

    [mail] = mails(outbox)
    assert mail["To"] == "magnus@example.com"
    assert link_in(mail).startswith("http://127.0.0.1:8000/users/confirm_email?token=")
    html = mail.get_body(preferencelist=("html",)).get_content()
    assert "confirm_email?token=" in html
    with app.app_context():
        subscription = db.session.scalar(sa.select(NewsletterSubscription))
        assert subscription.email == "magnus@example.com"
        assert subscription.user_id == data["user"]["id"]


def test_without_subscribe_nobody_is_added_to_the_newsletter(client, app):
    assert client.post("/users/register", json=registration()).status_code == 201
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count(NewsletterSubscription.id))) == 0


def test_an_address_already_on_the_newsletter_registers_fine(client, app):
    with app.app_context():
        newsletter.subscribe_newsletter(db.session, "Magnus@Example.com")
        db.session.commit()
    response = client.post("/users/register", json=registration(subscribe=True))
    assert response.status_code == 201


def test_links_use_the_public_base_url(build_app):
    app = build_app(PUBLIC_BASE_URL="https://chess.example/")
    app.test_client().post("/users/register", json=registration())
    from pathlib import Path

    [mail] = mails(Path(app.instance_path) / "outbox")
    assert link_in(mail).startswith("https://chess.example/users/confirm_email?token=")


def test_taken_username_and_email_are_refused_whatever_their_case(client):
    assert client.post("/users/register", json=registration()).status_code == 201

    response = client.post(
        "/users/register", json=registration(username="MAGNUS_C", email="other@example.com")
    )
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "user_username_exists"
    assert error["message"] == "This username is already taken."

    response = client.post(
        "/users/register", json=registration(username="another", email="MAGNUS@example.COM")
    )
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "user_email_exists"
    assert error["message"] == "That email is already taken"
    assert error["fields"] == {"email": "That email is already taken"}


def test_a_lost_race_for_a_name_is_a_409_not_a_500(app, monkeypatch):
    """Two registrations check at once; the second insert hits the unique constraint."""
    with app.app_context():
        assert app.test_client().post("/users/register", json=registration()).status_code == 201
        real = lookups.find_by_username
        calls = []

        def blind_once(session, username):
            calls.append(username)
            return None if len(calls) == 1 else real(session, username)

        monkeypatch.setattr(registration_service, "find_by_username", blind_once)
        response = app.test_client().post(
            "/users/register", json=registration(email="second@example.com")
        )
    assert response.status_code == 409
    assert error_of(response)["code"] == "user_username_exists"
    assert len(calls) == 2


def test_register_email_answers_in_data_and_needs_no_type(client, outbox):
    body = registration()
    del body["type"]
    response = client.post("/users/register_email", json=body)
    assert response.status_code == 201
    assert response.get_json()["data"]["email_confirmation_required"] is True
    assert len(mails(outbox)) == 1


def test_register_email_refuses_social_types(client, outbox):
    response = client.post("/users/register_email", json=registration(type="google"))
    assert response.status_code == 400
    assert "type" in error_of(response)["fields"]
    assert mails(outbox) == []


def test_register_no_confirm_refuses_email_type(client, outbox):
    response = client.post("/users/register_no_confirm", json=registration())
    assert response.status_code == 400
    assert "type" in error_of(response)["fields"]
    assert mails(outbox) == []


# Confirmation --------------------------------------------------------------------------------


def test_signing_in_before_confirming_is_refused(client):
    client.post("/users/register", json=registration())
    response = client.post(
        "/users/login", json={"username": "magnus@example.com", "password": PASSWORD}
    )
    assert response.status_code == 403
    error = error_of(response)
    assert error["code"] == "user_cant_login"
    assert error["message"] == "Hey. You still need to confirm your email..."


def test_the_confirmation_link_confirms_once_then_login_works(client, outbox):
    client.post("/users/register", json=registration())
    confirm = path_of(link_in(mails(outbox)[0]))

    first = client.get(confirm)
    assert first.status_code == 302
    assert first.headers["Location"] == "/login?confirmed=1"

    again = client.get(confirm)
    assert again.status_code == 302
    assert again.headers["Location"] == "/login?error=email_verification_invalid_token"

    response = client.post(
        "/users/login", json={"username": "magnus@example.com", "password": PASSWORD}
    )
    assert response.status_code == 200


def test_a_made_up_or_missing_token_redirects_with_the_error(client):
    for path in ("/users/confirm_email?token=nonsense", "/users/confirm_email"):
        response = client.get(path)
        assert response.status_code == 302
        assert response.headers["Location"] == "/login?error=email_verification_invalid_token"


def test_apps_confirm_with_json_once(client, outbox):
    client.post("/users/register", json=registration())
    token = link_in(mails(outbox)[0]).split("token=")[1]

    response = client.post("/users/confirm_email", json={"token": token})
    assert response.status_code == 200
    assert "confirmed" in response.get_json()["data"]["message"]

    response = client.post("/users/confirm_email", json={"token": token})
    assert response.status_code == 400
    assert error_of(response)["code"] == "email_verification_invalid_token"


def test_a_confirmation_link_expires_after_seven_days(client, outbox, clock):
    client.post("/users/register", json=registration())
    confirm = path_of(link_in(mails(outbox)[0]))
    clock.advance(days=7, seconds=1)
    assert client.get(confirm).headers["Location"].endswith("email_verification_invalid_token")


def test_an_unconfirmed_sign_in_sends_the_link_again_at_most_every_ten_minutes(
    client, outbox, clock, app
):
    client.post("/users/register", json=registration())
    login = {"username": "magnus@example.com", "password": PASSWORD}

    client.post("/users/login", json=login)
    assert len(mails(outbox)) == 1  # the first mail is fresh

    clock.advance(minutes=10)
    client.post("/users/login", json=login)
    assert len(mails(outbox)) == 2

    # The newest link works; the older one still does too, until it expires or is used.
    newest = path_of(link_in(mails(outbox)[-1]))
    assert client.get(newest).headers["Location"] == "/login?confirmed=1"
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count(EmailConfirmation.id))) == 2


def test_a_wrong_password_does_not_say_the_account_is_unconfirmed(client, outbox):
    client.post("/users/register", json=registration())
    response = client.post(
        "/users/login", json={"username": "magnus@example.com", "password": "wrong1234"}
    )
    assert error_of(response)["code"] == "user_wrong_password"
    assert len(mails(outbox)) == 1


def test_a_failing_mail_server_does_not_fail_the_registration(client, app, caplog):
    class Broken:
        kind = "smtp"

        def send(self, mail):
            raise OSError("connection refused")

    app_context(app).mail = Broken()
    response = client.post("/users/register", json=registration())
    assert response.status_code == 201
    assert "Could not send the confirmation mail" in caplog.text
    with app.app_context():
        assert db.session.scalar(sa.select(User.username)) == "magnus_c"
