"""Pro bought in the apps, through the stores' sandboxes (the real verification code, trusting
the sandboxes' own keys): one entitlement whoever sold it, each purchase applied once whoever
delivers it and in any order, refunds and revocations end Pro, forgeries are refused."""

from __future__ import annotations

import base64
import json
import time

import pytest
import sqlalchemy as sa

from bff.billing.models import PaymentEvent, StoreSubscription, Subscription
from bff.platform.extensions import db

from ..builders import error_of

PURCHASES = "/subscriptions/store-purchases"
APPLE_HOOK = "/subscriptions/webhooks/app-store"
GOOGLE_HOOK = "/subscriptions/webhooks/google-play"


@pytest.fixture
def stores(app):
    return app.extensions["billing_stores"]


@pytest.fixture
def apple(stores):
    return stores.get("app_store")


@pytest.fixture
def google(stores):
    return stores.get("google_play")


def buy(client, headers, store, transaction, product_id=None, status=200):
    body = {"store": store, "transaction": transaction}
    if product_id:
        body["product_id"] = product_id
    answer = client.post(PURCHASES, json=body, headers=headers)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def profile(client, headers) -> dict:
    answer = client.get("/users/profile", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def rows(app, user_id=None):
    with app.app_context():
        stored = db.session.scalars(sa.select(StoreSubscription)).all()
        subscribed = db.session.scalars(sa.select(Subscription)).all()
        return [(r.store, r.user_id, r.status) for r in stored], [
            (s.user_id, s.provider, s.status) for s in subscribed
        ]


def a_minute_ago() -> int:
    """A moment (ms) before the app's call and the notifications made just now."""
    return int(time.time() * 1000) - 60_000


def is_pro_on_the_web(client, headers) -> bool:
    return profile(client, headers)["user_tier"] == "pro"


# The App Store -------------------------------------------------------------------------------


def test_a_member_who_bought_on_the_app_store_is_pro_on_the_web(client, member, apple):
    _, headers = member("free")
    answer = buy(client, headers, "app_store", apple.transaction("pro_yearly_usd"))["data"]
    assert answer["managed_by"] == "app_store"
    assert answer["status"] == "active"
    assert answer["plan"]["id"] == "pro_yearly_usd"
    assert answer["access"]
    me = profile(client, headers)
    assert me["user_tier"] == "pro"
    assert me["subscription"]["managed_by"] == "app_store"
    membership = client.get("/subscriptions/membership", headers=headers).get_json()["data"]
    assert membership["managed_by"] == "app_store" and membership["manageable"] is True
    manage = client.post("/subscriptions/manage", json={}, headers=headers).get_json()["data"]
    assert manage["url"] == "https://apps.apple.com/account/subscriptions"


def test_the_same_purchase_sent_twice_and_notified_is_applied_once(app, client, member, apple):
    user_id, headers = member("free")
    transaction = apple.transaction("pro_monthly_usd")
    buy(client, headers, "app_store", transaction)
    buy(client, headers, "app_store", transaction)
    notice = apple.notification("SUBSCRIBED", transaction, subtype="INITIAL_BUY", status=1)
    assert client.post(APPLE_HOOK, data=notice).get_json()["data"]["outcome"] == "applied"
    assert client.post(APPLE_HOOK, data=notice).get_json()["data"]["outcome"] == "duplicate"
    stored, subscribed = rows(app)
    assert stored == [("app_store", user_id, "active")]
    assert subscribed == [(user_id, "app_store", "active")]


def test_a_notification_before_the_apps_call(app, client, member, apple):
    user_id, headers = member("free")
    transaction = apple.transaction("pro_monthly_usd")
    notice = apple.notification("SUBSCRIBED", transaction, subtype="INITIAL_BUY", status=1)
    assert client.post(APPLE_HOOK, data=notice).get_json()["data"]["outcome"] == "applied"
    assert rows(app) == ([("app_store", None, "active")], [])  # whose it is, unknown yet
    buy(client, headers, "app_store", transaction)
    assert rows(app) == ([("app_store", user_id, "active")], [(user_id, "app_store", "active")])
    assert is_pro_on_the_web(client, headers)


def test_a_refund_ends_pro_and_an_older_report_does_not_bring_it_back(client, member, apple):
    _, headers = member("free")
    transaction = apple.transaction("pro_monthly_usd", signed_ms=a_minute_ago())
    original = json.loads(base64.urlsafe_b64decode(transaction.split(".")[1] + "=="))[
        "originalTransactionId"
    ]
    buy(client, headers, "app_store", transaction)
    refunded = apple.transaction("pro_monthly_usd", original_transaction_id=original, revoked=True)
    notice = apple.notification("REFUND", refunded)
    assert client.post(APPLE_HOOK, data=notice).status_code == 200
    assert not is_pro_on_the_web(client, headers)
    assert profile(client, headers)["subscription"]["status"] == "canceled"
    buy(client, headers, "app_store", transaction)  # the app's old transaction again
    assert not is_pro_on_the_web(client, headers)


def test_grace_period_keeps_pro_and_expiry_ends_it(client, member, apple):
    _, headers = member("free")
    transaction = apple.transaction("pro_monthly_usd", signed_ms=a_minute_ago())
    buy(client, headers, "app_store", transaction)
    grace = apple.notification("DID_FAIL_TO_RENEW", transaction, subtype="GRACE_PERIOD", status=4)
    client.post(APPLE_HOOK, data=grace)
    assert is_pro_on_the_web(client, headers)
    assert profile(client, headers)["subscription"]["status"] == "past_due"
    expired = apple.notification("EXPIRED", transaction, subtype="VOLUNTARY", status=2)
    client.post(APPLE_HOOK, data=expired)
    assert not is_pro_on_the_web(client, headers)


def test_a_forged_transaction_is_refused(client, member, apple, tmp_path):
    from bff.billing.stores.sandboxes import SandboxAppStore, make_chain

    _, headers = member("free")
    forger = SandboxAppStore(make_chain("Forger"), apple.product_ids)
    forged = forger.transaction("pro_monthly_usd")
    error = error_of(
        client.post(PURCHASES, json={"store": "app_store", "transaction": forged}, headers=headers),
        400,
    )
    assert error["code"] == "invalid_store_purchase"
    garbage = {"store": "app_store", "transaction": "not.a.jws"}
    assert error_of(client.post(PURCHASES, json=garbage, headers=headers), 400)["code"] == (
        "invalid_store_purchase"
    )
    notice = forger.notification("SUBSCRIBED", forged)
    assert error_of(client.post(APPLE_HOOK, data=notice), 400)["code"] == (
        "invalid_webhook_signature"
    )
    assert error_of(client.post(APPLE_HOOK, data=b"{}"), 400)["code"] == (
        "invalid_webhook_signature"
    )
    assert not is_pro_on_the_web(client, headers)


def test_one_purchase_is_one_accounts(client, member, apple):
    _, first = member("free")
    _, second = member("free")
    transaction = apple.transaction("pro_monthly_usd")
    buy(client, first, "app_store", transaction)
    answer = client.post(
        PURCHASES, json={"store": "app_store", "transaction": transaction}, headers=second
    )
    assert error_of(answer, 409)["code"] == "store_purchase_taken"


def test_store_purchases_need_a_member(client, apple):
    body = {"store": "app_store", "transaction": apple.transaction("pro_monthly_usd")}
    assert client.post(PURCHASES, json=body).status_code == 401


# Google Play ---------------------------------------------------------------------------------


def test_a_google_purchase_is_pro_everywhere_and_applied_once(app, client, member, google):
    user_id, headers = member("free")
    token = google.buy("pro_monthly_eur")
    answer = buy(client, headers, "google_play", token, "pro_monthly_eur")["data"]
    assert answer["managed_by"] == "google_play" and answer["plan"]["id"] == "pro_monthly_eur"
    buy(client, headers, "google_play", token, "pro_monthly_eur")
    body, auth = google.push(token, notification_type=4, message_id="m-1")
    assert client.post(GOOGLE_HOOK, data=body, headers=auth).get_json()["data"]["outcome"] == (
        "applied"
    )
    assert client.post(GOOGLE_HOOK, data=body, headers=auth).get_json()["data"]["outcome"] == (
        "duplicate"
    )
    assert rows(app) == (
        [("google_play", user_id, "active")],
        [(user_id, "google_play", "active")],
    )
    manage = client.post("/subscriptions/manage", json={}, headers=headers).get_json()["data"]
    assert manage["url"].startswith("https://play.google.com/store/account/subscriptions?sku=")


def test_a_google_notification_before_the_apps_call(app, client, member, google):
    user_id, headers = member("free")
    token = google.buy("pro_monthly_usd")
    body, auth = google.push(token)
    assert client.post(GOOGLE_HOOK, data=body, headers=auth).status_code == 200
    assert not is_pro_on_the_web(client, headers)
    buy(client, headers, "google_play", token, "pro_monthly_usd")
    assert is_pro_on_the_web(client, headers)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(StoreSubscription)) == 1


