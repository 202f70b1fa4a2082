"""Preferences as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import models, routes
from .member_data import PREFERENCES_DATA

DOMAIN = Domain(
    "preferences", blueprints=(routes.blp,), member_data=PREFERENCES_DATA, models=(models,)
)
