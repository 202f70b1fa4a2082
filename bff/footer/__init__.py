"""The footer: social links from the CMS and the newsletter sign-up (/content)."""

from __future__ import annotations

from ..platform.openapi import Api


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)
