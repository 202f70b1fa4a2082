"""Billing: Pro plans, Stripe Checkout (or the sandbox), webhooks, purchases and entitlements."""

from __future__ import annotations

from flask import Flask

from ..app_context import AppContext
from ..config import ConfigError, Settings


def make_provider(settings: Settings, db):
    """Stripe with STRIPE_SECRET_KEY; otherwise the sandbox, which never runs in production."""
    if settings.stripe_secret_key:
        if settings.is_production and not settings.stripe_webhook_secret:
            raise ConfigError(
                "Cannot start in production: set STRIPE_WEBHOOK_SECRET (the signing secret of "
                "the Stripe webhook endpoint; see the settings table in README.md)."
            )
        from ..breaker import instance_breaker
        from .stripe_provider import STRIPE_FAILURES, StripeProvider

        breaker = instance_breaker(
            "stripe",
            settings.instance_path,
            STRIPE_FAILURES,
            threshold=settings.breaker_failures,
            cool_off=settings.breaker_cool_off,
            lease=2 * settings.stripe_timeout + 1,  # a call and its one retry
        )
        return StripeProvider(
            settings.stripe_secret_key,
            settings.stripe_webhook_secret,
            settings.stripe_timeout,
            breaker,
        )
    if settings.is_production:
        raise ConfigError(
            "Cannot start in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; the "
            "sandbox payment provider only runs in development and tests."
        )
    from .sandbox import SandboxProvider

    return SandboxProvider(db, settings.public_base_url)


def init_app(app: Flask, services: AppContext) -> None:
    """The /subscriptions, /products (and, for the sandbox provider, /sandbox) routes."""
    from . import routes

    settings, provider, api = services.settings, services.payments, services.api
    api.register_blueprint(routes.subscriptions)
    api.register_blueprint(routes.products)
    if provider.name == "sandbox":
        from ..security import page_policy
        from .sandbox import blp as sandbox_pages
        from .sandbox import page_directives

        api.register_blueprint(sandbox_pages)
        page_policy(app, "sandbox.SandboxCheckoutPage", page_directives(settings.public_base_url))
