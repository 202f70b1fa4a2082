"""Changing the account's e-mail address, confirmed by a link mailed to the new address.

Asked with the password; the address changes only when the link is followed. The old address is
told twice: when the change is asked for, with a link that stops it (and signs every device out: who
asked knew the password), and when it is made.

A pending change dies with every other mailed link when the password is reset or changed or the
account is deactivated (tokens.void_mailed_tokens): whoever once knew the password cannot
finish a change asked for before the owner took the account back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..platform.domain import MemberData
from ..platform.errors import ApiError
from . import lookups, rules, tokens
from .mails import Mailing, masked, member_mail
from .models import EmailChange, User
from .profile import check_password, get_user
from .sign_in import end_every_session

log = logging.getLogger(__name__)

EMAIL_CHANGE_LIFETIME = timedelta(hours=24)


def _taken() -> None:
    rules.raise_problems(
        [rules.Problem("email", lookups.EMAIL_TAKEN, "user_email_exists")], status=409
    )


def request_email_change(
    session: Session,
    user_id: int,
    password: str | None,
    new_email: str | None,
    *,
    now: datetime,
    hasher: PasswordHasher,
    mailing: Mailing,
) -> str:
    """Check the new address (docs/accounts.md, validation; 409 user_email_exists when another
    account has it) and the password, then mail the confirmation link to the new address.
    Answers the address the link went to. The token is committed before the mail goes out."""
    email = rules.normalise_email(new_email or "")
    rules.raise_problems([rules.email_problem(email if new_email is not None else None)])
    user = get_user(session, user_id)
    if rules.email_key(email) == user.email_key:
        raise ApiError(
            400, "validation_failed", fields={"email": "This is already your e-mail address."}
        )
    if lookups.find_by_email(session, email) is not None:
        _taken()
    check_password(user, password, hasher, field="password", what="E-mail change")
    cancel = tokens.new_secret()
    token = tokens.issue_mailed_token(
        session,
        EmailChange,
        user.id,
        now,
        EMAIL_CHANGE_LIFETIME,
        new_email=email,
        cancel_token_hash=tokens.digest(cancel),
    )
    # The old address first: its owner can stop a change they did not ask for.
    warning = member_mail(
        "email_change_requested",
        user.email,
        user.username,
        mailing.links.email_change_cancel(cancel),
        new_address=masked(email),
    )
    mailing.send_or_log(warning, "e-mail change requested", user.id)
    mail = member_mail("email_change", email, user.username, mailing.links.email_change(token))
    mailing.send_or_log(mail, "e-mail change", user.id)
    log.info("User %s asked to change their e-mail address", user.id)
    return email


def confirm_email_change(
    session: Session,
    token: str | None,
    *,
    now: datetime,
    mailing: Mailing,
    parts: Sequence[MemberData] = (),
) -> User:
    """Follow the mailed link (once, within 24 hours): the account takes the new address, now
    confirmed, the old address is told and what other domains keep follows (the payment
    provider's customer). 400 email_verification_invalid_token for a link
    unknown, used or expired; 409 user_email_exists when another account took the address
    since."""
    row = tokens.use_mailed_token(session, EmailChange, token, now)
    if row is None:
        raise ApiError(400, "email_verification_invalid_token")
    user = session.get(User, row.user_id)
    if user is None or user.deactivated_at is not None:
        raise ApiError(400, "email_verification_invalid_token")
    holder = lookups.find_by_email(session, row.new_email)
    if holder is not None and holder.id != user.id:
        session.commit()  # the link is spent either way
        _taken()
    old = user.email
    user.email, user.email_key = row.new_email, rules.email_key(row.new_email)
    user.email_confirmed_at = now
    try:
        session.commit()
    except IntegrityError:  # another account took the address a moment ago
        session.rollback()
        _taken()
    log.info("User %s changed their e-mail address", user.id)
    for part in parts:
        part.address_changed(session, user.id, user.email)
    mail = member_mail(
        "email_changed", old, user.username, mailing.links.login(), new_address=masked(user.email)
    )
    mailing.send_or_log(mail, "e-mail changed", user.id)
    return user


def cancel_email_change(session: Session, token: str | None, *, now: datetime) -> User:
    """Follow the link mailed to the old address: every pending change of the account (and
    every other mailed link) stops working and every session ends, since whoever asked knew
    the password. 400 email_verification_invalid_token for a link unknown or expired, or whose
    change was made or stopped already."""
    invalid = ApiError(400, "email_verification_invalid_token")
    if not token:
        raise invalid
    row = session.scalar(
        sa.select(EmailChange).where(EmailChange.cancel_token_hash == tokens.digest(token))
    )
    if row is None or row.used_at is not None or row.expires_at <= now:
        raise invalid
    user = session.get(User, row.user_id)
    if user is None or user.deactivated_at is not None:
        raise invalid
    tokens.void_mailed_tokens(session, user.id, now)
    end_every_session(session, user.id, now=now)
    session.commit()
    log.warning("User %s stopped an e-mail change from the old address; sessions ended", user.id)
    return user
