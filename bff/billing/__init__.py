"""Billing: Pro plans, Stripe Checkout (or the sandbox), webhooks, purchases and entitlements.

The payment providers are packages of their own (providers/); the rest of billing sees only
their interface (provider.py). Pro sold in the apps comes through the app stores (stores/,
applied by store_purchases.py). domain.py declares the domain to create_app.
"""

from __future__ import annotations

from flask import Flask

from .stores import Stores


def install_stores(app: Flask, stores: Stores) -> None:
    """The app stores Pro is sold in (stores/), made from the settings: before the routes."""
    from .store_routes import STORES_KEY

    app.extensions[STORES_KEY] = stores
