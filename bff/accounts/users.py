"""Accounts services: registration, sign-in (password and social), confirmation, profile.

Plain Python: each function takes the session, the clock's `now` and whatever else it needs,
and raises ApiError with a catalogue code. Each change runs in one transaction.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import jwt
import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session

from ..access import tokens as access_tokens
from ..errors import ApiError
from ..mail import Mailer
from ..storage import Storage
from . import rules, tokens
from .avatars import encode_avatar
from .mails import Links, confirmation_mail
from .models import EmailConfirmation, NewsletterSubscription, SocialIdentity, User
from .passwords import hash_password, verify_password
from .social import SocialAuthError
from .social import SocialIdentity as VerifiedIdentity

log = logging.getLogger(__name__)

REGISTRATION_TYPES = ("email", "facebook", "google", "apple")
SOCIAL_TYPES = ("facebook", "google", "apple")
PLATFORMS = ("mobile-web", "web", "ios", "android")
APP_PLATFORMS = ("ios", "android")

EMAIL_CONFIRMATION_LIFETIME = timedelta(days=7)
# An unconfirmed sign-in re-sends the confirmation, at most this often.
CONFIRMATION_RESEND_AFTER = timedelta(minutes=10)
# What a social sign-in of an unknown person hands the client for registering (Apple's codes
# work only once, so the client cannot simply send the provider's credential again).
SOCIAL_REGISTRATION_LIFETIME = timedelta(minutes=30)
SOCIAL_REGISTRATION_AUDIENCE = "bff:social-registration"


@dataclass(frozen=True)
class SignedIn:
    user: User
    access: str
    refresh: tokens.IssuedRefreshToken


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


# Lookups -------------------------------------------------------------------------------------


def find_by_email(session: Session, email: str) -> User | None:
    return session.scalar(sa.select(User).where(User.email_key == rules.email_key(email)))


def find_by_username(session: Session, username: str) -> User | None:
    return session.scalar(sa.select(User).where(User.username_key == rules.username_key(username)))


USERNAME_TAKEN = "This username is already taken."
EMAIL_TAKEN = "That email is already taken"


def username_unavailable(session: Session, username: str) -> str | None:
    """Why a username cannot be registered (the message registration would give), or None
    when it is free and acceptable."""
    if problem := rules.username_problem(username):
        return problem.message
    return USERNAME_TAKEN if find_by_username(session, username) is not None else None


def email_unavailable(session: Session, email: str) -> str | None:
    """Why an address cannot be registered, or None when it is free and valid."""
    email = rules.normalise_email(email)
    if problem := rules.email_problem(email):
        return problem.message
    return EMAIL_TAKEN if find_by_email(session, email) is not None else None


# Sessions ------------------------------------------------------------------------------------


def start_session(session: Session, user: User, *, now: datetime, secret: str) -> SignedIn:
    refresh = tokens.start_family(session, user.id, now)
    session.commit()
    access = access_tokens.issue_access_token(user.id, secret, now, session=refresh.family_id)
    return SignedIn(user, access, refresh)


def refresh_session(session: Session, token: str, *, now: datetime, secret: str) -> SignedIn:
    refresh = tokens.rotate(session, token, now)
    user = session.get(User, refresh.user_id)
    if user is None or user.deactivated_at is not None:
        tokens.revoke_family(session, refresh.family_id, now)
        session.commit()
        raise ApiError(401, "user_refresh_token_expired")
    access = access_tokens.issue_access_token(user.id, secret, now, session=refresh.family_id)
    return SignedIn(user, access, refresh)


def sign_out(session: Session, token: str | None, *, now: datetime) -> None:
    """End the session of a refresh token: it can no longer refresh, and its access tokens stop
    working (bff.access.viewer). The member's other sessions go on."""
    if token:
        tokens.revoke_token_family(session, token, now)


def end_every_session(session: Session, user_id: int, *, now: datetime) -> None:
    """End every session of the member, their access tokens with them (flushed; the caller
    commits)."""
    tokens.revoke_all_for_user(session, user_id, now)


