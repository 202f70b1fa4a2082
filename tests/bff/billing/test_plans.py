"""GET /subscriptions/plans and the billing settings."""

from __future__ import annotations

import pytest

from bff.app_context import app_context
from bff.platform.config import ConfigError

from ..builders import error_of
from ..production import PRODUCTION


def test_plans_monthly_and_yearly_in_three_currencies(client):
    answer = client.get("/subscriptions/plans?platform=web")
    assert answer.status_code == 200
    plans = answer.get_json()["data"]
    assert {(p["currency"], p["period"]) for p in plans} == {
        (currency, period) for currency in ("USD", "EUR", "INR") for period in ("monthly", "yearly")
    }
    assert all(p["subtitle"] == "Inc. a 7-day trial" for p in plans)
    by_id = {p["id"]: p for p in plans}
    assert by_id["pro_monthly_usd"]["price_text"] == "$9.99"
    assert by_id["pro_yearly_eur"]["price_text"].startswith("€")
    assert by_id["pro_monthly_inr"]["price_text"].startswith("₹")
    assert set(by_id["pro_monthly_usd"]) == {
        "id",
        "name",
        "subtitle",
        "price_text",
        "price",
        "currency",
        "period",
        "trial_days",
        "store_products",
    }


def test_platform_defaults_to_web_and_is_checked(client):
    assert client.get("/subscriptions/plans").status_code == 200
    assert error_of(client.get("/subscriptions/plans?platform=tv"), 400)["fields"]["platform"]
    assert error_of(client.get("/subscriptions/plans?other=1"), 400)["code"] == "validation_failed"


def test_price_ids_must_be_pairs(make_app):
    with pytest.raises(ConfigError, match="STRIPE_PRICE_IDS"):
        make_app(STRIPE_SECRET_KEY="sk_test_1", STRIPE_PRICE_IDS="pro_monthly_usd")


def test_production_with_stripe_needs_the_webhook_secret(make_app):
    with pytest.raises(ConfigError, match="STRIPE_WEBHOOK_SECRET"):
        make_app(**PRODUCTION, STRIPE_SECRET_KEY="sk_live_1")


def test_production_with_stripe_starts(make_app):
    app = make_app(**PRODUCTION, STRIPE_SECRET_KEY="sk_live_1", STRIPE_WEBHOOK_SECRET="whsec_1")
    assert app_context(app).billing.provider.name == "stripe"
