"""The payment providers, one package each: Stripe, and the sandbox that stands in for it.

The rest of billing sees only the interface (bff.billing.provider) and
``make_provider``; nothing outside a provider's package asks which provider it is."""

from __future__ import annotations

from flask_sqlalchemy import SQLAlchemy

from ...platform.config import ConfigError, Settings
from ..provider import PaymentProvider


def make_provider(settings: Settings, db: SQLAlchemy) -> PaymentProvider:
    """Stripe with STRIPE_SECRET_KEY; otherwise the sandbox, which never runs in production."""
    if settings.stripe_secret_key:
        from .stripe import make_stripe

        return make_stripe(settings, settings.stripe_secret_key)
    if settings.is_production:
        raise ConfigError(
            "Cannot start in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; the "
            "sandbox payment provider only runs in development and tests."
        )
    from .sandbox import make_sandbox

    return make_sandbox(settings, db)
