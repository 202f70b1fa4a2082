"""Billing: Pro plans, Stripe Checkout (or the sandbox), webhooks, purchases and entitlements.

The payment providers are packages of their own (providers/); the rest of billing sees only
their interface (provider.py). Pro sold in the apps comes through the app stores (stores/,
applied by store_purchases.py).
"""

from __future__ import annotations

from flask import Flask

from ..platform.openapi import Api
from .provider import PaymentProvider
from .stores import Stores


def init_app(app: Flask, api: Api, payments: PaymentProvider, stores: Stores) -> None:
    """The /subscriptions and /products routes, and what the payment provider serves itself
    (the sandbox's checkout pages); ``stores``: the app stores Pro is sold in (stores/)."""
    from . import routes, store_routes

    app.extensions[store_routes.STORES_KEY] = stores
    # Its route to buy is a development tool: served when every seller is a sandbox.
    if stores.sandboxed and payments.name == "sandbox":
        from .stores.sandbox_routes import blp as sandbox_stores

        api.register_blueprint(sandbox_stores)
    api.register_blueprint(routes.subscriptions)
    api.register_blueprint(routes.products)
    payments.install(app, api)
