"""The newsletter list: who gets it, signing an address up, and taking it off again."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from . import rules
from .models import NewsletterSubscription


def is_subscribed(session: Session, email: str | None) -> bool:
    """Whether this address gets the newsletter."""
    if not email:
        return False
    key = rules.email_key(email)
    found = session.scalar(
        sa.select(NewsletterSubscription.id).where(NewsletterSubscription.email == key)
    )
    return found is not None


def sign_up(session: Session, email: str, user_id: int | None, *, now: datetime) -> None:
    """Add `email` to the newsletter and commit; 409 already_subscribed, also when the same
    address is sent twice at once."""
    try:
        subscribe_newsletter(session, email, user_id, now=now)
        session.commit()
    except IntegrityError:
        session.rollback()
        raise ApiError(409, "already_subscribed") from None


def subscribe_newsletter(
    session: Session, email: str, user_id: int | None = None, *, now: datetime | None = None
) -> NewsletterSubscription:
    """Add `email` to the newsletter (flushed; the caller commits), or 409 already_subscribed."""
    key = rules.email_key(email)
    existing = session.scalar(
        sa.select(NewsletterSubscription).where(NewsletterSubscription.email == key)
    )
    if existing is not None:
        raise ApiError(409, "already_subscribed")
    row = NewsletterSubscription(email=key, user_id=user_id)
    if now is not None:
        row.created_at = now
    session.add(row)
    session.flush()
    return row


def sign_off(session: Session, email: str | None) -> None:
    """Take `email` off the newsletter and commit; an address not on the list is left as it is
    (turning the newsletter off twice is not an error)."""
    if not email:
        return
    key = rules.email_key(email)
    session.execute(sa.delete(NewsletterSubscription).where(NewsletterSubscription.email == key))
    session.commit()
