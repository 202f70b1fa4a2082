"""Checkout on Stripe: the requests Stripe receives, the answers it gives (as its API reference
shapes them), and what happens when it fails. Only the network is mocked."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest
import requests
import responses

from bff.app_context import app_context
from bff.billing.models import CheckoutSession, Purchase, Subscription
from bff.billing.providers.stripe.provider import API_VERSION
from bff.platform.extensions import db

from ..builders import error_of
from .builders import checkout_session, subscription

STRIPE = "https://api.stripe.com/v1"


def form(call) -> dict[str, str]:
    return dict(parse_qsl(call.request.body))


def customer(customer_id="cus_test_1"):
    return {"id": customer_id, "object": "customer", "email": "x@example.com", "metadata": {}}


def test_plans_are_those_with_a_stripe_price(stripe_client):
    plans = stripe_client.get("/subscriptions/plans?platform=web").get_json()["data"]
    assert [p["id"] for p in plans] == ["pro_monthly_usd", "pro_yearly_usd"]
    # No sandbox beside Stripe: the path is just one of the client's (its index.html).
    assert "Sandbox" not in stripe_client.get("/sandbox/checkout/cs_x").get_data(as_text=True)


def test_a_subscription_checkout_asks_stripe_for_a_trial(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_sub"))
    user_id, headers = stripe_member("free")

    answer = stripe_client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["data"] == {
        "id": "cs_test_sub",
        "url": "https://checkout.stripe.com/c/pay/cs_test_sub",
    }

    made_customer, made_session = stripe_api.calls
    assert made_customer.request.headers["Stripe-Version"] == API_VERSION
    assert made_customer.request.headers["Authorization"] == "Bearer sk_test_123"
    assert form(made_customer)["metadata[user_id]"] == str(user_id)
    sent = form(made_session)
    assert sent["mode"] == "subscription"
    assert sent["customer"] == "cus_test_1"
    assert sent["line_items[0][price]"] == "price_monthly_usd"
    assert sent["line_items[0][quantity]"] == "1"
    assert sent["subscription_data[trial_period_days]"] == "7"
    assert sent["subscription_data[metadata][user_id]"] == str(user_id)
    assert sent["client_reference_id"] == str(user_id)
    assert (
        sent["success_url"]
        == "https://chess.example/payment/success?session_id={CHECKOUT_SESSION_ID}"
    )
    assert sent["cancel_url"] == "https://chess.example/upgrade-account"


def test_the_customer_is_created_once(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_1"))
    _, headers = stripe_member("free")
    for _ in range(2):
        stripe_client.post(
            "/subscriptions/web/checkout/new_subscription",
            json={"plan_id": "pro_yearly_usd"},
            headers=headers,
        )
    made = [call.request.url for call in stripe_api.calls]
    assert made.count(f"{STRIPE}/customers") == 1


def test_confirming_the_session_records_the_subscription(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_ok"))
    _, headers = stripe_member("free")
    stripe_client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_yearly_usd"},
        headers=headers,
    )
    stripe_api.get(
        f"{STRIPE}/checkout/sessions/cs_test_ok",
        json=checkout_session(
            "cs_test_ok",
            status="complete",
            payment_status="no_payment_required",
            subscription="sub_test_ok",
        ),
    )
    stripe_api.get(
        f"{STRIPE}/subscriptions/sub_test_ok",
        json=subscription("sub_test_ok", price_id="price_yearly_usd", interval="year"),
    )

    answer = stripe_client.get("/subscriptions/web/checkout/session/cs_test_ok", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()["data"]
    assert data["id"] == "sub_test_ok"
    assert data["status"] == "trialing"
    assert data["plan"]["period"] == "yearly"
    assert data["trial_end"] and data["current_period_end"]
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "pro"
    assert stripe_client.get("/cms/programs/1", headers=headers).status_code == 200


def test_an_open_session_is_not_confirmed(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_open"))
    _, headers = stripe_member("free")
    stripe_client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_yearly_usd"},
        headers=headers,
    )
    stripe_api.get(
        f"{STRIPE}/checkout/sessions/cs_test_open", json=checkout_session("cs_test_open")
    )
    answer = stripe_client.get("/subscriptions/web/checkout/session/cs_test_open", headers=headers)
    assert error_of(answer, 409)["code"] == "checkout_incomplete"


def test_a_payment_checkout_charges_the_cms_price(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(
        f"{STRIPE}/checkout/sessions",
        json=checkout_session("cs_test_pay", mode="payment", amount_total=2999),
    )
    _, headers = stripe_member("free")
    answer = stripe_client.post(
        "/products/purchase",
        json={"id": 3, "entity": "program", "final_url": "/program/3"},
        headers=headers,
    )
    assert answer.status_code == 200, answer.get_json()
    sent = form(stripe_api.calls[-1])
    assert sent["mode"] == "payment"
    assert sent["line_items[0][price_data][unit_amount]"] == "2999"
    assert sent["line_items[0][price_data][currency]"] == "usd"
    assert sent["line_items[0][price_data][product_data][name]"]
    assert sent["metadata[entity]"] == "program" and sent["metadata[entity_id]"] == "3"
    assert (
        sent["success_url"]
        == "https://chess.example/product-payment/success?session_id={CHECKOUT_SESSION_ID}"
    )
    assert sent["cancel_url"] == "https://chess.example/product-payment/cancel"

    stripe_api.get(
        f"{STRIPE}/checkout/sessions/cs_test_pay",
        json=checkout_session(
            "cs_test_pay",
            mode="payment",
            status="complete",
            payment_status="paid",
            amount_total=2999,
        ),
    )
    validated = stripe_client.post(
        "/products/purchase/validate-payment", json={"session_id": "cs_test_pay"}, headers=headers
    )
    assert validated.status_code == 200, validated.get_json()
    assert validated.get_json()["data"]["final_url"] == "/program/3"
    assert stripe_client.get("/cms/programs/3", headers=headers).status_code == 200


def test_a_payment_of_another_amount_is_not_recorded(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(
        f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_low", mode="payment")
    )
    _, headers = stripe_member("free")
    stripe_client.post("/products/purchase", json={"id": 3, "entity": "program"}, headers=headers)
    stripe_api.get(
        f"{STRIPE}/checkout/sessions/cs_test_low",
        json=checkout_session(
            "cs_test_low", mode="payment", status="complete", payment_status="paid", amount_total=1
        ),
    )
    answer = stripe_client.post(
        "/products/purchase/validate-payment", json={"session_id": "cs_test_low"}, headers=headers
    )
    assert error_of(answer, 409)["code"] == "payment_mismatch"
    assert stripe_client.get("/cms/programs/3", headers=headers).status_code == 403


CHECKOUTS = {
    "subscription": (
        "/subscriptions/web/checkout/new_subscription",
        {"plan_id": "pro_monthly_usd"},
    ),
    "purchase": ("/products/purchase", {"id": 3, "entity": "program", "final_url": "/program/3"}),
}


@pytest.mark.parametrize("checkout", sorted(CHECKOUTS))
@pytest.mark.parametrize("down_at", ["customers", "checkout/sessions"])
def test_stripe_down_is_a_clear_503_and_nothing_is_recorded(
    stripe_client, stripe_app, stripe_member, stripe_api, caplog, checkout, down_at
):
    if down_at != "customers":
        stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/{down_at}", body=requests.ConnectionError("refused"))
    user_id, headers = stripe_member("free")
    path, body = CHECKOUTS[checkout]
    answer = stripe_client.post(path, json=body, headers=headers)
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    assert [r for r in caplog.records if r.name == "bff.billing.providers.stripe.provider"]
    with stripe_app.app_context():
        for model in (CheckoutSession, Subscription, Purchase):
            assert db.session.query(model).filter_by(user_id=user_id).count() == 0, model
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free" and profile["subscription"] is None


def test_a_stripe_error_is_a_clear_503(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(
        f"{STRIPE}/checkout/sessions",
        status=400,
        json={
            "error": {
                "type": "invalid_request_error",
                "code": "resource_missing",
                "param": "line_items[0][price]",
                "message": "No such price: 'price_monthly_usd'",
            }
        },
    )
    _, headers = stripe_member("free")
    answer = stripe_client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    error = error_of(answer, 503)
    assert error["code"] == "payment_provider_unavailable"
    assert "price" not in error["message"]


def test_an_unknown_session_at_stripe_is_not_found(stripe_app, stripe_api):
    stripe_api.get(
        f"{STRIPE}/checkout/sessions/cs_missing",
        status=404,
        json={
            "error": {
                "type": "invalid_request_error",
                "code": "resource_missing",
                "message": "No such checkout.session: 'cs_missing'",
            }
        },
    )
    provider = app_context(stripe_app).billing.provider
    try:
        provider.retrieve_session("cs_missing")
    except Exception as error:  # noqa: BLE001 - the type is the point
        assert getattr(error, "status", None) == 404
    else:
        raise AssertionError("expected a 404")


def test_responses_blocks_everything_else(stripe_api):
    assert len(stripe_api.registered()) == 0
    assert responses


def test_stripe_known_to_be_down_is_not_asked_again_for_a_while(
    stripe_client, stripe_member, stripe_api
):
    stripe_api.post(f"{STRIPE}/customers", body=requests.ConnectionError("refused"))
    _, headers = stripe_member("free")
    path, body = CHECKOUTS["subscription"]
    for _ in range(3):  # BREAKER_FAILURES
        answer = stripe_client.post(path, json=body, headers=headers)
        assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    asked = len(stripe_api.calls)

    answer = stripe_client.post(path, json=body, headers=headers)
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    assert 1 <= int(answer.headers["Retry-After"]) <= 18  # the cool-off and its jitter
    assert len(stripe_api.calls) == asked, "Stripe was not asked"
