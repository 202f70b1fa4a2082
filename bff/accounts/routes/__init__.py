"""The /users routes: parse with a schema, call a service, dump with a schema.

Sessions: the access token (JWT, 15 minutes) travels in the body and comes back as
`Authorization: Bearer`. The refresh token (30 days, rotated on every use) lives in the httpOnly
cookie `refresh_token` scoped to /users; apps (platform ios/android) also get it in the body and
present it to /users/token_refresh and /users/logout in the `X-Refresh-Token` header.
"""

from __future__ import annotations

# Each module declares its routes on the one blueprint when it is imported.
from . import availability, deletion, password_reset, profile_settings, sessions, signup
from .base import REFRESH_SCHEMES, blp, context

__all__ = ["REFRESH_SCHEMES", "blp", "context"]
del availability, deletion, password_reset, profile_settings, sessions, signup
