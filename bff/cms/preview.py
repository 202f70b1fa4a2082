"""Previews of drafts, for editors.

Strapi's Preview button opens the site through a link signed with CMS_PREVIEW_SECRET that
expires within minutes (cms-schema/src/site-preview.js makes it) and works once. The link starts
a preview session in that browser alone, kept in the database (`preview_sessions`): the cookie
carries a random token whose hash names the session, good for 15 minutes, and 'Leave preview'
ends the session itself, so a copied cookie stops working with it. While it lasts, the /cms
answers of that browser are read from the drafts, never from or into the shared cache, and the
client shows a 'Preview' band. Locks stay as they are: a preview shows what the
viewer may watch, drafts included, and no more.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.site_paths import is_site_path
from .models import PreviewSession

# How long a signed link is good for (Strapi makes a new one each time the preview opens), with
# a minute's allowance for clocks that disagree.
LINK_LIFETIME = 10 * 60
CLOCK_SKEW = 60
# A preview session lasts a quarter of an hour (an editor opens Preview again for more).
SESSION_SECONDS = 15 * 60
COOKIE = "cms_preview"  # the session's random token, HttpOnly
BAND_COOKIE = "cms_preview_band"  # readable by the client: it shows the band, nothing more


def link_signature(secret: str, path: str, expires: int) -> str:
    """HMAC-SHA256 of "path\\nexpires", as site-preview.js signs it."""
    message = f"{path}\n{expires}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def check_link(secret: str | None, path: str, expires: int, signature: str, now: float) -> bool:
    """Is this a link Strapi signed, for a page of this site, and not expired?"""
    if not secret or not is_site_path(path):
        return False
    if not now <= expires <= now + LINK_LIFETIME + CLOCK_SKEW:
        return False
    return hmac.compare_digest(link_signature(secret, path, expires), signature)


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def start_session(session: Session, signature: str, now: float) -> str | None:
    """A new preview session for a checked link, answered as the cookie's value (a random
    token; only its hash is kept); None when the link has started one already (a link works
    once: one copied from a browser's history or a log is spent). Commits."""
    token = secrets.token_urlsafe(32)
    session.execute(sa.delete(PreviewSession).where(PreviewSession.expires_at <= now))
    session.add(
        PreviewSession(
            token_hash=_digest(token),
            link_hash=_digest(signature),
            created_at=now,
            expires_at=now + SESSION_SECONDS,
        )
    )
    try:
        session.commit()
    except sa.exc.IntegrityError:
        session.rollback()
        return None
    return token


def is_session(session: Session, token: str | None, now: float) -> bool:
    """Is ``token`` a preview session that is on: started, not expired, not left?"""
    if not token:
        return False
    found = session.scalar(
        sa.select(PreviewSession.id).where(
            PreviewSession.token_hash == _digest(token),
            PreviewSession.expires_at > now,
            PreviewSession.ended_at.is_(None),
        )
    )
    return found is not None


def end_session(session: Session, token: str | None, now: float) -> None:
    """'Leave preview': the session's cookie no longer reads drafts, wherever it was copied."""
    if token:
        session.execute(
            sa.update(PreviewSession)
            .where(PreviewSession.token_hash == _digest(token), PreviewSession.ended_at.is_(None))
            .values(ended_at=now)
        )
        session.commit()
