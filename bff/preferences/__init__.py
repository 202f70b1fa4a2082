"""Members' preferences for the boards: colour theme, piece set and sounds (/users/preferences)."""

from __future__ import annotations

from ..platform.openapi import Api


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)