def test_a_google_refund_and_a_revocation_end_pro(client, member, google):
    _, headers = member("free")
    refunded = google.buy("pro_monthly_usd")
    buy(client, headers, "google_play", refunded, "pro_monthly_usd")
    body, auth = google.push(refunded, voided=True)
    assert client.post(GOOGLE_HOOK, data=body, headers=auth).status_code == 200
    assert not is_pro_on_the_web(client, headers)
    assert profile(client, headers)["subscription"]["status"] == "canceled"

    _, other = member("free")
    revoked = google.buy("pro_yearly_usd")
    buy(client, other, "google_play", revoked, "pro_yearly_usd")
    body, auth = google.push(revoked, notification_type=12)
    client.post(GOOGLE_HOOK, data=body, headers=auth)
    assert not is_pro_on_the_web(client, other)


def test_google_grace_keeps_pro_and_expiry_ends_it(client, member, google):
    _, headers = member("free")
    token = google.buy("pro_monthly_usd")
    buy(client, headers, "google_play", token, "pro_monthly_usd")
    google.change(token, state="SUBSCRIPTION_STATE_IN_GRACE_PERIOD")
    body, auth = google.push(token, notification_type=6)
    client.post(GOOGLE_HOOK, data=body, headers=auth)
    assert is_pro_on_the_web(client, headers)
    google.change(token, state="SUBSCRIPTION_STATE_EXPIRED")
    body, auth = google.push(token, notification_type=13)
    client.post(GOOGLE_HOOK, data=body, headers=auth)
    assert not is_pro_on_the_web(client, headers)


