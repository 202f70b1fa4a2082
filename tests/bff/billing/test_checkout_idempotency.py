"""A checkout start sent again with its Idempotency-Key: the first session again, Stripe asked
once; the key with another plan is 422 (docs/api.md, Idempotency-Key)."""

from __future__ import annotations

from .builders import checkout_session
from .test_stripe_checkout import STRIPE, customer

PATH = "/subscriptions/web/checkout/new_subscription"


def test_a_retried_checkout_start_is_one_session(stripe_client, stripe_member, stripe_api):
    stripe_api.post(f"{STRIPE}/customers", json=customer())
    stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session("cs_test_once"))
    _, headers = stripe_member("free")
    keyed = {**headers, "Idempotency-Key": "checkout-7f3a"}

    first = stripe_client.post(PATH, json={"plan_id": "pro_monthly_usd"}, headers=keyed)
    assert first.status_code == 200, first.get_json()
    again = stripe_client.post(PATH, json={"plan_id": "pro_monthly_usd"}, headers=keyed)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(stripe_api.calls) == 2  # the customer and one session: not asked again

    other = stripe_client.post(PATH, json={"plan_id": "pro_yearly_usd"}, headers=keyed)
    assert other.status_code == 422
    assert other.get_json()["error"]["code"] == "idempotency_key_reused"
    assert len(stripe_api.calls) == 2


def test_keys_are_each_members_own(stripe_client, stripe_member, stripe_api):
    for number in range(2):  # answered in turn: a customer and a session of each member
        stripe_api.post(f"{STRIPE}/customers", json=customer(f"cus_test_{number}"))
        stripe_api.post(f"{STRIPE}/checkout/sessions", json=checkout_session(f"cs_each_{number}"))
    for _ in range(2):
        _, headers = stripe_member("free")
        answer = stripe_client.post(
            PATH,
            json={"plan_id": "pro_monthly_usd"},
            headers={**headers, "Idempotency-Key": "same-key-two-members"},
        )
        assert answer.status_code == 200 and "Idempotent-Replayed" not in answer.headers
    assert len(stripe_api.calls) == 4