def deactivate(session: Session, user_id: int, *, now: datetime) -> None:
    """Deactivate an account: it can no longer sign in (user_deactivated), and every session
    ends at once, access tokens included."""
    user = session.get(User, user_id)
    if user is None:
        raise ApiError(404, "user_doesnt_exist")
    if user.deactivated_at is None:
        user.deactivated_at = now
    end_every_session(session, user.id, now=now)
    session.commit()
    log.info("User %s deactivated: every session ended", user.id)


# Newsletter ----------------------------------------------------------------------------------


def is_subscribed(session: Session, email: str | None) -> bool:
    """Whether this address gets the newsletter."""
    if not email:
        return False
    key = rules.email_key(email)
    found = session.scalar(
        sa.select(NewsletterSubscription.id).where(NewsletterSubscription.email == key)
    )
    return found is not None


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


# Registration --------------------------------------------------------------------------------


def register(
    session: Session,
    form: RegistrationForm,
    *,
    now: datetime,
    hasher: PasswordHasher,
    secret: str,
    verify: Callable[[str, str, str], VerifiedIdentity],
    mailer: Mailer,
    links: Links,
) -> Registered:
    """Create an account. E-mail accounts get a confirmation mail and no session; social
    accounts are vouched for by the provider and signed in at once."""
    if form.type == "email":
        user = _register_email(session, form, now=now, hasher=hasher)
        send_confirmation(session, user, now=now, mailer=mailer, links=links)
        return Registered(user, None)
    identity = _identity_for_registration(form, secret=secret, now=now, verify=verify)
    existing = find_social_user(session, identity, now=now)
    if existing is not None:  # already registered: registering again simply signs in
        _ensure_active(existing)
        return Registered(existing, start_session(session, existing, now=now, secret=secret))
    user = _register_social(session, form, identity, now=now)
    return Registered(user, start_session(session, user, now=now, secret=secret))


def _common_problems(form: RegistrationForm) -> list[rules.Problem | None]:
    country = (form.country or "").strip().upper()
    level = (form.skill_level or "").strip()
    return [
        rules.username_problem(form.username),
        rules.Problem("country", rules.REQUIRED)
        if not country
        else rules.Problem("country", rules.UNKNOWN_COUNTRY)
        if country not in rules.country_codes()
        else None,
        rules.Problem("skill_level", rules.REQUIRED)
        if not level
        else rules.Problem("skill_level", rules.UNKNOWN_LEVEL)
        if level not in rules.SKILL_LEVELS
        else None,
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
    for attempt in range(2):
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
        try:
            session.flush()
            if inserted is not None:
                inserted(user)
            if form.subscribe:
                with contextlib.suppress(ApiError):  # already on the list: nothing to add
                    subscribe_newsletter(session, email, user.id, now=user.created_at)
            session.commit()
            return user
        except IntegrityError:
            session.rollback()
            if attempt:
                raise
            # Someone took the name or the address a moment ago: the check above now says so.
    raise AssertionError("unreachable")


def _register_email(
    session: Session, form: RegistrationForm, *, now: datetime, hasher: PasswordHasher
) -> User:
    email = rules.normalise_email(form.email or "")
    # Sign-in trims what it is given (SPEC §5), so the stored password is the trimmed one.
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
    email = identity.email or rules.normalise_email(form.email or "")
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
        session, form, email, build, inserted=lambda user: _link(session, user, identity, now=now)
    )


def _clip(value: str | None) -> str | None:
    return value[:50] if value else None


# Confirmation --------------------------------------------------------------------------------


def send_confirmation(
    session: Session, user: User, *, now: datetime, mailer: Mailer, links: Links
) -> None:
    """Issue a confirmation token and mail its link; a failed delivery is logged, not fatal
    (signing in unconfirmed sends a new one)."""
    token = tokens.new_secret()
    session.add(
        EmailConfirmation(
            user_id=user.id,
            token_hash=tokens.digest(token),
            created_at=now,
            expires_at=now + EMAIL_CONFIRMATION_LIFETIME,
        )
    )
    session.commit()
    try:
        mailer.send(confirmation_mail(user.email, user.username, links.confirmation(token)))
    except Exception:
        log.exception("Could not send the confirmation mail to user %s", user.id)