def test_a_wrong_push_token_is_refused(client, member, google):
    token = google.buy("pro_monthly_usd")
    body, _ = google.push(token)
    for authorization in (
        None,
        "Bearer not-a-token",
        f"Bearer {google.push_token(audience='https://elsewhere.example/hook')}",
        f"Bearer {google.push_token(email='someone@elsewhere.example')}",
    ):
        headers = {"Authorization": authorization} if authorization else {}
        error = error_of(client.post(GOOGLE_HOOK, data=body, headers=headers), 401)
        assert error["code"] == "invalid_push_token"
    _, auth = google.push(token)
    assert error_of(client.post(GOOGLE_HOOK, data=b"{}", headers=auth), 400)["code"] == (
        "invalid_webhook_signature"
    )


def test_an_unknown_google_token_is_refused(client, member):
    _, headers = member("free")
    body = {"store": "google_play", "transaction": "forged-token", "product_id": "x"}
    assert error_of(client.post(PURCHASES, json=body, headers=headers), 400)["code"] == (
        "invalid_store_purchase"
    )


# Plans ---------------------------------------------------------------------------------------


def test_plans_answer_their_store_products(client):
    plans = client.get("/subscriptions/plans?platform=ios").get_json()["data"]
    assert plans and all(plan["store_products"]["app_store"] for plan in plans)
    monthly = next(plan for plan in plans if plan["id"] == "pro_monthly_usd")
    assert monthly["store_products"] == {
        "app_store": "pro_monthly_usd",
        "google_play": "pro_monthly_usd",
    }


