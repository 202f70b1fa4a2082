"""Mail: through a real local SMTP server when MAIL_URL is set, into the outbox otherwise."""

from __future__ import annotations

import dataclasses
import email
import email.policy
import json
import socket
import tomllib
from typing import get_args

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from bff.accounts.mails import MAILS_FILE, MailKind, read_texts
from bff.app_context import app_context
from bff.platform.config import ConfigError
from bff.platform.mail import Mail, OutboxMailer, SmtpMailer, make_mailer

from .builders import link_in, registration


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self):
        self.messages: list[tuple[str, list[str], email.message.EmailMessage]] = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), message))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server():
    inbox = Inbox()
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login.decode(), auth_data.password.decode()))
        ok = auth_data.login == b"mailer" and auth_data.password == b"p@ss word"
        return AuthResult(success=ok)

    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=free_port(),
        authenticator=authenticator,
        auth_require_tls=False,
    )
    controller.start()
    inbox.port = controller.port
    inbox.logins = logins
    yield inbox
    controller.stop()


def test_registration_mail_goes_through_smtp(build_app, smtp_server):
    app = build_app(
        MAIL_URL=f"smtp://mailer:p%40ss%20word@127.0.0.1:{smtp_server.port}",
        MAIL_FROM="Chess <hello@chess.example>",
    )
    response = app.test_client().post("/users/register", json=registration())
    assert response.status_code == 201

    [(sender, recipients, message)] = smtp_server.messages
    assert smtp_server.logins == [("mailer", "p@ss word")]
    assert sender == "hello@chess.example"
    assert recipients == ["magnus@example.com"]
    assert message["Subject"] == "Confirm your e-mail address"
    assert message["From"] == "Chess <hello@chess.example>"
    assert link_in(message).startswith("http://127.0.0.1:8000/users/confirm_email?token=")
    assert message.get_body(preferencelist=("html",)) is not None
    # The link delivered by SMTP works like the outbox one.
    path = link_in(message).replace("http://127.0.0.1:8000", "")
    assert app.test_client().get(path).headers["Location"] == "/login?confirmed=1"


def test_without_mail_url_messages_land_in_the_outbox(tmp_path):
    mailer = OutboxMailer(tmp_path / "outbox", "Chess <no-reply@localhost>")
    mailer.send(Mail("a@example.com", "Hello", "Plain body https://x.test/a", "<p>HTML</p>"))
    [path] = list((tmp_path / "outbox").glob("*.eml"))
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert message["To"] == "a@example.com" and message["Subject"] == "Hello"
    assert "Plain body" in message.get_body(preferencelist=("plain",)).get_content()
    assert "<p>HTML</p>" in message.get_body(preferencelist=("html",)).get_content()
    assert not list((tmp_path / "outbox").glob("*.part"))


@pytest.mark.parametrize(
    ("url", "scheme", "port"),
    [
        ("smtp://mail.example", "smtp", 25),
        ("smtps://u:p@mail.example", "smtps", 465),
        ("smtp+starttls://u:p@mail.example", "smtp+starttls", 587),
        ("smtp+starttls://mail.example:2525", "smtp+starttls", 2525),
    ],
)
def test_mail_url_forms(url, scheme, port):
    mailer = SmtpMailer(url, "x@example.com")
    assert (mailer.scheme, mailer.host, mailer.port) == (scheme, "mail.example", port)


@pytest.mark.parametrize("url", ["http://mail.example", "smtp://", "mail.example:25"])
def test_a_wrong_mail_url_stops_start_up(url, tmp_path):
    with pytest.raises(ConfigError):
        SmtpMailer(url, "x@example.com")


def test_make_mailer_chooses_by_setting(app):
    settings = app_context(app).settings
    assert make_mailer(settings).kind == "outbox"


def test_a_file_mail_url_names_the_outbox(app, tmp_path):
    """The folder Strapi's mail goes to as well (cms-schema/src/mail/settings.js)."""
    settings = dataclasses.replace(
        app_context(app).settings, mail_url=(tmp_path / "shared outbox").as_uri()
    )
    mailer = make_mailer(settings)
    assert mailer.kind == "outbox" and mailer.folder == tmp_path / "shared outbox"


def test_every_kind_of_member_mail_has_its_text(tmp_path):
    assert set(read_texts()) == set(get_args(MailKind))
    copy = tomllib.loads(MAILS_FILE.read_text(encoding="utf-8"))
    del copy["email_changed"]["button"]
    path = tmp_path / "mails.toml"
    path.write_text(
        "".join(
            f"[{kind}]\n"
            + "".join(f"{name} = {json.dumps(value)}\n" for name, value in text.items())
            for kind, text in copy.items()
        ),
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match=r"mails.toml: \[email_changed\] wants"):
        read_texts(path)