def _resend_confirmation_if_due(
    session: Session, user: User, *, now: datetime, mailer: Mailer, links: Links
) -> None:
    latest = session.scalar(
        sa.select(sa.func.max(EmailConfirmation.created_at)).where(
            EmailConfirmation.user_id == user.id
        )
    )
    if latest is None or latest + CONFIRMATION_RESEND_AFTER <= now:
        send_confirmation(session, user, now=now, mailer=mailer, links=links)


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


# Password sign-in ----------------------------------------------------------------------------


def _ensure_active(user: User) -> None:
    if user.deactivated_at is not None:
        log.info("Sign-in refused for user %s: deactivated", user.id)
        raise ApiError(403, "user_deactivated")


def login(
    session: Session,
    identifier: str | None,
    password: str | None,
    *,
    now: datetime,
    hasher: PasswordHasher,
    secret: str,
    mailer: Mailer,
    links: Links,
) -> SignedIn:
    """Sign in with e-mail (or username) and password; values are trimmed.

    A password is checked whoever asks (against a stand-in hash for an unknown address), so an
    unknown address takes as long as a known one; only the password's owner learns that an
    account is deactivated."""
    identifier = (identifier or "").strip()
    password = (password or "").strip()
    if not identifier or not password:
        raise ApiError(400, "user_username_or_password_missing")
    user = (
        find_by_email(session, identifier)
        if "@" in identifier
        else find_by_username(session, identifier)
    )
    matches, rehashed = verify_password(user.password_hash if user else None, password, hasher)
    if user is None:
        log.info("Sign-in refused: no such account")
        raise ApiError(404, "user_doesnt_exist")
    if not matches:
        log.info("Sign-in refused for user %s: wrong password", user.id)
        raise ApiError(401, "user_wrong_password")
    _ensure_active(user)
    if rehashed:
        user.password_hash = rehashed
        session.commit()
    if user.email_confirmed_at is None:
        _resend_confirmation_if_due(session, user, now=now, mailer=mailer, links=links)
        raise ApiError(403, "user_cant_login")
    return start_session(session, user, now=now, secret=secret)


# Password change -----------------------------------------------------------------------------


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
    one too); the answer is a new session, so the device that made the change stays signed in.
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
    matches, _ = verify_password(user.password_hash, current, hasher)
    if not matches:
        log.info("Password change refused for user %s: wrong current password", user.id)
        raise ApiError(
            400,
            "user_wrong_password",
            fields={"current_password": "Password is incorrect. Please try again."},
        )
    user.password_hash = hash_password(password or "", hasher)
    end_every_session(session, user.id, now=now)
    session.commit()
    log.info("Password changed by user %s: every session ended", user.id)
    return start_session(session, user, now=now, secret=secret)


# Social sign-in ------------------------------------------------------------------------------


def social_error(error: SocialAuthError) -> ApiError:
    status = {
        "user_invalid_token": 401,
        "user_invalid_auth_code": 401,
        "social_provider_unavailable": 503,
        "social_provider_not_configured": 404,  # not on this site
    }.get(error.code, 401)
    return ApiError(status, error.code, error.message, errorType=error.provider)


def find_social_user(session: Session, identity: VerifiedIdentity, *, now: datetime) -> User | None:
    """The user this provider identity signs in as; an account with the same verified e-mail
    gets the identity linked (the provider proved the address, so it is confirmed too; an
    unconfirmed account loses its password and other links first)."""
    linked = session.scalar(
        sa.select(User)
        .join(SocialIdentity, SocialIdentity.user_id == User.id)
        .where(
            SocialIdentity.provider == identity.provider,
            SocialIdentity.subject == identity.subject,
        )
    )
    if linked is not None or not identity.email:
        return linked
    user = find_by_email(session, identity.email)
    if user is None:
        return None
    if user.email_confirmed_at is None:
        # Whoever created this account never proved the address; the provider's person did.
        # Drop the unproven ways in, or a squatter's password would open the owner's account.
        user.password_hash = None
        session.execute(sa.delete(SocialIdentity).where(SocialIdentity.user_id == user.id))
        tokens.revoke_all_for_user(session, user.id, now)
        user.email_confirmed_at = now
    _link(session, user, identity, now=now)
    try:
        session.commit()
    except IntegrityError:  # linked by a concurrent sign-in: fine, it is linked
        session.rollback()
    return session.get(User, user.id)


