"""Password recovery: a one-hour single-use link, no e-mail enumeration, every session ended."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from bff.accounts import rules
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import error_of
from .builders import PASSWORD, link_in, mails

NEW_PASSWORD = "new-secret9"
SENT = {"data": {"message": "We sent you an email with instructions to reset your password."}}


def start(client, address="magnus@example.com"):
    """Ask for a reset link, the answer read to its end (the link is mailed after it)."""
    return client.post("/users/start_password_recovery", json={"email": address}, buffered=True)


def reset_token(outbox) -> str:
    link = link_in(mails(outbox)[-1])
    assert link.startswith("http://127.0.0.1:8000/reset_password?token=")
    return link.split("token=", 1)[1]


def login(client, password):
    return client.post(
        "/users/login", json={"username": "magnus@example.com", "password": password}
    )


def test_the_mailed_link_sets_a_new_password(client, register_confirmed, outbox):
    register_confirmed()
    response = start(client, " MAGNUS@example.com ")
    assert response.status_code == 200
    assert response.get_json() == SENT
    [_, mail] = mails(outbox)  # the confirmation, then the reset
    assert mail["Subject"] == "Reset your password"

    response = client.post(
        "/users/recover_password",
        json={"token": reset_token(outbox), "password": NEW_PASSWORD},
        buffered=True,
    )
    assert response.status_code == 200
    assert response.get_json() == {"data": {"message": "Your password has been updated."}}
    assert login(client, PASSWORD).status_code == 401
    assert login(client, NEW_PASSWORD).status_code == 200
    # The member is told, in case it was not them.
    told = mails(outbox)[-1]
    assert told["Subject"] == "Your password was changed"
    assert link_in(told) == "http://127.0.0.1:8000/login"


def test_unknown_addresses_get_the_same_answer_and_no_mail(client, register_confirmed, outbox):
    register_confirmed()
    before = len(mails(outbox))
    response = start(client, "nobody@example.com")
    assert response.status_code == 200
    assert response.get_json() == SENT
    assert len(mails(outbox)) == before


@contextmanager
def statements_run(app):
    """The SQL statements run while the block runs."""
    statements: list[str] = []

    def record(connection, cursor, statement, *args):
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)


def test_the_answer_comes_before_any_look_up_or_mail(app, client, register_confirmed, outbox):
    """Known or not, an address gets the same answer after the same work: only checking that
    it is an address. The account is looked up and the link mailed once the answer is sent."""
    register_confirmed()
    before = len(mails(outbox))
    for address, mailed in (("magnus@example.com", 1), ("nobody@example.com", 0)):
        sent = len(mails(outbox))
        with statements_run(app) as statements:
            response = client.post("/users/start_password_recovery", json={"email": address})
            assert response.get_json() == SENT
        assert statements == [], address
        assert len(mails(outbox)) == sent
        with statements_run(app) as statements:
            response.close()  # the server has sent the answer
        assert any("users" in statement for statement in statements)
        assert len(mails(outbox)) == sent + mailed
    [mail] = mails(outbox)[before:]
    assert mail["To"] == "magnus@example.com"


def test_a_failed_mail_after_the_answer_is_logged(app, client, register_confirmed, caplog):
    register_confirmed()

    class Down:
        kind = "smtp"

        def send(self, mail):
            raise ConnectionRefusedError("the mail server is down")

    app_context(app).mail = Down()
    response = start(client)
    assert response.status_code == 200 and response.get_json() == SENT
    assert "Could not send the password reset mail" in caplog.text


@pytest.mark.parametrize(
    ("address", "message"),
    [("", "This field is required."), ("not-an-address", "Email format is invalid.")],
)
def test_the_address_must_be_valid(client, address, message):
    response = start(client, address)
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"email": message}


def test_a_link_works_once(client, register_confirmed, outbox):
    register_confirmed()
    start(client)
    token = reset_token(outbox)
    body = {"token": token, "password": NEW_PASSWORD}
    assert client.post("/users/recover_password", json=body).status_code == 200
    response = client.post("/users/recover_password", json={**body, "password": "third-one7"})
    assert response.status_code == 400
    assert error_of(response) == {
        "code": "password_recovery_invalid_token",
        "message": "Invalid token",
    }


def test_a_link_lasts_one_hour(client, register_confirmed, outbox, clock):
    register_confirmed()
    start(client)
    token = reset_token(outbox)
    clock.advance(minutes=59, seconds=59)
    start(client)
    fresh = reset_token(outbox)
    clock.advance(seconds=1)
    response = client.post(
        "/users/recover_password", json={"token": token, "password": NEW_PASSWORD}
    )
    assert error_of(response)["code"] == "password_recovery_invalid_token"
    response = client.post(
        "/users/recover_password", json={"token": fresh, "password": NEW_PASSWORD}
    )
    assert response.status_code == 200


def test_a_reset_voids_the_other_links_sent(client, register_confirmed, outbox):
    register_confirmed()
    start(client)
    first = reset_token(outbox)
    start(client)
    second = reset_token(outbox)
    assert (
        client.post(
            "/users/recover_password", json={"token": second, "password": NEW_PASSWORD}
        ).status_code
        == 200
    )
    response = client.post(
        "/users/recover_password", json={"token": first, "password": "another-1"}
    )
    assert error_of(response)["code"] == "password_recovery_invalid_token"


def test_a_made_up_token(client):
    response = client.post(
        "/users/recover_password", json={"token": "made-up", "password": NEW_PASSWORD}
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "password_recovery_invalid_token"


def test_a_reset_ends_every_session(app, client, register_confirmed, outbox):
    register_confirmed()
    phone = app.test_client()
    signed_in = login(phone, PASSWORD)
    assert signed_in.status_code == 200
    access = {"Authorization": f"Bearer {signed_in.get_json()['data']['access']}"}
    assert phone.get("/users/profile", headers=access).status_code == 200
    start(client)
    client.post(
        "/users/recover_password", json={"token": reset_token(outbox), "password": NEW_PASSWORD}
    )
    response = phone.get("/users/token_refresh")
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_refresh_token_expired"
    # Its access token too, at once, not when it expires.
    response = phone.get("/users/profile", headers=access)
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_invalid_token"


def test_the_new_password_follows_the_rules(client, register_confirmed, outbox):
    register_confirmed()
    start(client)
    token = reset_token(outbox)
    response = client.post("/users/recover_password", json={"token": token, "password": "short"})
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"password": rules.PASSWORD_RULE}
    response = client.post("/users/recover_password", json={"token": token})
    assert error_of(response)["code"] == "user_password_required"
    # The token survived the refused attempts.
    response = client.post(
        "/users/recover_password", json={"token": token, "password": NEW_PASSWORD}
    )
    assert response.status_code == 200


def test_a_repeat_that_differs_is_refused(client, register_confirmed, outbox):
    register_confirmed()
    start(client)
    response = client.post(
        "/users/recover_password",
        json={
            "token": reset_token(outbox),
            "password": NEW_PASSWORD,
            "password_confirmation": "different-1",
        },
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "user_passwords_dont_match"


def test_a_reset_confirms_an_unconfirmed_address(client, outbox):
    client.post(
        "/users/register",
        json={
            "type": "email",
            "username": "magnus_c",
            "email": "magnus@example.com",
            "password": PASSWORD,
            "country": "NO",
            "skill_level": "master",
            "terms": True,
        },
    )
    start(client)
    client.post(
        "/users/recover_password", json={"token": reset_token(outbox), "password": NEW_PASSWORD}
    )
    assert login(client, NEW_PASSWORD).status_code == 200
