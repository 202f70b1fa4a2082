"""Who is asking: the one place that reads the bearer token.

No Authorization header means a guest. A header that is not a valid, unexpired access token of
an active user is a 401 `user_invalid_token`, so the client refreshes and retries. The answer
costs one query (the user's row with what decides their rights: bff.billing.entitlements) and is
kept for the rest of the request (flask.g), never longer.

Embedded web views: an app opens the site with `?embedded=1&token=<access JWT>`; the web client
reads both, hides header and footer, and sends that token as the bearer token of every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from flask import current_app, g, request
from sqlalchemy.orm import Session

from ..billing import entitlements
from ..errors import ApiError
from ..extensions import db
from .context import clock
from .models import User
from .tokens import read_access_token

TIERS = ("guest", "free", "pro")


@dataclass(frozen=True)
class Viewer:
    user_id: int | None
    tier: str  # "guest" | "free" | "pro"

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


GUEST = Viewer(user_id=None, tier="guest")


_ACCOUNT = entitlements.with_rights(
    sa.select(User.user_tier, User.deactivated_at).where(User.id == sa.bindparam("user_id"))
)


def viewer_for(
    authorization: str | None, session: Session, jwt_secret: str, now: datetime
) -> Viewer:
    """The viewer an Authorization header value names (plain Python, for tests and callers)."""
    return viewer_and_rights(authorization, session, jwt_secret, now)[0]


def viewer_and_rights(
    authorization: str | None, session: Session, jwt_secret: str, now: datetime
) -> tuple[Viewer, entitlements.Rights]:
    """The viewer an Authorization header value names and what they may play, in one query."""
    if authorization is None:
        return GUEST, entitlements.GUEST
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "user_invalid_token")
    user_id = read_access_token(token.strip(), jwt_secret, now)
    rows = session.connection().execute(_ACCOUNT, {"user_id": user_id}).all()
    if not rows or rows[0].deactivated_at is not None:
        raise ApiError(401, "user_invalid_token")
    tier = rows[0].user_tier if rows[0].user_tier in TIERS[1:] else "free"
    viewer = Viewer(user_id=user_id, tier=tier)
    return viewer, entitlements.rights_of(tier, rows)


def current_viewer() -> Viewer:
    """The viewer of the current request, decided once per request (with their rights)."""
    if "bff_viewer" not in g:
        viewer, rights = viewer_and_rights(
            request.headers.get("Authorization"),
            db.session,
            current_app.extensions["bff.settings"].jwt_secret_key,
            clock(),
        )
        g.bff_viewer = viewer
        entitlements.remember_rights(viewer, rights)
    return g.bff_viewer
