"""Stripe: Checkout, subscriptions and signed webhooks, behind the provider interface."""

from __future__ import annotations

from ....platform.breaker import instance_breaker
from ....platform.config import ConfigError, Settings
from .provider import STRIPE_FAILURES, StripeProvider


def make_stripe(settings: Settings, secret_key: str) -> StripeProvider:
    if settings.is_production and not settings.stripe_webhook_secret:
        raise ConfigError(
            "Cannot start in production: set STRIPE_WEBHOOK_SECRET (the signing secret of "
            "the Stripe webhook endpoint; see the settings table in docs/settings.md)."
        )
    breaker = instance_breaker(
        "stripe",
        settings.instance_path,
        STRIPE_FAILURES,
        threshold=settings.breaker_failures,
        cool_off=settings.breaker_cool_off,
        lease=2 * settings.stripe_timeout + 1,  # a call and its one retry
    )
    return StripeProvider(
        secret_key,
        settings.stripe_webhook_secret,
        settings.stripe_timeout,
        breaker,
        price_ids=dict(settings.stripe_price_ids),
    )
