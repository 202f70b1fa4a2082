"""Learning progress: how far each member watched and where they stopped (/content/progress,
/content/positions, /content/continue)."""

from __future__ import annotations

from ..platform.openapi import Api


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)
