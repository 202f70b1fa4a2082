"""The mails accounts send, in plain text and HTML, with links built from PUBLIC_BASE_URL."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from ..platform.mail import Mail, Mailer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Links:
    base_url: str

    def confirmation(self, token: str) -> str:
        return f"{self.base_url}/users/confirm_email?{urlencode({'token': token})}"

    def password_reset(self, token: str) -> str:
        # The client's /reset_password route reads the token from the query (README: Accounts).
        return f"{self.base_url}/reset_password?{urlencode({'token': token})}"

    def email_change(self, token: str) -> str:
        return f"{self.base_url}/users/confirm_email_change?{urlencode({'token': token})}"

    def login(self) -> str:
        # The login page, where 'Forgot your password?' is (README: Accounts).
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


def _mail(to: str, username: str, subject: str, said: list[str], link: str, button: str) -> Mail:
    """A mail to a member: the greeting, what is said, and the link (a button in the HTML)."""
    paragraphs = [f"Hi {username},", *said]
    return Mail(
        to=to,
        subject=subject,
        text="\n\n".join([*paragraphs, link]) + "\n",
        html=_html(paragraphs, link, button),
    )


def confirmation_mail(to: str, username: str, link: str) -> Mail:
    return _mail(
        to,
        username,
        "Confirm your e-mail address",
        [
            "Welcome! Please confirm your e-mail address to finish your registration.",
            "The link works once and for 7 days. If you did not sign up, ignore this mail.",
        ],
        link,
        "Confirm my e-mail",
    )


def password_reset_mail(to: str, username: str, link: str) -> Mail:
    return _mail(
        to,
        username,
        "Reset your password",
        [
            "Someone (we hope you) asked to reset the password of your account.",
            "The link works once and for one hour. If you did not ask, ignore this mail: "
            "your password stays as it is.",
        ],
        link,
        "Choose a new password",
    )


def password_changed_mail(to: str, username: str, link: str) -> Mail:
    """Told after a reset or a change: the member learns of a change they did not make."""
    return _mail(
        to,
        username,
        "Your password was changed",
        [
            "The password of your account was just changed, and every device signed in to it was "
            "signed out.",
            "If you changed it, there is nothing to do. If you did not, choose a new one now with "
            "'Forgot your password?' on the login page.",
        ],
        link,
        "Log in",
    )


def email_change_mail(to: str, username: str, link: str) -> Mail:
    """Sent to the new address: the change is made only when its owner follows the link."""
    return _mail(
        to,
        username,
        "Confirm your new e-mail address",
        [
            "You asked to use this e-mail address for your account. Confirm it to make the change.",
            "The link works once and for 24 hours. If you did not ask, ignore this mail: nothing "
            "changes.",
        ],
        link,
        "Confirm my new address",
    )


def email_changed_mail(to: str, username: str, new_address: str, link: str) -> Mail:
    """Sent to the old address once the change is made, so a change the member did not make
    does not go unnoticed (the new address is shown masked: this one may no longer be theirs)."""
    return _mail(
        to,
        username,
        "Your e-mail address was changed",
        [
            f"The e-mail address of your account was just changed to {masked(new_address)}. "
            "Mail for your account goes there from now on.",
            "If you did not make this change, reset your password at once with 'Forgot your "
            "password?' on the login page, using the new address, or contact us.",
        ],
        link,
        "Log in",
    )


def masked(address: str) -> str:
    """``m***@example.com``: enough for its owner to recognise, not to learn it."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}"
