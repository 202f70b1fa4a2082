"""Outgoing mail: SMTP when MAIL_URL is set, otherwise .eml files in an outbox folder (the
instance's, or the one a file:// MAIL_URL names: Strapi's mail goes to the same, cms-schema)."""

from __future__ import annotations

import logging
import smtplib
import ssl
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlsplit

from .config import ConfigError, Settings

log = logging.getLogger(__name__)

SMTP_TIMEOUT = 10
SMTP_SCHEMES = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}


@dataclass(frozen=True)
class Mail:
    """One message to one person, in plain text and in HTML."""

    to: str
    subject: str
    text: str
    html: str


class Mailer(Protocol):
    kind: str

    def send(self, mail: Mail) -> None:
        """Deliver the message or raise."""


def compose(mail: Mail, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid()
    message.set_content(mail.text)
    message.add_alternative(mail.html, subtype="html")
    return message


class OutboxMailer:
    """Writes each message as an .eml file that a developer opens in any mail reader."""

    kind = "outbox"

    def __init__(self, folder: Path, sender: str):
        self.folder = folder
        self.sender = sender

    def send(self, mail: Mail) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        target = self.folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        draft = target.with_suffix(".part")
        draft.write_bytes(compose(mail, self.sender).as_bytes())
        draft.rename(target)  # readers never see half a message
        log.info("Mail to %s written to %s", mail.to, target)


class SmtpMailer:
    """Delivers through an SMTP server: smtp:// (plain), smtps:// (TLS), smtp+starttls://."""

    kind = "smtp"

    def __init__(self, url: str, sender: str):
        parts = urlsplit(url)
        if parts.scheme not in SMTP_SCHEMES or not parts.hostname:
            raise ConfigError(
                "MAIL_URL must look like smtp://user:pass@host:port "
                "(or smtps://, smtp+starttls://)."
            )
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port or SMTP_SCHEMES[parts.scheme]
        self.username = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender

    def send(self, mail: Mail) -> None:
        message = compose(mail, self.sender)
        if self.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(
                self.host, self.port, timeout=SMTP_TIMEOUT, context=ssl.create_default_context()
            )
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT)
        with smtp:
            if self.scheme == "smtp+starttls":
                smtp.starttls(context=ssl.create_default_context())
            if self.username:
                smtp.login(self.username, self.password or "")
            smtp.send_message(message)
        log.info("Mail to %s sent through %s:%s", mail.to, self.host, self.port)


def make_mailer(settings: Settings) -> Mailer:
    if settings.mail_url and settings.mail_url.startswith("file:"):
        return OutboxMailer(Path(unquote(urlsplit(settings.mail_url).path)), settings.mail_from)
    if settings.mail_url:
        return SmtpMailer(settings.mail_url, settings.mail_from)
    return OutboxMailer(settings.instance_path / "outbox", settings.mail_from)
