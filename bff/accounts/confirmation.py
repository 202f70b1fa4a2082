"""E-mail confirmation: the mailed link, sent again on an unconfirmed sign-in, and its use."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from . import tokens
from .mails import Mailing, member_mail
from .models import EmailConfirmation, User

EMAIL_CONFIRMATION_LIFETIME = timedelta(days=7)


# An unconfirmed sign-in re-sends the confirmation, at most this often.
CONFIRMATION_RESEND_AFTER = timedelta(minutes=10)


def send_confirmation(session: Session, user: User, *, now: datetime, mailing: Mailing) -> None:
    """Issue a confirmation token and mail its link; a failed delivery is logged, not fatal
    (signing in unconfirmed sends a new one)."""
    token = tokens.issue_mailed_token(
        session, EmailConfirmation, user.id, now, EMAIL_CONFIRMATION_LIFETIME
    )
    link = mailing.links.confirmation(token)
    mail = member_mail("confirmation", user.email, user.username, link)
    mailing.send_or_log(mail, "confirmation", user.id)


def resend_confirmation_if_due(
    session: Session, user: User, *, now: datetime, mailing: Mailing
) -> None:
    latest = session.scalar(
        sa.select(sa.func.max(EmailConfirmation.created_at)).where(
            EmailConfirmation.user_id == user.id
        )
    )
    if latest is None or latest + CONFIRMATION_RESEND_AFTER <= now:
        send_confirmation(session, user, now=now, mailing=mailing)


def confirm_email(session: Session, token: str, *, now: datetime) -> User:
    """Use a confirmation token (once); 400 email_verification_invalid_token otherwise."""
    row = tokens.use_mailed_token(session, EmailConfirmation, token, now)
    if row is None:
        raise ApiError(400, "email_verification_invalid_token")
    user = session.get(User, row.user_id)
    assert user is not None
    if user.email_confirmed_at is None:
        user.email_confirmed_at = now
    session.commit()
    return user
