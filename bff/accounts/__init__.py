"""Accounts: registration, e-mail and social sign-in, sessions, profile, password recovery."""

from __future__ import annotations

from ..openapi import Api


def init_app(api: Api) -> None:
    """The /users routes."""
    from . import routes

    for name, scheme in routes.REFRESH_SCHEMES.items():
        api.spec.components.security_scheme(name, scheme)
    api.register_blueprint(routes.blp)
