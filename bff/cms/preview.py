"""Previews of drafts, for editors.

Strapi's Preview button opens the site through a link signed with CMS_PREVIEW_SECRET that
expires within minutes (cms-schema/src/site-preview.js makes it). The link starts a preview
session in that browser alone: a cookie signed with the site's secret, good for an hour. While it
lasts, the /cms answers of that browser are read from the drafts, never from or into the shared
cache, and the client shows a 'Preview' band. Locks stay as they are: a preview shows what the
viewer may watch, drafts included, and no more.
"""

from __future__ import annotations

import hashlib
import hmac

from itsdangerous import BadSignature, URLSafeTimedSerializer

from ..platform.site_paths import is_site_path

# How long a signed link is good for (Strapi makes a new one each time the preview opens), with
# a minute's allowance for clocks that disagree.
LINK_LIFETIME = 10 * 60
CLOCK_SKEW = 60
SESSION_SECONDS = 60 * 60
COOKIE = "cms_preview"  # the session, signed, HttpOnly
BAND_COOKIE = "cms_preview_band"  # readable by the client: it shows the band, nothing more
_SESSION = "drafts"


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


def _serializer(secret_key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key, salt="cms-preview")


def session_cookie(secret_key: str) -> str:
    return _serializer(secret_key).dumps(_SESSION)


def is_session(secret_key: str, value: str | None) -> bool:
    if not value:
        return False
    try:
        return _serializer(secret_key).loads(value, max_age=SESSION_SECONDS) == _SESSION
    except BadSignature:  # a forged, altered or expired cookie
        return False
