"""Registration: e-mail accounts (confirmed by mail) and social accounts (signed in at once)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from argon2 import PasswordHasher
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from . import rules
from .confirmation import send_confirmation
from .lookups import EMAIL_TAKEN, USERNAME_TAKEN, find_by_email, find_by_username
from .mails import Mailing
from .models import User
from .newsletter import subscribe_newsletter
from .passwords import hash_password
from .sign_in import (
    SignedIn,
    ensure_active,
    find_social_user,
    link_identity,
    read_social_registration_token,
    social_error,
    start_session,
)
from .social import SocialAuthError
from .social import SocialIdentity as VerifiedIdentity

REGISTRATION_TYPES = ("email", "facebook", "google", "apple")


SOCIAL_TYPES = ("facebook", "google", "apple")


PLATFORMS = ("mobile-web", "web", "ios", "android")


APP_PLATFORMS = ("ios", "android")


@dataclass(frozen=True)
class Registered:
    user: User
    signed_in: SignedIn | None  # None for e-mail accounts: they confirm first


@dataclass(frozen=True)
class RegistrationForm:
    type: str
    username: str | None = None
    email: str | None = None
    password: str | None = None
    country: str | None = None
    skill_level: str | None = None
    terms: bool | None = None
    subscribe: bool = False
    platform: str = "mobile-web"
    credential: str | None = None  # social types: the provider's token or our socialToken


def register(
    session: Session,
    form: RegistrationForm,
    *,
    now: datetime,
    hasher: PasswordHasher,
    secret: str,
    verify: Callable[[str, str, str], VerifiedIdentity],
    mailing: Mailing,
) -> Registered:
    """Create an account. E-mail accounts get a confirmation mail and no session; social
    accounts are vouched for by the provider and signed in at once."""
    if form.type == "email":
        user = _register_email(session, form, now=now, hasher=hasher)
        send_confirmation(session, user, now=now, mailing=mailing)
        return Registered(user, None)
    identity = _identity_for_registration(form, secret=secret, now=now, verify=verify)
    existing = find_social_user(session, identity, now=now)
    if existing is not None:  # already registered: registering again simply signs in
        ensure_active(existing)
        return Registered(existing, start_session(session, existing, now=now, secret=secret))
    user = _register_social(session, form, identity, now=now)
    return Registered(user, start_session(session, user, now=now, secret=secret))


def _common_problems(form: RegistrationForm) -> list[rules.Problem | None]:
    return [
        rules.username_problem(form.username),
        rules.country_problem(form.country),
        rules.level_problem(form.skill_level),
        None if form.terms is True else rules.Problem("terms", rules.MUST_CHECK),
    ]


def _check_free(session: Session, username: str, email: str) -> None:
    problems = []
    if find_by_username(session, username) is not None:
        problems.append(rules.Problem("username", USERNAME_TAKEN, "user_username_exists"))
    if find_by_email(session, email) is not None:
        problems.append(rules.Problem("email", EMAIL_TAKEN, "user_email_exists"))
    rules.raise_problems(problems, status=409)


def _create_user(
    session: Session,
    form: RegistrationForm,
    email: str,
    build: Callable[[User], None],
    inserted: Callable[[User], None] | None = None,
) -> User:
    """Insert the user (and the newsletter row) in one transaction; a lost race is a 409."""
    username = form.username or ""

    def insert() -> User:
        # Run again when someone took the name or the address a moment ago: the check then
        # says so.
        _check_free(session, username, email)
        user = User(
            username=username,
            username_key=rules.username_key(username),
            email=email,
            email_key=rules.email_key(email),
            country=(form.country or "").strip().upper(),
            skill_level=(form.skill_level or "").strip(),
        )
        build(user)
        session.add(user)
        session.flush()
        if inserted is not None:
            inserted(user)
        if form.subscribe:
            with contextlib.suppress(ApiError):  # already on the list: nothing to add
                subscribe_newsletter(session, email, user.id, now=user.created_at)
        return user

    return commit_retrying_conflicts(session, insert)


def _register_email(
    session: Session, form: RegistrationForm, *, now: datetime, hasher: PasswordHasher
) -> User:
    email = rules.normalise_email(form.email or "")
    # Sign-in trims what it is given (docs/accounts.md, validation), so the stored password is
    # the trimmed one.
    password = form.password.strip() if form.password is not None else None
    common = _common_problems(form)
    rules.raise_problems(
        [
            common[0],
            rules.email_problem(email if form.email is not None else None),
            rules.password_problem(password),
            *common[1:],
        ]
    )

    def build(user: User) -> None:
        user.password_hash = hash_password(password or "", hasher)
        user.created_at = now

    return _create_user(session, form, email, build)


def _identity_for_registration(
    form: RegistrationForm,
    *,
    secret: str,
    now: datetime,
    verify: Callable[[str, str, str], VerifiedIdentity],
) -> VerifiedIdentity:
    if not form.credential:
        raise ApiError(
            400,
            "user_invalid_token",
            fields={"token": rules.REQUIRED},
            errorType=form.type,
        )
    identity = read_social_registration_token(form.credential, form.type, secret=secret, now=now)
    if identity is not None:
        return identity
    try:
        return verify(form.type, form.credential, form.platform)
    except SocialAuthError as error:
        raise social_error(error) from None


def _register_social(
    session: Session, form: RegistrationForm, identity: VerifiedIdentity, *, now: datetime
) -> User:
    email = rules.normalise_email(identity.email or form.email or "")
    problems = _common_problems(form)
    if not identity.email:  # the provider kept the address to itself: the person gives one
        problems.insert(1, rules.email_problem(email if form.email is not None else None))
    rules.raise_problems(problems)

    def build(user: User) -> None:
        user.firstname = _clip(identity.first_name)
        user.lastname = _clip(identity.last_name)
        user.created_at = now
        # The provider vouched for its address; one the person typed is theirs to confirm, but
        # they sign in through the provider, which needs no confirmation.
        user.email_confirmed_at = now if identity.email else None

    return _create_user(
        session,
        form,
        email,
        build,
        inserted=lambda user: link_identity(session, user, identity, now=now),
    )


def _clip(value: str | None) -> str | None:
    return value[:50] if value else None
