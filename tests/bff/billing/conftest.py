"""Billing fixtures: the sandbox app (the default) and a Stripe app whose network is mocked."""

from __future__ import annotations

import pytest
import responses

from ..builders import make_member
from .builders import WEBHOOK_SECRET

PRICE_IDS = "pro_monthly_usd=price_monthly_usd,pro_yearly_usd=price_yearly_usd"


@pytest.fixture
def stripe_app(make_app):
    return make_app(
        STRIPE_SECRET_KEY="sk_test_123",
        STRIPE_WEBHOOK_SECRET=WEBHOOK_SECRET,
        STRIPE_PRICE_IDS=PRICE_IDS,
        PUBLIC_BASE_URL="https://chess.example",
    )


@pytest.fixture
def stripe_client(stripe_app):
    return stripe_app.test_client()


@pytest.fixture
def stripe_member(stripe_app):
    return lambda tier="free": make_member(stripe_app, tier)


@pytest.fixture
def stripe_api():
    """Stripe's API, answered by `responses`; any unexpected call fails the test."""
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        yield mock
