"""The member's profile: names, avatar, password, tier and deactivation."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.orm import Session, object_session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from ..platform.storage import Storage
from . import lookups, rules, tokens
from .avatars import encode_avatar
from .models import User
from .passwords import hash_password, verify_password
from .sign_in import SignedIn, end_every_session, start_session

log = logging.getLogger(__name__)


# What billing says of a member's plan (status, plan.period) for their profile, or None without
# one: bff.billing.subscriptions.profile_subscription, handed in from above (billing builds on
# accounts, not the reverse).
SubscriptionOf = Callable[[Session, int], dict[str, Any] | None]


def user_profile(user: User, storage: Storage, subscription_of: SubscriptionOf) -> dict[str, Any]:
    """The user as every /users answer carries it (billing adds `subscription`;
    docs/accounts.md)."""
    return {
        "id": user.id,
        "firstname": user.firstname,
        "lastname": user.lastname,
        "username": user.username,
        "email": user.email,
        "country": user.country,
        "skill_level": user.skill_level,
        "avatar": {"src": storage.url(user.avatar) if user.avatar else None},
        "user_tier": user.user_tier,
        "subscription": _subscription(user, subscription_of),
    }


def _subscription(user: User, subscription_of: SubscriptionOf) -> dict[str, Any] | None:
    session = object_session(user)
    return subscription_of(session, user.id) if session is not None and user.id else None


def set_user_tier(session: Session, user_id: int, tier: str) -> None:
    """For billing: "pro" while a plan is active, "free" otherwise (flushed; the caller commits)."""
    if tier not in ("free", "pro"):
        raise ValueError(f"unknown tier {tier!r}")
    session.execute(sa.update(User).where(User.id == user_id).values(user_tier=tier))


def get_user(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None or user.deactivated_at is not None:
        raise ApiError(401, "user_invalid_token")
    return user


def update_profile(session: Session, user_id: int, changes: dict[str, str | None]) -> User:
    """Change any of the profile's fields by the rules registration applies (docs/accounts.md,
    profile): names (empty clears them), username (free whatever its case, the member's own
    aside: 409 user_username_exists), country and level (from their lists; they cannot be
    cleared)."""
    user = get_user(session, user_id)
    username = changes.get("username")
    problems: list[rules.Problem | None] = []
    if "username" in changes:
        problems.append(rules.username_problem(username))
    if "country" in changes:
        problems.append(rules.country_problem(changes["country"]))
    if "skill_level" in changes:
        problems.append(rules.level_problem(changes["skill_level"]))
    rules.raise_problems(problems)

    def save() -> User:
        if username is not None and lookups.username_unavailable(session, username, user.id):
            rules.raise_problems(
                [rules.Problem("username", lookups.USERNAME_TAKEN, "user_username_exists")],
                status=409,
            )
        for field in ("firstname", "lastname"):
            if field in changes:
                setattr(user, field, changes[field] or None)
        if username is not None:
            user.username, user.username_key = username, rules.username_key(username)
        if "country" in changes:
            user.country = (changes["country"] or "").strip().upper()
        if "skill_level" in changes:
            user.skill_level = (changes["skill_level"] or "").strip()
        return user

    # Run again when someone took the name a moment ago: the check then says so.
    return commit_retrying_conflicts(session, save)


def update_avatar(session: Session, user_id: int, data: bytes, storage: Storage) -> User:
    """Store the member's new avatar; the one it replaces is deleted once the change is saved
    (avatar names are per member: no one else shows that file)."""
    user = get_user(session, user_id)
    avatar = encode_avatar(data, user.id)
    storage.save(avatar.name, avatar.data)
    replaced = user.avatar
    user.avatar = avatar.name
    session.commit()
    if replaced and replaced != avatar.name:
        try:
            storage.delete(replaced)
        except (OSError, ValueError):  # a file left behind costs disk, not the member's change
            log.exception("Could not delete the replaced avatar of user %s", user.id)
    return user


def change_password(
    session: Session,
    user_id: int,
    current: str | None,
    password: str | None,
    password_confirmation: str | None = None,
    *,
    now: datetime,
    hasher: PasswordHasher,
    secret: str,
) -> SignedIn:
    """Set a new password, the current one given again. Every session of the member ends (this
    one too), and every link mailed before (a pending e-mail change too) stops working; the
    answer is a new session, so the device that made the change stays signed in.
    Values are trimmed, as sign-in trims them."""
    current = (current or "").strip()
    password = password.strip() if password is not None else None
    if password_confirmation is not None:
        password_confirmation = password_confirmation.strip()
    rules.raise_problems(
        [
            None
            if current
            else rules.Problem("current_password", rules.REQUIRED, "user_password_required"),
            rules.password_problem(password),
        ]
    )
    if password_confirmation is not None and password_confirmation != password:
        raise ApiError(
            400,
            "user_passwords_dont_match",
            fields={"password_confirmation": "The passwords don't match. Please try again."},
        )
    user = get_user(session, user_id)
    check_password(user, current, hasher, field="current_password", what="Password change")
    user.password_hash = hash_password(password or "", hasher)
    tokens.void_mailed_tokens(session, user.id, now)
    end_every_session(session, user.id, now=now)
    session.commit()
    log.info("Password changed by user %s: every session ended", user.id)
    return start_session(session, user, now=now, secret=secret)


# Messages, not passwords.
NO_PASSWORD = "This account has no password yet: set one with 'Forgot your password?'."  # noqa: S105


def check_password(
    user: User, given: str | None, hasher: PasswordHasher, *, field: str, what: str
) -> None:
    """The member's password, given again before a change only they may make: 400
    user_wrong_password in ``error.fields[field]`` otherwise (an account made through a social
    provider has none until it sets one by recovery). Trimmed, as sign-in trims it."""
    given = (given or "").strip()
    if not given:
        rules.raise_problems([rules.Problem(field, rules.REQUIRED, "user_password_required")])
    matches, _ = verify_password(user.password_hash, given, hasher)
    if not matches:
        log.info("%s refused for user %s: wrong password", what, user.id)
        message = NO_PASSWORD if user.password_hash is None else WRONG_PASSWORD
        raise ApiError(400, "user_wrong_password", fields={field: message})


WRONG_PASSWORD = "Password is incorrect. Please try again."  # noqa: S105


def deactivate(session: Session, user_id: int, *, now: datetime) -> None:
    """Deactivate an account: it can no longer sign in (user_deactivated), every session ends
    at once, access tokens included, and every link mailed to it stops working."""
    user = session.get(User, user_id)
    if user is None:
        raise ApiError(404, "user_doesnt_exist")
    if user.deactivated_at is None:
        user.deactivated_at = now
    tokens.void_mailed_tokens(session, user.id, now)
    end_every_session(session, user.id, now=now)
    session.commit()
    log.info("User %s deactivated: every session ended", user.id)
