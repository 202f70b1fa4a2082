"""The account page's billing calls: GET /subscriptions/membership, POST /subscriptions/manage
(Stripe's Customer Portal, or the sandbox's billing page that plays it offline), GET
/products/purchases, and what deleting an account does to a membership at the provider."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, urlsplit

import pytest
import responses
import sqlalchemy as sa

from bff.accounts.models import User
from bff.accounts.passwords import hash_password
from bff.app_context import app_context
from bff.billing.models import PaymentCustomer, SandboxSession, Subscription
from bff.platform.extensions import db
from bff.platform.logs import redact

from ..accounts.builders import link_in, mails
from ..builders import error_of, make_purchase, make_subscription
from .builders import subscription
from .test_sandbox_journey import pay_on_hosted_page

STRIPE = "https://api.stripe.com/v1"
PASSWORD = "secret123"


def with_password(app, user_id: int) -> None:
    with app.app_context():
        hasher = app_context(app).password_hasher
        db.session.get(User, user_id).password_hash = hash_password(PASSWORD, hasher)
        db.session.commit()


def upgrade(client, headers, plan_id="pro_yearly_usd") -> None:
    started = client.post(
        "/subscriptions/web/checkout/new_subscription", json={"plan_id": plan_id}, headers=headers
    ).get_json()["data"]
    back = pay_on_hosted_page(client, started["url"])
    session_id = parse_qs(urlsplit(back).query)["session_id"][0]
    confirmed = client.get(f"/subscriptions/web/checkout/session/{session_id}", headers=headers)
    assert confirmed.status_code == 200, confirmed.get_json()


def membership(client, headers) -> dict:
    answer = client.get("/subscriptions/membership", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def test_a_member_who_never_subscribed_has_none(client, member):
    _, headers = member("free")
    assert membership(client, headers) == {
        "status": "none",
        "user_tier": "free",
        "plan": None,
        "trial_end": None,
        "next_billing_date": None,
        "ends_at": None,
        "cancel_at_period_end": False,
        "managed_by": None,
        "manageable": False,
    }
    answer = client.post("/subscriptions/manage", json={}, headers=headers)
    assert error_of(answer, 404)["code"] == "not_found"


@pytest.mark.parametrize(
    ("status", "shown"),
    [("active", "active"), ("past_due", "past_due"), ("canceled", "lapsed"), ("unpaid", "lapsed")],
)
def test_the_membership_state_follows_the_providers_reports(app, client, member, status, shown):
    user_id, headers = member("free")
    make_subscription(app, user_id, status, at=100)
    found = membership(client, headers)
    assert found["status"] == shown
    assert found["plan"]["id"] == "pro_monthly_usd" and found["plan"]["price_text"] == "$9.99"


def test_the_whole_journey_on_the_sandbox(app, client, member):
    _, headers = member("free")
    upgrade(client, headers)
    found = membership(client, headers)
    assert found["status"] == "trialing" and found["manageable"]
    assert found["plan"] == {
        "id": "pro_yearly_usd",
        "name": "Pro Yearly",
        "period": "yearly",
        "price": "99.99",
        "currency": "USD",
        "price_text": "$99.99",
    }
    assert found["next_billing_date"] == found["trial_end"] and found["ends_at"] is None

    managed = client.post("/subscriptions/manage", json={"return_url": "/account"}, headers=headers)
    assert managed.status_code == 200, managed.get_json()
    link = urlsplit(managed.get_json()["data"]["url"])
    assert (link.path, link.query.startswith("code=")) == ("/sandbox/billing/start", True)
    started = client.get(f"{link.path}?{link.query}")
    page = "/sandbox/billing"
    assert started.status_code == 303 and started.headers["Location"] == page
    assert "HttpOnly" in started.headers["Set-Cookie"]
    html = client.get(page).get_data(as_text=True)
    assert "$99.99 per year" in html
    assert '/account">Back to the site</a>' in html
    assert "Cancel membership" in html

    # Cancel at period end: Pro until then, no next charge.
    cancelled = client.post(page + "/cancel")
    assert cancelled.status_code == 303 and cancelled.headers["Location"] == page
    found = membership(client, headers)
    assert found["status"] == "cancelling" and found["cancel_at_period_end"]
    assert found["next_billing_date"] is None and found["ends_at"]
    assert found["user_tier"] == "pro"
    assert "Resume membership" in client.get(page).get_data(as_text=True)

    # Resume, then change plan.
    client.post(page + "/resume")
    assert membership(client, headers)["status"] == "trialing"
    client.post(page + "/plan", data={"plan_id": "pro_monthly_usd"})
    assert membership(client, headers)["plan"]["id"] == "pro_monthly_usd"
    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["subscription"]["plan"]["period"] == "monthly"


def billing_link(client, headers) -> str:
    """The sandbox billing page's link /subscriptions/manage gives: its path and query."""
    link = urlsplit(
        client.post("/subscriptions/manage", json={}, headers=headers).get_json()["data"]["url"]
    )
    return f"{link.path}?{link.query}"