def _link(session: Session, user: User, identity: VerifiedIdentity, *, now: datetime) -> None:
    exists = session.scalar(
        sa.select(SocialIdentity.id).where(
            SocialIdentity.provider == identity.provider,
            SocialIdentity.subject == identity.subject,
        )
    )
    if exists is None:
        session.add(
            SocialIdentity(
                user_id=user.id,
                provider=identity.provider,
                subject=identity.subject,
                email=identity.email,
                created_at=now,
            )
        )


def social_sign_in(
    session: Session,
    provider: str,
    credential: str,
    platform: str,
    *,
    now: datetime,
    secret: str,
    verify: Callable[[str, str, str], VerifiedIdentity],
) -> SignedIn:
    try:
        identity = verify(provider, credential, platform)
    except SocialAuthError as error:
        raise social_error(error) from None
    user = find_social_user(session, identity, now=now)
    if user is None:
        raise ApiError(
            404,
            "user_doesnt_exist",
            errorType=provider,
            email=identity.email,
            socialToken=issue_social_registration_token(identity, secret=secret, now=now),
        )
    _ensure_active(user)
    return start_session(session, user, now=now, secret=secret)


def issue_social_registration_token(
    identity: VerifiedIdentity, *, secret: str, now: datetime
) -> str:
    claims = {
        "aud": SOCIAL_REGISTRATION_AUDIENCE,
        "provider": identity.provider,
        "sub": identity.subject,
        "email": identity.email,
        "first_name": identity.first_name,
        "last_name": identity.last_name,
        "iat": int(now.timestamp()),
        "exp": int((now + SOCIAL_REGISTRATION_LIFETIME).timestamp()),
    }
    return jwt.encode(claims, secret, algorithm=access_tokens.JWT_ALGORITHM)


def read_social_registration_token(
    token: str, provider: str, *, secret: str, now: datetime
) -> VerifiedIdentity | None:
    """The identity in one of our socialTokens for `provider`, or None if it is not one."""
    try:
        claims = jwt.decode(
            token,
            secret,
            algorithms=[access_tokens.JWT_ALGORITHM],
            audience=SOCIAL_REGISTRATION_AUDIENCE,
            options={
                "require": ["sub", "exp", "provider"],
                "verify_exp": False,
                "verify_iat": False,
            },
        )
    except jwt.PyJWTError:
        return None
    if claims["provider"] != provider or int(claims["exp"]) <= now.timestamp():
        raise ApiError(401, "user_invalid_token", errorType=provider)
    return VerifiedIdentity(
        provider=provider,
        subject=str(claims["sub"]),
        email=claims.get("email"),
        first_name=claims.get("first_name"),
        last_name=claims.get("last_name"),
    )


# Profile -------------------------------------------------------------------------------------


# What billing says of a member's plan (status, plan.period) for their profile, or None without
# one: bff.billing.subscriptions.profile_subscription, handed in from above (billing builds on
# accounts, not the reverse).
SubscriptionOf = Callable[[Session, int], dict | None]


def user_profile(user: User, storage: Storage, subscription_of: SubscriptionOf) -> dict:
    """The user of SPEC §3 as every /users answer carries it (billing adds `subscription`)."""
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


def _subscription(user: User, subscription_of: SubscriptionOf) -> dict | None:
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


def update_names(session: Session, user_id: int, changes: dict[str, str | None]) -> User:
    user = get_user(session, user_id)
    for field in ("firstname", "lastname"):
        if field in changes:
            setattr(user, field, changes[field] or None)
    session.commit()
    return user


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
