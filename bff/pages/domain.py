"""The pages (sitemap, robots.txt) as create_app reads them (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import routes

DOMAIN = Domain("pages", app_blueprints=(routes.blp,))