def test_sandbox_billing_links_are_signed_work_once_and_open_a_visit_of_this_browser(
    app, client, member
):
    _, headers = member("free")
    upgrade(client, headers)
    link = billing_link(client, headers)
    forged = link[:-3] + "abc"
    assert error_of(client.get(forged), 404)["code"] == "not_found"
    # Without the visit's cookie, the page and its actions open nothing.
    assert error_of(client.get("/sandbox/billing"), 404)["code"] == "not_found"
    assert error_of(client.post("/sandbox/billing/cancel"), 404)["code"] == "not_found"
    assert client.get(link).status_code == 303
    assert client.get("/sandbox/billing").status_code == 200
    # The link is spent: from another browser (or a log that kept it) it opens nothing.
    other = app.test_client()
    assert "used already" in error_of(other.get(link), 404)["message"]
    assert error_of(other.get("/sandbox/billing"), 404)["code"] == "not_found"
    assert error_of(client.post("/sandbox/billing/nothing"), 404)["code"] == "not_found"
    unknown = client.post("/sandbox/billing/plan", data={"plan_id": "pro_daily_usd"})
    assert error_of(unknown, 400)["code"] == "plan_not_found"


def test_a_billing_visit_ends_after_a_quarter_of_an_hour(app, client, member):
    _, headers = member("free")
    upgrade(client, headers)
    client.get(billing_link(client, headers))
    provider = app_context(app).billing.provider
    started = provider.clock()
    provider.clock = lambda: started + 15 * 60
    assert "has ended" in error_of(client.get("/sandbox/billing"), 404)["message"]


def test_the_billing_link_is_not_written_whole_in_the_access_log(client, member):
    _, headers = member("free")
    upgrade(client, headers)
    link = billing_link(client, headers)
    code = link.split("code=", 1)[1]
    assert code not in redact(link) and "code=REDACTED" in redact(link)


def test_a_lapsed_membership_cannot_be_changed_on_the_sandbox_page(app, client, member):
    _, headers = member("free")
    upgrade(client, headers)
    client.get(billing_link(client, headers))
    page = "/sandbox/billing"
    with app.app_context():
        row = db.session.scalar(sa.select(SandboxSession))
        app_context(app).billing.provider.end_subscription(row.subscription_id)
    assert "You have no membership" not in client.get(page).get_data(as_text=True)
    assert "Cancel membership" not in client.get(page).get_data(as_text=True)
    assert error_of(client.post(page + "/cancel"), 404)["code"] == "not_found"


@pytest.mark.parametrize("return_url", ["//evil.example", "https://evil.example/", "account"])
def test_the_return_url_must_be_a_path_of_this_site(client, member, return_url):
    _, headers = member("free")
    upgrade(client, headers)
    answer = client.post("/subscriptions/manage", json={"return_url": return_url}, headers=headers)
    assert error_of(answer, 400)["code"] == "invalid_final_url"


def add_stripe_member(app, stripe_member, status="active") -> tuple[int, dict]:
    user_id, headers = stripe_member("pro")
    with_password(app, user_id)
    with app.app_context():
        db.session.add(
            PaymentCustomer(user_id=user_id, provider="stripe", customer_id="cus_test_1")
        )
        db.session.add(
            Subscription(
                user_id=user_id,
                provider="stripe",
                subscription_id="sub_test_1",
                customer_id="cus_test_1",
                plan_id="pro_monthly_usd",
                period="monthly",
                status=status,
                cancel_at_period_end=False,
                state_at=1,
                updated_at=datetime.now(UTC),
            )
        )
        db.session.commit()
    return user_id, headers


