"""POST /users/change_email: the password again, a link mailed to the new address, and the
change made only when it is followed; the old address is then told."""

from __future__ import annotations

import pytest

from ..builders import error_of
from .builders import PASSWORD, link_in, mails, path_of

NEW = "magnus.new@example.com"


def ask(client, headers, email=NEW, password=PASSWORD):
    return client.post(
        "/users/change_email", headers=headers, json={"email": email, "password": password}
    )


def profile_email(client, headers) -> str:
    return client.get("/users/profile", headers=headers).get_json()["data"]["email"]


def test_the_address_changes_when_the_mailed_link_is_followed(client, member_headers, outbox):
    before = len(mails(outbox))
    answer = ask(client, member_headers)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["data"]["email"] == NEW
    mail = mails(outbox)[-1]
    # The old address is told first, then the link goes to the new one.
    assert len(mails(outbox)) == before + 2 and mail["To"] == NEW
    # Nothing changes until the link is followed.
    assert profile_email(client, member_headers) == "magnus@example.com"

    followed = client.get(path_of(link_in(mail)))
    assert followed.status_code == 302
    assert followed.headers["Location"] == "/account?email_changed=1"
    assert profile_email(client, member_headers) == NEW
    told = mails(outbox)[-1]
    assert told["To"] == "magnus@example.com"
    assert "m***@example.com" in told.get_body(preferencelist=("plain",)).get_content()
    # The new address signs in; the old one no longer does.
    login = {"username": NEW, "password": PASSWORD}
    assert client.post("/users/login", json=login).status_code == 200
    old = {"username": "magnus@example.com", "password": PASSWORD}
    assert error_of(client.post("/users/login", json=old))["code"] == "user_doesnt_exist"
    # The link works once.
    again = client.get(path_of(link_in(mail)))
    assert again.headers["Location"] == "/account?error=email_verification_invalid_token"


def test_apps_confirm_with_the_token(client, member_headers, outbox):
    ask(client, member_headers)
    token = link_in(mails(outbox)[-1]).split("token=")[1]
    answer = client.post("/users/confirm_email_change", json={"token": token})
    assert answer.status_code == 200
    assert profile_email(client, member_headers) == NEW
    refused = client.post("/users/confirm_email_change", json={"token": token})
    assert error_of(refused)["code"] == "email_verification_invalid_token"


def test_the_link_expires_after_a_day(client, member_headers, outbox, clock):
    ask(client, member_headers)
    clock.advance(hours=24, seconds=1)
    followed = client.get(path_of(link_in(mails(outbox)[-1])))
    assert followed.headers["Location"] == "/account?error=email_verification_invalid_token"
    clock.advance(hours=-24, seconds=-1)
    assert profile_email(client, member_headers) == "magnus@example.com"


def test_a_taken_address_is_refused(client, member_headers, register_confirmed, outbox):
    register_confirmed(username="fabiano_c", email="Fabiano@example.com")
    error = error_of(ask(client, member_headers, email="fabiano@EXAMPLE.com"))
    assert error["code"] == "user_email_exists"
    assert error["fields"] == {"email": "That email is already taken"}


def test_an_address_taken_while_the_link_waits_is_refused(
    client, member_headers, outbox, signed_in
):
    ask(client, member_headers)
    link = path_of(link_in(mails(outbox)[-1]))
    signed_in(username="fabiano_c", email=NEW)
    followed = client.get(link)
    assert followed.headers["Location"] == "/account?error=user_email_exists"
    assert profile_email(client, member_headers) == "magnus@example.com"


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"email": NEW, "password": "wrong-pass1"}, 400, "user_wrong_password", "password"),
        ({"email": NEW, "password": ""}, 400, "user_password_required", "password"),
        ({"email": "not-an-address", "password": PASSWORD}, 400, "validation_failed", "email"),
        ({"email": "MAGNUS@example.com", "password": PASSWORD}, 400, "validation_failed", "email"),
    ],
)
def test_refusals(client, member_headers, outbox, body, status, code, field):
    before = len(mails(outbox))
    error = error_of(client.post("/users/change_email", headers=member_headers, json=body))
    assert (error["code"], list(error["fields"])) == (code, [field])
    assert len(mails(outbox)) == before


def test_only_members_change_their_address(client):
    assert error_of(ask(client, {}))["code"] == "unauthorized"


def test_email_changes_are_rate_limited_like_sign_in(build_app):
    app = build_app(RATE_LIMIT_LOGIN="2 per minute")
    client = app.test_client()
    answers = [ask(client, {"Authorization": "Bearer x"}).status_code for _ in range(3)]
    assert answers[-1] == 429


