"""Learning: progress, where each member stopped, exercises and Continue learning (/content)."""

from __future__ import annotations

from ..platform.openapi import Api


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)
