"""The mails accounts send, in plain text and HTML (what each says is in mails.toml)."""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Literal, get_args
from urllib.parse import urlencode

from ..platform.mail import Mail, Mailer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Links:
    base_url: str

    def confirmation(self, token: str) -> str:
        return f"{self.base_url}/users/confirm_email?{urlencode({'token': token})}"

    def password_reset(self, token: str) -> str:
        # The client's /reset_password route reads the token from the query (docs/accounts.md).
        return f"{self.base_url}/reset_password?{urlencode({'token': token})}"

    def email_change(self, token: str) -> str:
        return f"{self.base_url}/users/confirm_email_change?{urlencode({'token': token})}"

    def email_change_cancel(self, token: str) -> str:
        return f"{self.base_url}/users/cancel_email_change?{urlencode({'token': token})}"

    def login(self) -> str:
        # The login page, where 'Forgot your password?' is (docs/accounts.md).
        return f"{self.base_url}/login"


@dataclass(frozen=True)
class Mailing:
    """What a service needs to mail a member: the mailer, and the links the mails carry."""

    mailer: Mailer
    links: Links

    def send_or_log(self, mail: Mail, what: str, user_id: int) -> None:
        """Send ``mail``; a failed delivery is logged, not raised (the member can ask again)."""
        try:
            self.mailer.send(mail)
        except Exception:
            log.exception("Could not send the %s mail to user %s", what, user_id)


def _html(paragraphs: list[str], link: str, button: str) -> str:
    body = "".join(f"<p>{escape(text)}</p>" for text in paragraphs)
    href = escape(link, quote=True)
    return (
        '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">'
        f'{body}<p><a href="{href}" style="display:inline-block;padding:10px 18px;'
        f'background:#7446FF;color:#fff;text-decoration:none;border-radius:4px">{escape(button)}'
        f'</a></p><p style="font-size:small">Or open this link: <a href="{href}">{escape(link)}'
        "</a></p></body></html>"
    )


# The copy of each mail is product text, kept in mails.toml beside this module and read once;
# a kind missing there, or a field of the wrong type, fails at start-up, not when a mail is due.
MAILS_FILE = Path(__file__).with_name("mails.toml")
MailKind = Literal[
    "confirmation",
    "password_reset",
    "password_changed",
    "email_change",
    "email_change_requested",
    "email_changed",
]


@dataclass(frozen=True)
class MailText:
    subject: str
    said: tuple[str, ...]  # the paragraphs after the greeting
    button: str  # the label of the link's button in the HTML


def read_texts(path: Path = MAILS_FILE) -> dict[str, MailText]:
    """Each kind's text from ``path``; a ValueError names the kind and field that are off."""
    value = tomllib.loads(path.read_text(encoding="utf-8"))
    kinds = set(get_args(MailKind))
    if value.keys() != kinds:
        raise ValueError(f"{path.name}: the kinds are {sorted(value)}, not {sorted(kinds)}")
    texts = {}
    for kind, text in value.items():
        if not isinstance(text, dict):
            raise ValueError(f"{path.name}: {kind} is not a table")
        subject, said, button = (text.get(name) for name in ("subject", "said", "button"))
        if text.keys() != {"subject", "said", "button"} or not (
            isinstance(subject, str)
            and isinstance(button, str)
            and isinstance(said, list)
            and all(isinstance(paragraph, str) for paragraph in said)
        ):
            raise ValueError(f"{path.name}: [{kind}] wants a subject, said (a list) and button")
        texts[kind] = MailText(subject, tuple(said), button)
    return texts


TEXTS = read_texts()


def member_mail(kind: MailKind, to: str, username: str, link: str, **values: str) -> Mail:
    """A mail of ``kind`` to a member: the greeting, what is said (``values`` fill in its
    {names}), and the link (a button in the HTML)."""
    text = TEXTS[kind]
    paragraphs = [f"Hi {username},", *(said.format(**values) for said in text.said)]
    return Mail(
        to=to,
        subject=text.subject,
        text="\n\n".join([*paragraphs, link]) + "\n",
        html=_html(paragraphs, link, text.button),
    )


def masked(address: str) -> str:
    """``m***@example.com``: enough for its owner to recognise, not to learn it."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}"
