"""Access tokens: short JWTs that name a member and their session (a refresh-token family).

Whether the session is still on is read with the account (bff.access.viewer); refresh tokens and
sessions are the accounts domain's (bff.accounts.tokens).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

import jwt

from ..platform.errors import ApiError

ACCESS_TOKEN_LIFETIME = timedelta(minutes=15)
# An answer's `expires_in`: a token's `exp` is its `iat` plus this, both whole seconds.
ACCESS_TOKEN_EXPIRES_IN = int(ACCESS_TOKEN_LIFETIME.total_seconds())
JWT_ALGORITHM = "HS256"
ACCESS_AUDIENCE = "bff:access"


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session: str  # the refresh-token family the token was issued in


def issue_access_token(user_id: int, secret: str, now: datetime, *, session: str) -> str:
    """An access token of ``user_id`` in ``session`` (a refresh-token family id)."""
    claims = {
        "sub": str(user_id),
        "sid": session,
        "aud": ACCESS_AUDIENCE,
        "iat": int(now.timestamp()),
        "exp": int((now + ACCESS_TOKEN_LIFETIME).timestamp()),
        "jti": uuid.uuid4().hex,
    }
    return jwt.encode(claims, secret, algorithm=JWT_ALGORITHM)


def read_access_token(token: str, secret: str, now: datetime) -> AccessClaims:
    """The user and session an access token names; ApiError(401, user_invalid_token) for
    anything else (a token without a session too). Whether the session is still on is the
    caller's to check, with the account (bff.access.viewer)."""
    try:
        # Expiry is checked against `now` below so that tests can move the clock.
        claims = jwt.decode(
            token,
            secret,
            algorithms=[JWT_ALGORITHM],
            audience=ACCESS_AUDIENCE,
            options={
                "require": ["sub", "sid", "exp", "aud"],
                "verify_exp": False,
                "verify_iat": False,
            },
        )
        user_id = int(claims["sub"])
        session = claims["sid"]
        expires = int(claims["exp"])
    except (jwt.PyJWTError, ValueError, TypeError):
        raise ApiError(401, "user_invalid_token") from None
    if not isinstance(session, str) or not session or expires <= now.timestamp():
        raise ApiError(401, "user_invalid_token")
    return AccessClaims(user_id, session)
