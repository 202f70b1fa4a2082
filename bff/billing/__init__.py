"""Billing: Pro plans, Stripe Checkout (or the sandbox), webhooks, purchases and entitlements."""

from __future__ import annotations

from flask import Flask

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


def init_app(app: Flask, settings: Settings) -> None:
    """Install the payment provider and the /subscriptions, /products (and /sandbox) routes."""
    from ..extensions import db
    from . import routes
    from .entitlements import ACCOUNT_READING
    from .subscriptions import profile_subscription

    provider = make_provider(settings, db)
    app.extensions["bff.payments"] = provider
    # What the layers below read through billing: the account with its rights, and the plan a
    # profile shows.
    app.extensions["bff.account_reading"] = ACCOUNT_READING
    app.extensions["bff.profile_subscription"] = profile_subscription
    api = app.extensions["bff.api"]
    api.register_blueprint(routes.subscriptions)
    api.register_blueprint(routes.products)
    if provider.name == "sandbox":
        from ..security import page_policy
        from .sandbox import blp as sandbox_pages
        from .sandbox import page_directives

        api.register_blueprint(sandbox_pages)
        page_policy(app, "sandbox.SandboxCheckoutPage", page_directives(settings.public_base_url))
