"""Stripe webhooks: signatures, each event once, any order, and purchases recorded once."""

from __future__ import annotations

import time

import pytest

from bff.billing.models import PaymentEvent, Purchase, Subscription
from bff.platform.extensions import db

from ..builders import error_of
from .builders import (
    checkout_session,
    deliver,
    event,
    invoice,
    signed,
    subscription,
)

STRIPE = "https://api.stripe.com/v1"


@pytest.fixture
def subscriber(stripe_client, stripe_member, stripe_api):
    """A free member who went through Stripe Checkout for the monthly plan (not yet confirmed)."""
    stripe_api.post(
        f"{STRIPE}/customers", json={"id": "cus_test_1", "object": "customer", "metadata": {}}
    )
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_sub"))
    user_id, headers = stripe_member("free")
    answer = stripe_client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    assert answer.status_code == 200
    return user_id, headers


def completed_subscription_session():
    return checkout_session(
        "cs_test_sub",
        status="complete",
        payment_status="no_payment_required",
        subscription="sub_test_1",
    )


def tier(client, headers) -> str:
    return client.get("/users/profile", headers=headers).get_json()["data"]["user_tier"]


def rows(app, model, **filters) -> int:
    with app.app_context():
        return db.session.query(model).filter_by(**filters).count()


# Signatures -----------------------------------------------------------------------------------


def test_a_bad_or_missing_signature_is_refused(stripe_client):
    payload = event("invoice.paid", invoice(), "evt_sig")
    wrong = deliver(stripe_client, payload, secret="whsec_someone_else")
    assert error_of(wrong, 400)["code"] == "invalid_webhook_signature"
    stale = deliver(stripe_client, payload, at=int(time.time()) - 3600)
    assert error_of(stale, 400)["code"] == "invalid_webhook_signature"
    early = deliver(stripe_client, payload, at=int(time.time()) + 3600)
    assert error_of(early, 400)["code"] == "invalid_webhook_signature"
    body, _ = signed(payload)
    unsigned = stripe_client.post(
        "/subscriptions/webhooks/stripe", data=body, content_type="application/json"
    )
    assert error_of(unsigned, 400)["code"] == "invalid_webhook_signature"
    body, header = signed(payload)
    tampered = stripe_client.post(
        "/subscriptions/webhooks/stripe",
        data=body.replace("evt_sig", "evt_other"),
        headers={"Stripe-Signature": header},
        content_type="application/json",
    )
    assert error_of(tampered, 400)["code"] == "invalid_webhook_signature"


def test_the_sandbox_takes_no_webhooks(client):
    answer = deliver(client, event("invoice.paid", invoice()))
    assert error_of(answer, 400)["code"] == "invalid_webhook_signature"


def test_unhandled_events_are_acknowledged(stripe_client):
    answer = deliver(stripe_client, event("customer.created", {"id": "cus_x"}, "evt_other"))
    assert answer.status_code == 200
    assert answer.get_json()["data"] == {"received": True, "outcome": "ignored"}


# Subscriptions ----------------------------------------------------------------------------------


def test_checkout_completed_makes_the_member_pro_without_the_return_page(
    stripe_client, stripe_app, subscriber, stripe_api
):
    _, headers = subscriber
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription())
    answer = deliver(
        stripe_client,
        event("checkout.session.completed", completed_subscription_session(), "evt_done"),
    )
    assert answer.get_json()["data"]["outcome"] == "applied"
    assert tier(stripe_client, headers) == "pro"
    assert stripe_client.get("/cms/programs/1", headers=headers).status_code == 200


def test_an_event_delivered_twice_is_applied_once(
    stripe_client, stripe_app, subscriber, stripe_api
):
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription())
    payload = event("checkout.session.completed", completed_subscription_session(), "evt_twice")
    first = deliver(stripe_client, payload)
    second = deliver(stripe_client, payload)
    assert first.get_json()["data"]["outcome"] == "applied"
    assert second.get_json()["data"]["outcome"] == "duplicate"
    fetched = [c for c in stripe_api.calls if c.request.url.endswith("/subscriptions/sub_test_1")]
    assert len(fetched) == 1
    assert rows(stripe_app, PaymentEvent, event_id="evt_twice") == 1
    assert rows(stripe_app, Subscription, subscription_id="sub_test_1") == 1


def test_deleted_makes_the_member_need_an_upgrade_again(
    stripe_client, stripe_app, subscriber, stripe_api
):
    _, headers = subscriber
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription(status="active"))
    deliver(stripe_client, event("checkout.session.completed", completed_subscription_session()))
    assert tier(stripe_client, headers) == "pro"

    ended = subscription(status="canceled", ended_at=int(time.time()))
    answer = deliver(
        stripe_client,
        event("customer.subscription.deleted", ended, "evt_deleted", int(time.time()) + 5),
    )
    assert answer.get_json()["data"]["outcome"] == "applied"
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free"
    assert profile["subscription"]["status"] == "canceled"
    assert stripe_client.get("/cms/programs/1", headers=headers).status_code == 403
    cards = stripe_client.get("/cms/programs?_limit=100", headers=headers).get_json()
    assert next(card for card in cards if card["id"] == 1)["locked"] is True


@pytest.mark.parametrize("status", ["incomplete_expired", "unpaid"])
def test_an_expired_subscription_reads_expired(stripe_client, subscriber, status):
    _, headers = subscriber
    answer = deliver(
        stripe_client,
        event("customer.subscription.updated", subscription(status=status), "evt_exp"),
    )
    assert answer.get_json()["data"]["outcome"] == "applied"
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["subscription"]["status"] == "expired"
    assert profile["user_tier"] == "free"


