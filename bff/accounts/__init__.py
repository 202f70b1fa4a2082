"""Accounts: registration, e-mail and social sign-in, sessions, profile, password recovery."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask


def init_app(app: Flask, environ: Mapping[str, str]) -> None:
    """Install the accounts services (clock, hasher, social verifier) and the /users routes."""
    from ..access.viewer import RecentViewers
    from . import context, routes

    context.install(app, environ)
    app.extensions["bff.recent_viewers"] = RecentViewers()
    api = app.extensions["bff.api"]
    for name, scheme in routes.REFRESH_SCHEMES.items():
        api.spec.components.security_scheme(name, scheme)
    api.register_blueprint(routes.blp)
