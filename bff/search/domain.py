"""Site search as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import models, routes

# Its /cms/search before the gateway's routes (the list's order): it is not a content type.
DOMAIN = Domain("search", blueprints=(routes.blp,), models=(models,))