def test_stripe_answers_its_customer_portal(stripe_app, stripe_client, stripe_member, stripe_api):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.post(
        f"{STRIPE}/billing_portal/sessions",
        json={
            "id": "bps_1",
            "object": "billing_portal.session",
            "customer": "cus_test_1",
            "return_url": "https://chess.example/account/billing",
            "url": "https://billing.stripe.com/p/session/test_1",
        },
    )
    answer = stripe_client.post(
        "/subscriptions/manage", json={"return_url": "/account/billing"}, headers=headers
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["data"] == {"url": "https://billing.stripe.com/p/session/test_1"}
    sent = dict(parse_qsl(stripe_api.calls[0].request.body))
    assert sent["customer"] == "cus_test_1"
    assert sent["return_url"] == "https://chess.example/account/billing"


def test_a_stripe_failure_is_503(stripe_app, stripe_client, stripe_member, stripe_api):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.post(f"{STRIPE}/billing_portal/sessions", status=500, json={"error": {}})
    answer = stripe_client.post("/subscriptions/manage", json={}, headers=headers)
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"


def test_purchases_link_to_their_items(app, client, member):
    user_id, headers = member("free")
    make_purchase(app, user_id, "program", 3)
    make_purchase(app, user_id, "video", 999999)
    items = client.get("/products/purchases", headers=headers).get_json()["data"]
    by_kind = {item["entity"]: item for item in items}
    assert by_kind["program"]["title"] == "30 days of tactics"
    assert by_kind["program"]["path"] == "/program/3"
    assert by_kind["program"]["price_text"] == "$1.00"
    # An item the CMS no longer has is still listed, without a title.
    assert by_kind["video"]["title"] is None and by_kind["video"]["path"] == "/videos/999999"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/subscriptions/membership"),
        ("post", "/subscriptions/manage"),
        ("get", "/products/purchases"),
    ],
)
def test_only_members_see_billing(client, method, path):
    assert error_of(getattr(client, method)(path, json={}), 401)["code"] == "unauthorized"


# Deleting the account ends the membership at the provider -------------------------------


def test_deleting_an_account_cancels_the_sandbox_subscription(app, client, member):
    user_id, headers = member("free")
    with_password(app, user_id)
    upgrade(client, headers)
    answer = client.post("/users/account/delete", headers=headers, json={"password": PASSWORD})
    assert answer.status_code == 200, answer.get_json()
    with app.app_context():
        provider_side = db.session.scalar(
            sa.select(SandboxSession.subscription_status).where(
                SandboxSession.subscription_id.is_not(None)
            )
        )
        assert provider_side == "canceled"
        row = db.session.scalar(sa.select(Subscription).where(Subscription.user_id == user_id))
        assert row.status == "canceled"
        assert db.session.get(User, user_id).user_tier == "free"
        assert db.session.scalar(sa.select(PaymentCustomer)) is None


def test_deleting_an_account_cancels_the_stripe_subscription(
    stripe_app, stripe_client, stripe_member, stripe_api
):
    user_id, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.delete(
        f"{STRIPE}/subscriptions/sub_test_1", json=subscription("sub_test_1", status="canceled")
    )
    answer = stripe_client.post(
        "/users/account/delete", headers=headers, json={"password": PASSWORD}
    )
    assert answer.status_code == 200, answer.get_json()
    assert [call.request.method for call in stripe_api.calls] == ["DELETE"]
    with stripe_app.app_context():
        assert db.session.get(User, user_id).erased_at is not None


def test_when_stripe_cannot_cancel_nothing_is_deleted(
    stripe_app, stripe_client, stripe_member, stripe_api
):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.delete(f"{STRIPE}/subscriptions/sub_test_1", body=responses.ConnectionError())
    answer = stripe_client.post(
        "/users/account/delete", headers=headers, json={"password": PASSWORD}
    )
    assert error_of(answer, 503)["code"] == "payment_provider_unavailable"
    assert stripe_client.get("/users/profile", headers=headers).status_code == 200


def test_a_subscription_stripe_no_longer_knows_does_not_stop_the_deletion(
    stripe_app, stripe_client, stripe_member, stripe_api
):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.delete(
        f"{STRIPE}/subscriptions/sub_test_1",
        status=404,
        json={"error": {"type": "invalid_request_error", "code": "resource_missing"}},
    )
    answer = stripe_client.post(
        "/users/account/delete", headers=headers, json={"password": PASSWORD}
    )
    assert answer.status_code == 200, answer.get_json()


# A new e-mail address reaches the provider's customer -------------------------------------


def change_address(app, client, headers, new="new.address@example.com"):
    answer = client.post(
        "/users/change_email", headers=headers, json={"email": new, "password": PASSWORD}
    )
    assert answer.status_code == 200, answer.get_json()
    link = link_in(mails(Path(app.instance_path) / "outbox")[-1])
    return client.post("/users/confirm_email_change", json={"token": link.split("token=")[1]})


def test_stripe_customer_takes_the_new_address(
    stripe_app, stripe_client, stripe_member, stripe_api
):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.post(f"{STRIPE}/customers/cus_test_1", json={"id": "cus_test_1"})
    assert change_address(stripe_app, stripe_client, headers).status_code == 200
    (call,) = stripe_api.calls
    assert dict(parse_qsl(call.request.body)) == {"email": "new.address@example.com"}


def test_a_stripe_failure_does_not_undo_the_change(
    stripe_app, stripe_client, stripe_member, stripe_api
):
    _, headers = add_stripe_member(stripe_app, stripe_member)
    stripe_api.post(f"{STRIPE}/customers/cus_test_1", body=responses.ConnectionError())
    assert change_address(stripe_app, stripe_client, headers).status_code == 200
    profile = stripe_client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["email"] == "new.address@example.com"
