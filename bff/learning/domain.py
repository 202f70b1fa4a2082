"""Learning as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import models, routes
from .member_data import PROGRESS_DATA

DOMAIN = Domain("learning", blueprints=(routes.blp,), member_data=PROGRESS_DATA, models=(models,))