# A pending change dies when the owner takes the account back; the old address can stop it ----


def change_link(outbox) -> str:
    [mail] = [m for m in mails(outbox) if m["To"] == NEW]
    return path_of(link_in(mail))


NEW_PASSWORD = "new-secret9"  # noqa: S105


def reset_password(client, outbox, new_password=NEW_PASSWORD):
    asked = client.post(
        "/users/start_password_recovery", json={"email": "magnus@example.com"}, buffered=True
    )
    assert asked.status_code == 200
    token = link_in(mails(outbox)[-1]).split("token=", 1)[1]
    answer = client.post(
        "/users/recover_password", json={"token": token, "password": new_password}, buffered=True
    )
    assert answer.status_code == 200, answer.get_json()


def test_a_password_reset_voids_a_pending_change(client, member_headers, outbox):
    """Someone who once knew the password asks for a change to their own address; the owner
    resets the password; the attacker's link no longer takes the account."""
    assert ask(client, member_headers).status_code == 200
    link = change_link(outbox)
    reset_password(client, outbox)
    followed = client.get(link)
    assert followed.headers["Location"] == "/account?error=email_verification_invalid_token"
    login = {"username": "magnus@example.com", "password": "new-secret9"}
    assert client.post("/users/login", json=login).status_code == 200


def test_a_password_change_voids_a_pending_change_and_every_other_mailed_link(
    client, member_headers, outbox
):
    assert ask(client, member_headers).status_code == 200
    link = change_link(outbox)
    client.post(
        "/users/start_password_recovery", json={"email": "magnus@example.com"}, buffered=True
    )
    reset = link_in(mails(outbox)[-1]).split("token=", 1)[1]
    changed = client.post(
        "/users/change_password",
        headers=member_headers,
        json={"current_password": PASSWORD, "password": "other-secret9", "platform": "web"},
    )
    assert changed.status_code == 200, changed.get_json()
    followed = client.get(link)
    assert followed.headers["Location"] == "/account?error=email_verification_invalid_token"
    stale = client.post("/users/recover_password", json={"token": reset, "password": "x-secret9"})
    assert error_of(stale)["code"] == "password_recovery_invalid_token"


def test_a_deactivation_voids_a_pending_change(app, client, member_headers, outbox, clock):
    from bff.accounts.models import User
    from bff.accounts.profile import deactivate
    from bff.platform.extensions import db

    assert ask(client, member_headers).status_code == 200
    link = change_link(outbox)
    with app.app_context():
        user_id = db.session.scalar(db.select(User.id))
        deactivate(db.session, user_id, now=clock())
        # Were the account let back in, the old link would still be dead.
        db.session.get(User, user_id).deactivated_at = None
        db.session.commit()
    followed = client.get(link)
    assert followed.headers["Location"] == "/account?error=email_verification_invalid_token"


def test_the_old_address_is_told_and_can_stop_the_change(client, member_headers, outbox):
    assert ask(client, member_headers).status_code == 200
    [warning] = [m for m in mails(outbox) if m["Subject"].startswith("Someone asked")]
    assert warning["To"] == "magnus@example.com"
    text = warning.get_body(preferencelist=("plain",)).get_content()
    assert "m***@example.com" in text and NEW not in text
    stop = link_in(warning)
    assert stop.startswith("http://127.0.0.1:8000/users/cancel_email_change?token=")

    stopped = client.get(path_of(stop))
    assert stopped.status_code == 302
    assert stopped.headers["Location"] == "/login?email_change_cancelled=1"
    # The change can no longer be made, and whoever asked (they had the password) is signed out.
    followed = client.get(change_link(outbox))
    assert followed.headers["Location"] == "/account?error=email_verification_invalid_token"
    assert (
        error_of(client.get("/users/profile", headers=member_headers))["code"]
        == "user_invalid_token"
    )
    # The link works once.
    again = client.get(path_of(stop))
    assert again.headers["Location"] == "/login?error=email_verification_invalid_token"


def test_apps_stop_a_change_with_the_token(client, member_headers, outbox):
    ask(client, member_headers)
    [warning] = [m for m in mails(outbox) if m["Subject"].startswith("Someone asked")]
    token = link_in(warning).split("token=", 1)[1]
    answer = client.post("/users/cancel_email_change", json={"token": token})
    assert answer.status_code == 200
    refused = client.post("/users/cancel_email_change", json={"token": token})
    assert error_of(refused)["code"] == "email_verification_invalid_token"
    assert error_of(client.post("/users/cancel_email_change", json={"token": "forged"}))