def test_events_out_of_order_keep_the_newest_state(stripe_client, subscriber):
    _, headers = subscriber
    now = int(time.time())
    deleted = event(
        "customer.subscription.deleted", subscription(status="canceled"), "evt_late", now + 20
    )
    updated = event(
        "customer.subscription.updated", subscription(status="active"), "evt_early", now + 10
    )
    assert deliver(stripe_client, deleted).status_code == 200
    answer = deliver(stripe_client, updated)
    assert answer.status_code == 200
    assert tier(stripe_client, headers) == "free"
    assert stripe_client.get("/cms/programs/1", headers=headers).status_code == 403


def test_an_old_event_after_the_return_page_changes_nothing(stripe_client, subscriber, stripe_api):
    _, headers = subscriber
    stripe_api.get(f"{STRIPE}/checkout/sessions/cs_test_sub", json=completed_subscription_session())
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription(status="trialing"))
    confirmed = stripe_client.get(
        "/subscriptions/web/checkout/session/cs_test_sub", headers=headers
    )
    assert confirmed.status_code == 200
    stale = event(
        "customer.subscription.created",
        subscription(status="incomplete"),
        "evt_stale",
        int(time.time()) - 60,
    )
    deliver(stripe_client, stale)
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["subscription"]["status"] == "trialing"
    assert profile["user_tier"] == "pro"


def test_invoice_events_refetch_the_subscription(stripe_client, subscriber, stripe_api):
    _, headers = subscriber
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription(status="active"))
    paid = deliver(stripe_client, event("invoice.paid", invoice(), "evt_paid"))
    assert paid.get_json()["data"]["outcome"] == "applied"
    assert tier(stripe_client, headers) == "pro"

    stripe_api.replace(
        "GET", f"{STRIPE}/subscriptions/sub_test_1", json=subscription(status="past_due")
    )
    failed = deliver(stripe_client, event("invoice.payment_failed", invoice(), "evt_failed"))
    assert failed.get_json()["data"]["outcome"] == "applied"
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    # Stripe retries the card: past_due still plays until Stripe gives up.
    assert profile["subscription"]["status"] == "past_due"
    assert profile["user_tier"] == "pro"


def test_an_invoice_with_the_older_shape_names_its_subscription(
    stripe_client, subscriber, stripe_api
):
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", json=subscription(status="active"))
    old_shape = invoice(parent=None, subscription="sub_test_1")
    answer = deliver(stripe_client, event("invoice.paid", old_shape, "evt_old_shape"))
    assert answer.get_json()["data"]["outcome"] == "applied"


def test_events_of_strangers_are_ignored(stripe_client, stripe_app):
    stranger = subscription("sub_nobody", customer="cus_nobody")
    answer = deliver(stripe_client, event("customer.subscription.updated", stranger, "evt_x"))
    assert answer.get_json()["data"]["outcome"] == "ignored"
    assert rows(stripe_app, Subscription) == 0


def test_stripe_down_during_a_webhook_lets_stripe_deliver_again(
    stripe_client, stripe_app, subscriber, stripe_api
):
    stripe_api.get(f"{STRIPE}/subscriptions/sub_test_1", status=500, json={"error": {}})
    payload = event("checkout.session.completed", completed_subscription_session(), "evt_retry")
    answer = deliver(stripe_client, payload)
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    assert rows(stripe_app, PaymentEvent, event_id="evt_retry") == 0

    stripe_api.replace("GET", f"{STRIPE}/subscriptions/sub_test_1", json=subscription())
    assert deliver(stripe_client, payload).get_json()["data"]["outcome"] == "applied"


# Purchases: the return page and the webhook both report ---------------------------------------


@pytest.fixture
def paid_purchase(stripe_client, stripe_member, stripe_api):
    stripe_api.post(
        f"{STRIPE}/customers", json={"id": "cus_test_1", "object": "customer", "metadata": {}}
    )
    stripe_api.post(
        f"{STRIPE}/checkout/sessions",
        json=checkout_session("cs_test_buy", mode="payment", amount_total=2999),
    )
    user_id, headers = stripe_member("free")
    started = stripe_client.post(
        "/products/purchase",
        json={"id": 3, "entity": "program", "final_url": "/program/3"},
        headers=headers,
    )
    assert started.status_code == 200
    paid = checkout_session(
        "cs_test_buy", mode="payment", status="complete", payment_status="paid", amount_total=2999
    )
    stripe_api.get(f"{STRIPE}/checkout/sessions/cs_test_buy", json=paid)
    return user_id, headers, paid


@pytest.mark.parametrize("webhook_first", [True, False])
def test_a_purchase_is_recorded_once_whoever_reports_it_first(
    stripe_client, stripe_app, paid_purchase, webhook_first
):
    user_id, headers, paid = paid_purchase

    def webhook():
        answer = deliver(stripe_client, event("checkout.session.completed", paid, "evt_buy"))
        assert answer.status_code == 200

    def return_page():
        answer = stripe_client.post(
            "/products/purchase/validate-payment",
            json={"session_id": "cs_test_buy"},
            headers=headers,
        )
        assert answer.status_code == 200
        assert answer.get_json()["data"]["final_url"] == "/program/3"

    for report in (webhook, return_page) if webhook_first else (return_page, webhook):
        report()
    webhook()  # and Stripe delivers once more

    assert rows(stripe_app, Purchase, user_id=user_id) == 1
    assert stripe_client.get("/cms/programs/3", headers=headers).status_code == 200
