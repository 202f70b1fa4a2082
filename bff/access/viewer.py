"""Who is asking: the one place that reads the bearer token.

No Authorization header means a guest. A header that is not a valid, unexpired access token of
an active user in a session that is still on is a 401 `user_invalid_token`, so the client
refreshes and retries (and, its session over, signs in again). The answer costs one query (the
user's row with whether the token's session is on and what decides their rights, which billing
reads: ``AccountReading``) and is kept for the rest of the request (flask.g), with the viewer's
rights (``rights_for``). So signing out ends that session's access tokens, and a password reset
or change or a deactivation ends those of every session of the member, on the very next call.

Content routes may take a recent answer instead (``current_viewer(recent=True)``): each worker
keeps what it read for an access token for ``RECENT`` (one second), so a member browsing costs
no query and no signature check. A change the member makes themselves (a confirmed checkout or
purchase) answers with a new access token, which nothing has read yet: the very next call shows
it. Changes that arrive otherwise (Stripe's webhooks, a subscription that lapses, a tier set by
hand, a deactivated account, a session that ended) show on content routes within ``RECENT``, on
every other route at once.

Embedded web views: an app opens the site with `?embedded=1&token=<access JWT>`; the web client
reads both, hides header and footer, and sends that token as the bearer token of every call.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from cachetools import TTLCache
from flask import g, request
from sqlalchemy.orm import Session

from ..platform.config import Settings
from ..platform.context import ContextView
from ..platform.errors import ApiError
from ..platform.extensions import db
from ..platform.openapi import Access
from .clock import clock
from .rights import GUEST as NO_RIGHTS
from .rights import Rights
from .tokens import issue_access_token

TIERS = ("guest", "free", "pro")
# How long a worker trusts what it read for an access token, on content routes.
RECENT = timedelta(seconds=1)


@dataclass(frozen=True)
class Viewer:
    user_id: int | None
    tier: str  # "guest" | "free" | "pro"
    # The session (refresh-token family) the access token was issued in; None for a guest.
    session: str | None = field(default=None, compare=False)

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


GUEST = Viewer(user_id=None, tier="guest")


def bearer_token(authorization: str | None) -> str | None:
    """The token of an Authorization header value; None without one; 401 for another scheme."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "user_invalid_token")
    return token.strip()


class RecentViewers:
    """What this worker read for each recently presented access token: the viewer and their
    rights, trusted for ``RECENT`` by the application's clock (least recently used tokens go
    first)."""

    def __init__(self, size: int = 10_000):
        self._read: TTLCache[str, tuple[Viewer, Rights]] = TTLCache(
            maxsize=size, ttl=RECENT.total_seconds(), timer=lambda: clock().timestamp()
        )
        # A TTLCache is not thread-safe: even a read reorders and expires entries.
        self._lock = threading.Lock()

    def get(self, token: str) -> tuple[Viewer, Rights] | None:
        with self._lock:
            return self._read.get(token)

    def keep(self, token: str, viewer: Viewer, rights: Rights) -> None:
        with self._lock:
            self._read[token] = (viewer, rights)

    def forget(self, token: str) -> None:
        with self._lock:
            self._read.pop(token, None)


@dataclass(frozen=True)
class AccountReading:
    """How the access layer reads an account: handed in by the domain that knows its tables.

    The viewer and their rights come from one query over the account, its sessions,
    subscriptions and purchases; only billing sees all of those tables, so billing supplies the
    reading (bff.billing.entitlements.ACCOUNT_READING) and create_app hands it in."""

    # The viewer an Authorization header value names and their rights, in one query.
    viewer_and_rights: Callable[[str | None, Session, str, datetime], tuple[Viewer, Rights]]
    # What a viewer may play, read now.
    rights_from: Callable[[Session, Viewer], Rights]


class AccessServices(Protocol):
    """What deciding the viewer reads of the application context."""

    settings: Settings
    recent_viewers: RecentViewers
    account_reading: AccountReading


context = ContextView[AccessServices](__name__)


def current_viewer(recent: bool = False) -> Viewer:
    """The viewer of the current request, decided once per request (with their rights) by its
    first call. ``recent`` accepts this worker's reading of the same token within ``RECENT``
    (for content routes; see above); otherwise the account is read now."""
    if "bff_viewer" not in g:
        authorization = request.headers.get("Authorization")
        token = bearer_token(authorization)
        known: tuple[Viewer, Rights] | None
        if token is None:
            known = GUEST, NO_RIGHTS
        else:
            found = context()
            known = found.recent_viewers.get(token) if recent else None
            if known is None:
                secret = found.settings.jwt_secret_key
                reading = found.account_reading
                known = reading.viewer_and_rights(authorization, db.session(), secret, clock())
                found.recent_viewers.keep(token, *known)
        g.bff_viewer = known[0]
        g.bff_rights = known
    viewer: Viewer = g.bff_viewer
    return viewer


def rights_for(viewer: Viewer) -> Rights:
    """The rights of the current request's viewer, read with them (or now, for another viewer)."""
    if viewer.is_guest:
        return NO_RIGHTS
    cached: tuple[Viewer, Rights] | None = g.get("bff_rights")
    if cached is not None and cached[0] == viewer:
        return cached[1]
    rights = context().account_reading.rights_from(db.session(), viewer)
    g.bff_rights = (viewer, rights)
    return rights


def signed_in_viewer() -> Viewer:
    """The current viewer, who must be signed in: 401 ``unauthorized`` for a guest."""
    viewer = current_viewer()
    if viewer.is_guest:
        raise ApiError(401, "unauthorized")
    return viewer


# Who may call a route (``@blp.access(...)``): members only, or anyone, a member's token read
# when one is sent.
MEMBERS = Access(
    signed_in=True,
    unauthorized="unauthorized without a token; user_invalid_token for one that is not valid",
    check=signed_in_viewer,
)
ANYONE = Access(
    signed_in=False, unauthorized="user_invalid_token: the token sent is not valid (refresh it)"
)


def forget_current_viewer() -> None:
    """After the current request changed the viewer's rights: nothing read before serves again
    (in this request, or for this token in this worker)."""
    token = bearer_token(request.headers.get("Authorization"))
    if token:
        context().recent_viewers.forget(token)
    g.pop("bff_viewer", None)
    g.pop("bff_rights", None)


def renewed_access_token() -> str:
    """After the current request changed the signed-in viewer's rights: a new access token of
    the same session, which no worker has read yet, so the change shows on the very next call;
    nothing read of the viewer before serves again."""
    viewer = signed_in_viewer()
    forget_current_viewer()
    secret = context().settings.jwt_secret_key
    assert viewer.user_id is not None and viewer.session is not None
    return issue_access_token(viewer.user_id, secret, clock(), session=viewer.session)
