"""Access tokens (short JWTs), refresh-token families, and the one-time tokens sent by mail.

Refresh tokens are random 256-bit values; the database keeps only their SHA-256. Each sign-in
starts a family: the session. Each refresh retires the presented token (rotated_at, replaced_by)
and issues the next one of the same family. Presenting a retired token again means it was
copied: the whole family is revoked, so both the thief and the victim must sign in again.

Except within a short grace period after its rotation, while the token it was replaced by has
never been used: then the answer of that rotation was most likely lost on the way (a phone
network), and the app presents the old token again. It gets a fresh successor, and the unused
one is retired in its place (as if rotated): a family keeps one live token at a time, so a thief
who replays a token within the period still ends the session at the owner's next refresh. The
same new token cannot be answered twice: only its hash is kept.

Every access token names its session (the claim `sid`, the family id), and is good only while
that family is not revoked (bff.access.viewer reads this with the account): signing out,
a reset or change of password and a deactivation end the access tokens of the sessions they end
at once, not when the tokens expire.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from .models import EmailChange, EmailConfirmation, PasswordReset, RefreshToken

log = logging.getLogger(__name__)

REFRESH_TOKEN_LIFETIME = timedelta(days=30)
# The one-time tokens sent by mail.
Mailed = TypeVar("Mailed", EmailChange, EmailConfirmation, PasswordReset)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_secret() -> str:
    """A random 256-bit token, URL-safe."""
    return secrets.token_urlsafe(32)


def issue_mailed_token(
    session: Session,
    model: type[Mailed],
    user_id: int,
    now: datetime,
    lifetime: timedelta,
    **fields: str,
) -> str:
    """A new one-time token of ``model`` for the member, answered in the clear for its link. It
    is committed here: a mail must never carry the link of a token that was not saved."""
    token = new_secret()
    session.add(
        model(
            user_id=user_id,
            token_hash=digest(token),
            created_at=now,
            expires_at=now + lifetime,
            **fields,
        )
    )
    session.commit()
    return token


def use_mailed_token(
    session: Session, model: type[Mailed], token: str | None, now: datetime
) -> Mailed | None:
    """Mark a mailed token used and answer its row; None when unknown, used or expired.

    The update is conditional, so of two requests racing with one link exactly one wins.
    """
    if not token:
        return None
    row = session.scalar(sa.select(model).where(model.token_hash == digest(token)))
    if row is None or row.used_at is not None or row.expires_at <= now:
        return None
    used = session.execute(
        sa.update(model)
        .where(model.id == row.id, model.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    ).rowcount
    if used != 1:
        session.rollback()
        return None
    return row


def void_mailed_tokens(session: Session, user_id: int, now: datetime) -> None:
    """Every link mailed to the member that is not used yet (confirmation, reset, e-mail change)
    stops working: after a reset, a password change or a deactivation, a link asked for before
    it (perhaps by someone who knew the old password) must not outlive it. Flushed; the caller
    commits."""
    for model in (EmailConfirmation, PasswordReset, EmailChange):
        session.execute(
            sa.update(model)
            .where(model.user_id == user_id, model.used_at.is_(None))
            .values(used_at=now)
            .execution_options(synchronize_session=False)
        )


def session_is_on(session_id: sa.ColumnElement, user_id: sa.ColumnElement) -> sa.Exists:
    """Whether the session (refresh-token family) is still on for that user: some token of it
    is not revoked. For a column of the query that reads the account."""
    return sa.exists().where(
        RefreshToken.family_id == session_id,
        RefreshToken.user_id == user_id,
        RefreshToken.revoked_at.is_(None),
    )


# Refresh tokens ------------------------------------------------------------------------------


@dataclass(frozen=True)
class IssuedRefreshToken:
    id: int
    token: str
    user_id: int
    family_id: str
    expires_at: datetime


def start_family(session: Session, user_id: int, now: datetime) -> IssuedRefreshToken:
    return _issue(session, user_id, uuid.uuid4().hex, now)


def _issue(session: Session, user_id: int, family_id: str, now: datetime) -> IssuedRefreshToken:
    token = new_secret()
    row = RefreshToken(
        user_id=user_id,
        family_id=family_id,
        token_hash=digest(token),
        created_at=now,
        expires_at=now + REFRESH_TOKEN_LIFETIME,
    )
    session.add(row)
    session.flush()
    return IssuedRefreshToken(row.id, token, user_id, family_id, row.expires_at)


def rotate(
    session: Session, token: str, now: datetime, *, grace: timedelta = timedelta(0)
) -> IssuedRefreshToken:
    """Retire `token` and issue its successor; reuse of a retired token revokes its family,
    unless it comes within ``grace`` of its rotation with its successor unused (see above).

    Commits: a detected reuse must stay revoked even though the caller gets an error.
    """
    expired = ApiError(401, "user_refresh_token_expired")
    row = session.scalar(sa.select(RefreshToken).where(RefreshToken.token_hash == digest(token)))
    if row is None or row.revoked_at is not None or row.expires_at <= now:
        raise expired
    successor: IssuedRefreshToken | None
    if _retire(session, row.id, now):
        successor = _issue(session, row.user_id, row.family_id, now)
        _replace(session, [row.id], successor.id)
    else:
        successor = _reissue_within_grace(session, row.id, now, grace)
    if successor is None:
        revoke_family(session, row.family_id, now)
        session.commit()
        log.warning("A rotated refresh token of user %s came back: its session ended", row.user_id)
        raise expired
    session.commit()
    return successor


def _reissue_within_grace(
    session: Session, row_id: int, now: datetime, grace: timedelta
) -> IssuedRefreshToken | None:
    """A successor for a token presented again after its rotation, when the answer of that
    rotation was lost: within ``grace`` of it, and the successor it gave never used. That
    successor is retired (rotated now, replaced by the new one): one live token a family.
    None when the reuse is not one of these, so the caller ends the session."""
    row = session.scalar(
        sa.select(RefreshToken)
        .where(RefreshToken.id == row_id)
        .execution_options(populate_existing=True)
    )
    if (
        row is None
        or row.revoked_at is not None
        or row.rotated_at is None
        or row.replaced_by_id is None
        or now - row.rotated_at >= grace
    ):
        return None
    if not _retire(session, row.replaced_by_id, now):
        return None
    successor = _issue(session, row.user_id, row.family_id, now)
    _replace(session, [row.id, row.replaced_by_id], successor.id)
    log.info("A refresh answer of user %s was asked for again within the grace period", row.user_id)
    return successor


def _retire(session: Session, token_id: int, now: datetime) -> bool:
    """Marks a live token (never rotated, revoked or expired) rotated now; False when it was not
    live. Conditional: of two requests racing for one token, exactly one wins."""
    retired = session.execute(
        sa.update(RefreshToken)
        .where(
            RefreshToken.id == token_id,
            RefreshToken.rotated_at.is_(None),
            RefreshToken.revoked_at.is_(None),
            RefreshToken.expires_at > now,
        )
        .values(rotated_at=now)
        .execution_options(synchronize_session=False)
    ).rowcount
    return retired == 1


def _replace(session: Session, ids: list[int], successor_id: int) -> None:
    session.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.id.in_(ids))
        .values(replaced_by_id=successor_id)
        .execution_options(synchronize_session=False)
    )


def revoke_family(session: Session, family_id: str, now: datetime) -> None:
    _revoke(session, RefreshToken.family_id == family_id, now)


def revoke_token_family(session: Session, token: str, now: datetime) -> None:
    """Sign out: the family of `token`, if it is one of ours, can no longer refresh."""
    family_id = session.scalar(
        sa.select(RefreshToken.family_id).where(RefreshToken.token_hash == digest(token))
    )
    if family_id is not None:
        revoke_family(session, family_id, now)
    session.commit()


def revoke_all_for_user(session: Session, user_id: int, now: datetime) -> None:
    _revoke(session, RefreshToken.user_id == user_id, now)


def _revoke(session: Session, which: sa.ColumnElement[bool], now: datetime) -> None:
    """The refresh tokens ``which`` picks that are not revoked yet, revoked ``now``."""
    session.execute(
        sa.update(RefreshToken)
        .where(which, RefreshToken.revoked_at.is_(None))
        .values(revoked_at=now)
        .execution_options(synchronize_session=False)
    )
