"""Accounts as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from flask import Flask

from ..platform.domain import Domain
from ..platform.openapi import Api
from . import models, routes


def _register(app: Flask, api: Api) -> None:
    # The refresh token's schemes before the routes that name them.
    for name, scheme in routes.REFRESH_SCHEMES.items():
        api.security_scheme(name, scheme)
    api.register_blueprint(routes.blp)


DOMAIN = Domain(
    "accounts",
    blueprints=(routes.blp,),
    register_routes=_register,
    sitemap_paths=("/onboarding",),
    models=(models,),
)
