"""The footer as create_app reads it (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import routes

DOMAIN = Domain("footer", blueprints=(routes.blp,))
