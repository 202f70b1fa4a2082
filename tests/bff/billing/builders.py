"""Builders shared by the billing and content tests: Stripe objects and signed events."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

WEBHOOK_SECRET = "whsec_test_secret"


# Stripe's objects, shaped as its API reference documents them ------------------------------


def checkout_session(session_id: str = "cs_test_a1", **fields) -> dict:
    body = {
        "id": session_id,
        "object": "checkout.session",
        "amount_subtotal": 0,
        "amount_total": 0,
        "cancel_url": "https://chess.example/upgrade-account",
        "client_reference_id": None,
        "created": int(time.time()),
        "currency": "usd",
        "customer": "cus_test_1",
        "expires_at": int(time.time()) + 86400,
        "livemode": False,
        "metadata": {},
        "mode": "subscription",
        "payment_intent": None,
        "payment_status": "unpaid",
        "status": "open",
        "subscription": None,
        "success_url": "https://chess.example/payment/success?session_id={CHECKOUT_SESSION_ID}",
        "url": f"https://checkout.stripe.com/c/pay/{session_id}",
    }
    body.update(fields)
    return body


def subscription(
    subscription_id: str = "sub_test_1",
    status: str = "trialing",
    price_id: str = "price_monthly_usd",
    interval: str = "month",
    **fields,
) -> dict:
    now = int(time.time())
    body = {
        "id": subscription_id,
        "object": "subscription",
        "cancel_at_period_end": False,
        "canceled_at": None,
        "created": now,
        "currency": "usd",
        "customer": "cus_test_1",
        "ended_at": None,
        "items": {
            "object": "list",
            "data": [
                {
                    "id": "si_test_1",
                    "object": "subscription_item",
                    "current_period_start": now,
                    "current_period_end": now + 7 * 86400,
                    "price": {
                        "id": price_id,
                        "object": "price",
                        "currency": "usd",
                        "recurring": {"interval": interval, "interval_count": 1},
                        "type": "recurring",
                        "unit_amount": 999,
                    },
                    "quantity": 1,
                    "subscription": subscription_id,
                }
            ],
            "has_more": False,
            "url": f"/v1/subscription_items?subscription={subscription_id}",
        },
        "livemode": False,
        "metadata": {},
        "start_date": now,
        "status": status,
        "trial_end": now + 7 * 86400,
        "trial_start": now,
    }
    body.update(fields)
    return body


def invoice(subscription_id: str = "sub_test_1", **fields) -> dict:
    body = {
        "id": "in_test_1",
        "object": "invoice",
        "customer": "cus_test_1",
        "parent": {
            "type": "subscription_details",
            "quote_details": None,
            "subscription_details": {"metadata": {}, "subscription": subscription_id},
        },
        "status": "paid",
        "amount_paid": 999,
        "currency": "usd",
    }
    body.update(fields)
    return body


def event(kind: str, obj: dict, event_id: str = "evt_test_1", created: int | None = None) -> dict:
    return {
        "id": event_id,
        "object": "event",
        "api_version": "2026-10-28.endive",
        "created": created if created is not None else int(time.time()),
        "data": {"object": obj},
        "livemode": False,
        "pending_webhooks": 1,
        "request": {"id": None, "idempotency_key": None},
        "type": kind,
    }


def signed(payload: dict, secret: str = WEBHOOK_SECRET, at: int | None = None) -> tuple[str, str]:
    """The body and its Stripe-Signature header: t=<time>,v1=HMAC-SHA256("<t>.<body>")."""
    body = json.dumps(payload)
    timestamp = at if at is not None else int(time.time())
    digest = hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256).hexdigest()
    return body, f"t={timestamp},v1={digest}"


def deliver(client, payload: dict, **kwargs):
    body, header = signed(payload, **kwargs)
    return client.post(
        "/subscriptions/webhooks/stripe",
        data=body,
        headers={"Stripe-Signature": header, "Content-Type": "application/json"},
    )
