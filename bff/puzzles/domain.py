"""Puzzles as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import commands, models, routes, run_models, run_routes
from .member_data import PUZZLE_DATA

DOMAIN = Domain(
    "puzzles",
    blueprints=(routes.blp, run_routes.blp),
    member_data=PUZZLE_DATA,
    sitemap_paths=("/puzzles", "/puzzles/daily"),
    commands=commands.register,
    models=(models, run_models),
)
