"""Member content: the footer, newsletter sign-up and learning progress (/content)."""

from __future__ import annotations

from ..openapi import Api


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)
