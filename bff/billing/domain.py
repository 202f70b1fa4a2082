"""Billing as create_app and the rest read it (bff/domains.py)."""

from __future__ import annotations

from flask import Flask

from ..platform.domain import Domain
from ..platform.openapi import Api
from . import models, routes, store_routes
from .member_data import BillingData
from .stores import Stores


def _register(app: Flask, api: Api) -> None:
    """The /subscriptions and /products routes, and what the payment provider serves itself
    (the sandbox's checkout pages). The stores are installed first (install_stores)."""
    stores: Stores = app.extensions[store_routes.STORES_KEY]
    payments = routes.context(app).billing.provider
    # Its route to buy is a development tool: served when every seller is a sandbox.
    if stores.sandboxed and payments.name == "sandbox":
        from .stores.sandbox_routes import blp as sandbox_stores

        api.register_blueprint(sandbox_stores)
    for blueprint in DOMAIN.blueprints:
        api.register_blueprint(blueprint)
    payments.install(app, api)


DOMAIN = Domain(
    "billing",
    blueprints=(routes.subscriptions, routes.products),
    register_routes=_register,
    # It reads the application's provider at each call, so a test may swap it.
    member_data=BillingData(lambda: routes.context().billing.provider),
    sitemap_paths=("/upgrade-account",),
    models=(models,),
)
