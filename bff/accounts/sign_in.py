"""Sign-in and sessions: password and social sign-in, refresh, sign-out.

A social sign-in of a person without
an account hands the client a socialToken to register with (docs/accounts.md)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import jwt
import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..access import tokens as access_tokens
from ..platform.errors import ApiError
from . import tokens
from .confirmation import resend_confirmation_if_due
from .lookups import find_by_email, find_by_username
from .mails import Mailing
from .models import SocialIdentity, User
from .passwords import verify_password
from .social import SocialAuthError
from .social import SocialIdentity as VerifiedIdentity

log = logging.getLogger(__name__)


# What a social sign-in of an unknown person hands the client for registering (Apple's codes
# work only once, so the client cannot simply send the provider's credential again).
SOCIAL_REGISTRATION_LIFETIME = timedelta(minutes=30)


SOCIAL_REGISTRATION_AUDIENCE = "bff:social-registration"


@dataclass(frozen=True)
class SignedIn:
    user: User
    access: str
    refresh: tokens.IssuedRefreshToken


def start_session(session: Session, user: User, *, now: datetime, secret: str) -> SignedIn:
    refresh = tokens.start_family(session, user.id, now)
    session.commit()
    access = access_tokens.issue_access_token(user.id, secret, now, session=refresh.family_id)
    return SignedIn(user, access, refresh)


def refresh_session(
    session: Session,
    token: str,
    *,
    now: datetime,
    secret: str,
    grace: timedelta = timedelta(0),
) -> SignedIn:
    """A new pair for a refresh token; ``grace``: how long after a rotation the old token may
    come again while its answer was lost (bff.accounts.tokens)."""
    refresh = tokens.rotate(session, token, now, grace=grace)
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


def ensure_active(user: User) -> None:
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
    mailing: Mailing,
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
    ensure_active(user)
    if rehashed:
        user.password_hash = rehashed
        session.commit()
    if user.email_confirmed_at is None:
        resend_confirmation_if_due(session, user, now=now, mailing=mailing)
        raise ApiError(403, "user_cant_login")
    return start_session(session, user, now=now, secret=secret)


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
    link_identity(session, user, identity, now=now)
    try:
        session.commit()
    except IntegrityError:  # linked by a concurrent sign-in: fine, it is linked
        session.rollback()
    return session.get(User, user.id)


def link_identity(
    session: Session, user: User, identity: VerifiedIdentity, *, now: datetime
) -> None:
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
    ensure_active(user)
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