def test_store_products_come_from_the_settings(make_app):
    app = make_app(
        APP_STORE_PRODUCT_IDS="pro_monthly_usd=com.example.pro.monthly",
        GOOGLE_PLAY_PRODUCT_IDS="pro_monthly_usd=pro_monthly,pro_yearly_usd=pro_yearly",
    )
    client = app.test_client()
    ios = client.get("/subscriptions/plans?platform=ios").get_json()["data"]
    assert [(p["id"], p["store_products"]["app_store"]) for p in ios] == [
        ("pro_monthly_usd", "com.example.pro.monthly")
    ]
    android = client.get("/subscriptions/plans?platform=android").get_json()["data"]
    assert [p["id"] for p in android] == ["pro_monthly_usd", "pro_yearly_usd"]
    web = client.get("/subscriptions/plans?platform=web").get_json()["data"]
    assert len(web) == 6


def test_notifications_are_kept_by_their_id(app, client, apple):
    notice = apple.notification("TEST", None, notification_uuid="uuid-test-1")
    assert client.post(APPLE_HOOK, data=notice).get_json()["data"]["outcome"] == "ignored"
    with app.app_context():
        assert db.session.get(PaymentEvent, "app_store:uuid-test-1") is not None


def test_a_deleted_account_lets_go_of_its_store_purchase(app, client, member, apple):
    from .test_account_billing import PASSWORD, with_password

    user_id, headers = member("free")
    with_password(app, user_id)
    transaction = apple.transaction("pro_monthly_usd")
    buy(client, headers, "app_store", transaction)
    deleted = client.post("/users/account/delete", json={"password": PASSWORD}, headers=headers)
    assert deleted.status_code == 200, deleted.get_json()
    assert rows(app)[0] == [("app_store", None, "active")]
    _, newcomer = member("free")
    buy(client, newcomer, "app_store", transaction)  # the app restores it on a new account
    assert is_pro_on_the_web(client, newcomer)


def test_the_sandbox_sells_what_an_app_then_sends(client, member):
    """What `make run` offers an app with no store: buy in the sandbox, then send it."""
    _, headers = member("free")
    for store in ("app_store", "google_play"):
        bought = client.post(
            "/sandbox/stores/purchases", json={"store": store, "product_id": "pro_monthly_usd"}
        )
        assert bought.status_code == 200, bought.get_json()
        transaction = bought.get_json()["data"]["transaction"]
        buy(client, headers, store, transaction, "pro_monthly_usd")
    assert is_pro_on_the_web(client, headers)


def test_a_malformed_google_notification_is_a_400(client, google):
    notification = {
        "version": "1.0",
        "packageName": google.package_name,
        "eventTimeMillis": "soon",
        "subscriptionNotification": {"notificationType": "four", "purchaseToken": 5},
    }
    body = {
        "message": {
            "data": base64.b64encode(json.dumps(notification).encode()).decode(),
            "messageId": "m-odd",
        }
    }
    auth = {"Authorization": f"Bearer {google.push_token()}"}
    answer = client.post(GOOGLE_HOOK, data=json.dumps(body), headers=auth)
    assert error_of(answer, 400)["code"] == "invalid_webhook_signature"


def test_an_upgrade_in_google_play_stays_the_members(app, client, member, google):
    """Google's new token (linkedPurchaseToken: the one it replaces) is notified first."""
    user_id, headers = member("free")
    monthly = google.buy("pro_monthly_usd")
    buy(client, headers, "google_play", monthly, "pro_monthly_usd")
    yearly = google.buy("pro_yearly_usd", days=365, replacing=monthly)
    google.change(monthly, state="SUBSCRIPTION_STATE_EXPIRED")
    for token in (yearly, monthly):
        body, auth = google.push(token, notification_type=4 if token == yearly else 13)
        assert client.post(GOOGLE_HOOK, data=body, headers=auth).status_code == 200
    me = profile(client, headers)
    assert me["user_tier"] == "pro" and me["subscription"]["plan"]["id"] == "pro_yearly_usd"
    assert sorted(rows(app)[0]) == [
        ("google_play", user_id, "active"),
        ("google_play", user_id, "expired"),
    ]
