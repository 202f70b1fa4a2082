"""Download my data, delete my account, and what other domains keep in step with it.

The account is the accounts domain's; what other domains keep about a member (billing's
membership and payments, learning's progress) they hand down as a ``MemberData`` each
(create_app puts them in the application context), so the export holds everything and the
deletion reaches everything without accounts importing the domains above it.

A deleted account keeps its row, emptied of everything personal (names, username, address,
password, avatar, country, level, social links, sessions, mailed links, newsletter): the
payments it made keep an owner that no longer says who, as accounting needs them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..platform.domain import MemberData
from ..platform.storage import Storage
from .models import (
    EmailChange,
    EmailConfirmation,
    NewsletterSubscription,
    PasswordReset,
    SocialIdentity,
    User,
)
from .newsletter import is_subscribed
from .profile import SubscriptionOf, check_password, get_user, user_profile
from .sign_in import end_every_session

log = logging.getLogger(__name__)


def export_account(
    session: Session,
    user_id: int,
    *,
    storage: Storage,
    subscription_of: SubscriptionOf,
    parts: Sequence[MemberData],
    now: datetime,
) -> dict[str, Any]:
    """Everything the site keeps about the member, as one JSON document."""
    user = get_user(session, user_id)
    identities = session.scalars(
        sa.select(SocialIdentity).where(SocialIdentity.user_id == user.id)
    ).all()
    return {
        "exported_at": iso(now),
        "profile": {
            **user_profile(user, storage, subscription_of),
            "email_confirmed": user.email_confirmed_at is not None,
            "created_at": iso(user.created_at),
            "social_sign_in": [
                {"provider": found.provider, "email": found.email} for found in identities
            ],
        },
        "newsletter": {"subscribed": is_subscribed(session, user.email)},
        **{key: value for part in parts for key, value in part.export(session, user.id).items()},
    }


def delete_account(
    session: Session,
    user_id: int,
    password: str | None,
    *,
    now: datetime,
    hasher: PasswordHasher,
    storage: Storage,
    parts: Sequence[MemberData],
) -> None:
    """Delete the member's account, confirmed with their password: what must end outside
    (the subscription) ends first; then every part is erased, the account emptied and every
    session ended, in one transaction; the avatar file goes last."""
    user = get_user(session, user_id)
    check_password(user, password, hasher, field="password", what="Account deletion")
    for part in parts:
        part.prepare_erasure(session, user.id)
    for part in parts:
        part.erase(session, user.id, now=now)
    avatar = user.avatar
    _erase_user(session, user, now=now)
    session.commit()
    log.info("User %s deleted their account", user.id)
    if avatar:
        try:
            storage.delete(avatar)
        except (OSError, ValueError):  # a file left behind costs disk; it is logged to remove
            log.exception("Could not delete the avatar of deleted user %s", user.id)


def _erase_user(session: Session, user: User, *, now: datetime) -> None:
    session.execute(
        sa.delete(NewsletterSubscription).where(
            sa.or_(
                NewsletterSubscription.user_id == user.id,
                NewsletterSubscription.email == user.email_key,
            )
        )
    )
    for model in (SocialIdentity, EmailConfirmation, PasswordReset, EmailChange):
        session.execute(sa.delete(model).where(model.user_id == user.id))
    end_every_session(session, user.id, now=now)
    # Unique stand-ins no one can register or sign in with: no username or address has a space.
    stand_in = f"deleted {user.id}"
    user.username = user.username_key = stand_in
    user.email = user.email_key = stand_in
    user.password_hash = None
    user.firstname = user.lastname = user.country = user.skill_level = user.avatar = None
    user.user_tier = "free"
    user.deactivated_at = user.deactivated_at or now
    user.erased_at = now
    session.flush()
