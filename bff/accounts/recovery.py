"""Password recovery: a single-use link valid for one hour; a reset ends every session.

Starting a recovery answers the same whether or not the address belongs to an account, and as
fast: the route checks the address, answers, and only then looks the account up and mails the
link (bff.accounts.afterwards), so neither the answer nor its timing tells who is registered.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from . import rules, tokens
from .lookups import find_by_email
from .mails import Mailing, member_mail
from .models import PasswordReset, User
from .passwords import hash_password
from .sign_in import end_every_session

log = logging.getLogger(__name__)

RESET_LIFETIME = timedelta(hours=1)


def recovery_address(email: str | None) -> str:
    """The address a recovery is asked for, normalised; 400 when it is not an address."""
    email = rules.normalise_email(email or "")
    rules.raise_problems([rules.email_problem(email if email else None)])
    return email


def send_reset_link(session: Session, email: str, *, now: datetime, mailing: Mailing) -> None:
    """Mail a one-hour, single-use reset link to the account of ``email`` (a checked address);
    nothing for an address without an active account."""
    user = find_by_email(session, email)
    if user is None or user.deactivated_at is not None:
        log.info("Password recovery asked for an address without an active account")
        return
    token = tokens.issue_mailed_token(session, PasswordReset, user.id, now, RESET_LIFETIME)
    # Only logged: saying so would tell the caller the address exists.
    link = mailing.links.password_reset(token)
    mailing.send_or_log(
        member_mail("password_reset", user.email, user.username, link), "password reset", user.id
    )


def recover_password(
    session: Session,
    token: str | None,
    password: str | None,
    password_confirmation: str | None = None,
    *,
    now: datetime,
    hasher: PasswordHasher,
) -> User:
    password = password.strip() if password is not None else None  # as sign-in trims it
    if password_confirmation is not None:
        password_confirmation = password_confirmation.strip()
    rules.raise_problems([rules.password_problem(password)])
    if password_confirmation is not None and password_confirmation != password:
        raise ApiError(
            400,
            "user_passwords_dont_match",
            fields={"password_confirmation": "The passwords don't match. Please try again."},
        )
    invalid = ApiError(400, "password_recovery_invalid_token")
    row = tokens.use_mailed_token(session, PasswordReset, token, now)
    if row is None:
        raise invalid
    user = session.get(User, row.user_id)
    if user is None or user.deactivated_at is not None:
        session.rollback()
        raise invalid
    user.password_hash = hash_password(password or "", hasher)
    if user.email_confirmed_at is None:
        user.email_confirmed_at = now  # the link reached the mailbox: the address is theirs
    # Every other link already sent (a pending e-mail change too) stops working, and every
    # session ends.
    tokens.void_mailed_tokens(session, user.id, now)
    end_every_session(session, user.id, now=now)
    session.commit()
    log.info("Password reset for user %s: every session and mailed link ended", user.id)
    return user
