"""Billing: Pro plans, Stripe Checkout (or the sandbox), webhooks, purchases and entitlements.

The payment providers are packages of their own (providers/); the rest of billing sees only
their interface (provider.py).
"""

from __future__ import annotations

from flask import Flask

from ..platform.openapi import Api
from .provider import PaymentProvider


def init_app(app: Flask, api: Api, payments: PaymentProvider) -> None:
    """The /subscriptions and /products routes, and what the payment provider serves itself
    (the sandbox's checkout pages)."""
    from . import routes

    api.register_blueprint(routes.subscriptions)
    api.register_blueprint(routes.products)
    payments.install(app, api)
