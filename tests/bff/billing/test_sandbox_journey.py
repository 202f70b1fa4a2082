"""The upgrade and purchase journeys end to end on the sandbox provider, over the test client:
checkout, hosted page, Pay, the redirect Stripe would make, confirm, unlocked over /cms."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from bff.access.viewer import RECENT
from bff.app_context import app_context
from bff.billing.providers.sandbox import SandboxProvider
from bff.platform.config import ConfigError

from ..builders import Clock, error_of, make_member
from ..production import PRODUCTION

PRO_PROGRAM = 1  # pro, not for sale on its own
PRICED_PROGRAM = 3  # pro, 29.99 USD
PRICED_VIDEO = 3  # pro, 4.99 USD


def pay_on_hosted_page(client, url: str) -> str:
    """Open the sandbox's page, press Pay; the path and query the browser is sent to."""
    path = urlsplit(url).path
    page = client.get(path)
    assert page.status_code == 200
    assert page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "Pay" in html and "Cancel" in html
    paid = client.post(path + "/pay")
    assert paid.status_code == 303
    target = urlsplit(paid.headers["Location"])
    return target.path + "?" + target.query


def test_the_sandbox_is_the_default_provider(app):
    assert isinstance(app_context(app).billing.provider, SandboxProvider)


def test_the_sandbox_refuses_production(make_app):
    with pytest.raises(ConfigError, match="STRIPE_SECRET_KEY"):
        make_app(**PRODUCTION)


def test_upgrade_journey_unlocks_pro_content(client, member):
    user_id, headers = member("free")
    assert client.get(f"/cms/programs/{PRO_PROGRAM}", headers=headers).status_code == 403
    lessons = client.get("/cms/lessons?_limit=100", headers=headers).get_json()
    pro_lesson = next(card["id"] for card in lessons if card["locked"])
    assert client.get(f"/cms/lessons/{pro_lesson}", headers=headers).status_code == 403

    started = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_yearly_usd"},
        headers=headers,
    )
    assert started.status_code == 200, started.get_json()
    data = started.get_json()["data"]
    assert data["id"].startswith("cs_sandbox_")

    page = client.get(urlsplit(data["url"]).path).get_data(as_text=True)
    assert "$99.99" in page and "7-day free trial" in page

    back = pay_on_hosted_page(client, data["url"])
    assert back == f"/payment/success?session_id={data['id']}"

    session_id = parse_qs(urlsplit(back).query)["session_id"][0]
    confirmed = client.get(f"/subscriptions/web/checkout/session/{session_id}", headers=headers)
    assert confirmed.status_code == 200, confirmed.get_json()
    subscription = confirmed.get_json()["data"]
    assert subscription["status"] == "trialing"
    assert subscription["plan"]["period"] == "yearly"

    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "pro"
    assert profile["subscription"]["status"] == "trialing"
    assert profile["subscription"]["plan"]["period"] == "yearly"

    program = client.get(f"/cms/programs/{PRO_PROGRAM}", headers=headers)
    assert program.status_code == 200 and program.get_json()["locked"] is False
    lesson = client.get(f"/cms/lessons/{pro_lesson}", headers=headers)
    assert lesson.status_code == 200
    assert all(chapter["video_id"] for chapter in lesson.get_json()["chapters"])

    again = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    assert error_of(again, 409)["code"] == "already_pro"

    # Confirming twice records one subscription.
    client.get(f"/subscriptions/web/checkout/session/{session_id}", headers=headers)
    from bff.billing.models import Subscription
    from bff.platform.extensions import db

    with client.application.app_context():
        assert db.session.query(Subscription).filter_by(user_id=user_id).count() == 1


def subscribe(client, headers, plan_id: str) -> dict:
    """Open a checkout for the plan, pay on the hosted page, confirm: the confirmation's data."""
    data = client.post(
        "/subscriptions/web/checkout/new_subscription", json={"plan_id": plan_id}, headers=headers
    ).get_json()["data"]
    pay_on_hosted_page(client, data["url"])
    confirmed = client.get(f"/subscriptions/web/checkout/session/{data['id']}", headers=headers)
    assert confirmed.status_code == 200, confirmed.get_json()
    return confirmed.get_json()["data"]


def test_the_monthly_plan_reports_its_period(client, member):
    _, headers = member("free")
    assert subscribe(client, headers, "pro_monthly_eur")["plan"]["period"] == "monthly"


def test_cancel_returns_to_the_upgrade_page_and_nothing_is_recorded(client, member):
    _, headers = member("free")
    data = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    ).get_json()["data"]
    canceled = client.post(urlsplit(data["url"]).path + "/cancel")
    assert canceled.status_code == 303
    assert urlsplit(canceled.headers["Location"]).path == "/upgrade-account"

    unpaid = client.get(f"/subscriptions/web/checkout/session/{data['id']}", headers=headers)
    assert error_of(unpaid, 409)["code"] == "checkout_incomplete"
    assert client.get("/users/profile", headers=headers).get_json()["data"]["user_tier"] == "free"


def test_sessions_are_their_owners_only(client, member):
    _, owner = member("free")
    _, other = member("free")
    data = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=owner,
    ).get_json()["data"]
    pay_on_hosted_page(client, data["url"])
    stolen = client.get(f"/subscriptions/web/checkout/session/{data['id']}", headers=other)
    assert error_of(stolen, 404)["code"] == "not_found"
    guest = client.get(f"/subscriptions/web/checkout/session/{data['id']}")
    assert error_of(guest, 401)["code"] == "unauthorized"
    # The stranger got nothing, the owner still can confirm.
    assert client.get("/users/profile", headers=other).get_json()["data"]["user_tier"] == "free"
    mine = client.get(f"/subscriptions/web/checkout/session/{data['id']}", headers=owner)
    assert mine.status_code == 200


def test_checkout_needs_a_member_and_a_known_plan(client, member):
    guest = client.post("/subscriptions/web/checkout/new_subscription", json={"plan_id": "x"})
    assert error_of(guest, 401)["code"] == "unauthorized"
    _, headers = member("free")
    unknown = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_weekly_usd"},
        headers=headers,
    )
    assert error_of(unknown, 404)["code"] == "plan_not_found"
    missing = client.post("/subscriptions/web/checkout/new_subscription", json={}, headers=headers)
    assert error_of(missing, 400)["fields"]["plan_id"] == "This field is required."


def test_a_pro_member_by_hand_is_refused_a_subscription(client, member):
    _, headers = member("pro")
    refused = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    assert error_of(refused, 409)["code"] == "already_pro"


def test_an_ended_subscription_locks_again_and_allows_a_new_one(client, member, app):
    user_id, headers = member("free")
    data = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    ).get_json()["data"]
    pay_on_hosted_page(client, data["url"])
    subscription = client.get(
        f"/subscriptions/web/checkout/session/{data['id']}", headers=headers
    ).get_json()["data"]
    assert client.get(f"/cms/programs/{PRO_PROGRAM}", headers=headers).status_code == 200

    # The provider ends it (trial over without payment); the return page is asked again.
    with app.app_context():
        app_context(app).billing.provider.end_subscription(subscription["id"], "canceled")
    client.get(f"/subscriptions/web/checkout/session/{data['id']}", headers=headers)

    profile = client.get("/users/profile", headers=headers).get_json()["data"]
    assert profile["user_tier"] == "free"
    assert profile["subscription"]["status"] == "canceled"
    assert client.get(f"/cms/programs/{PRO_PROGRAM}", headers=headers).status_code == 403
    lesson_cards = client.get("/cms/lessons?_limit=100", headers=headers).get_json()
    assert any(card["locked"] for card in lesson_cards)

    again = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    assert again.status_code == 200


# Single purchases -----------------------------------------------------------------------------


def buy(client, headers, entity: str, entity_id: int, final_url: str | None = None) -> dict:
    body = {"id": entity_id, "entity": entity}
    if final_url is not None:
        body["final_url"] = final_url
    started = client.post("/products/purchase", json=body, headers=headers)
    assert started.status_code == 200, started.get_json()
    data = started.get_json()["data"]
    back = pay_on_hosted_page(client, data["url"])
    assert back == f"/product-payment/success?session_id={data['id']}"
    validated = client.post(
        "/products/purchase/validate-payment", json={"session_id": data["id"]}, headers=headers
    )
    assert validated.status_code == 200, validated.get_json()
    return validated.get_json()["data"]


def test_the_new_access_token_shows_a_purchase_at_once_on_every_worker(make_app):
    """A worker trusts its reading of an access token for a second (access.viewer): the
    confirmation's new token is read afresh wherever it goes next."""
    first, second = make_app(), make_app()  # two workers, one database
    clock = Clock()
    app_context(second).clock = clock
    _, headers = make_member(first, "free")
    path = f"/cms/programs/{PRICED_PROGRAM}"
    assert second.test_client().get(path, headers=headers).status_code == 403

    done = buy(first.test_client(), headers, "program", PRICED_PROGRAM)
    new_token = {"Authorization": f"Bearer {done['access']}"}
    assert second.test_client().get(path, headers=new_token).status_code == 200
    clock.advance(seconds=RECENT.total_seconds())
    assert second.test_client().get(path, headers=headers).status_code == 200


def test_the_new_access_token_ends_with_the_members_sessions(app, client, member):
    """It belongs to the session that bought: ending the member's sessions ends it too."""
    from datetime import UTC, datetime

    from bff.accounts.sign_in import end_every_session
    from bff.platform.extensions import db

    user_id, headers = member("free")
    done = buy(client, headers, "program", PRICED_PROGRAM)
    new_token = {"Authorization": f"Bearer {done['access']}"}
    assert client.get("/users/profile", headers=new_token).status_code == 200
    assert done["expires_in"] == 15 * 60  # as a sign-in answers
    with app.app_context():
        end_every_session(db.session, user_id, now=datetime.now(UTC))
        db.session.commit()
    assert client.get("/users/profile", headers=new_token).status_code == 401
    assert client.get("/users/profile", headers=headers).status_code == 401


def test_a_confirmed_subscription_answers_with_a_new_access_token(make_app):
    first, second = make_app(), make_app()
    _, headers = make_member(first, "free")
    assert (
        second.test_client().get(f"/cms/programs/{PRO_PROGRAM}", headers=headers).status_code == 403
    )
    confirmed = subscribe(first.test_client(), headers, "pro_monthly_usd")
    new_token = {"Authorization": f"Bearer {confirmed['access']}"}
    assert confirmed["expires_in"] == 15 * 60
    program = second.test_client().get(f"/cms/programs/{PRO_PROGRAM}", headers=new_token)
    assert program.status_code == 200


def test_buying_a_program_unlocks_it_and_only_it(client, member):
    _, headers = member("free")
    card = client.get(f"/cms/programs/{PRICED_PROGRAM}", headers=headers)
    assert card.status_code == 403

    listed = {p["id"]: p for p in client.get("/cms/programs?_limit=100", headers=headers).json}
    assert listed[PRICED_PROGRAM]["currentUserPrice"] == {"price": "29.99", "currency": "USD"}
    assert listed[PRICED_PROGRAM]["locked"] is True

    done = buy(client, headers, "program", PRICED_PROGRAM, f"/program/{PRICED_PROGRAM}")
    assert done.pop("access") and done.pop("expires_in") == 15 * 60
    assert done == {"final_url": f"/program/{PRICED_PROGRAM}", "entity": "program", "entityId": 3}

    program = client.get(f"/cms/programs/{PRICED_PROGRAM}", headers=headers)
    assert program.status_code == 200 and program.get_json()["locked"] is False
    chapter_id = program.get_json()["chapters"][0]["id"]
    chapter = client.get(f"/cms/program-chapters/{chapter_id}", headers=headers).get_json()
    assert all(sub.get("video_id") for sub in chapter["subchapters"])
    assert client.get(f"/cms/programs/{PRO_PROGRAM}", headers=headers).status_code == 403

    again = client.post(
        "/products/purchase", json={"id": PRICED_PROGRAM, "entity": "program"}, headers=headers
    )
    assert error_of(again, 409)["code"] == "already_purchased"


def test_buying_a_video_without_final_url_returns_home(client, member):
    _, headers = member("free")
    assert client.get(f"/cms/videos/{PRICED_VIDEO}", headers=headers).status_code == 403
    done = buy(client, headers, "video", PRICED_VIDEO)
    assert done["final_url"] == "/home"
    video = client.get(f"/cms/videos/{PRICED_VIDEO}", headers=headers).get_json()
    assert video["locked"] is False and video["video_id"]
    assert video["currentUserPrice"] == {"price": "4.99", "currency": "USD"}


def test_buying_the_masterclass_unlocks_its_episodes(client, member):
    _, headers = member("free")
    before = client.get("/masterclasses/masterclass", headers=headers).get_json()["data"]
    assert before["iap"]["purchased"] is False
    assert before["iap"]["currentUserPrice"] == {"price": "79.99", "currency": "USD"}
    locked = [e for c in before["chapters"] for e in c["episodes"] if e["locked"]]
    assert locked

    buy(client, headers, "masterclass", before["id"], "/masterclass")

    after = client.get("/masterclasses/masterclass", headers=headers).get_json()["data"]
    assert after["iap"]["purchased"] is True
    assert not [e for c in after["chapters"] for e in c["episodes"] if e["locked"]]
    episode = client.get(f"/cms/masterclass_episodes/{locked[0]['id']}", headers=headers)
    assert episode.status_code == 200 and episode.get_json()["video_id"]


def test_validating_twice_records_one_purchase(client, member, app):
    user_id, headers = member("free")
    started = client.post(
        "/products/purchase", json={"id": PRICED_VIDEO, "entity": "video"}, headers=headers
    ).get_json()["data"]
    pay_on_hosted_page(client, started["url"])
    for _ in range(2):
        answer = client.post(
            "/products/purchase/validate-payment",
            json={"session_id": started["id"]},
            headers=headers,
        )
        assert answer.status_code == 200
    from bff.billing.models import Purchase
    from bff.platform.extensions import db

    with app.app_context():
        assert db.session.query(Purchase).filter_by(user_id=user_id).count() == 1


def test_an_unpaid_purchase_is_not_recorded(client, member):
    _, headers = member("free")
    started = client.post(
        "/products/purchase", json={"id": PRICED_VIDEO, "entity": "video"}, headers=headers
    ).get_json()["data"]
    answer = client.post(
        "/products/purchase/validate-payment", json={"session_id": started["id"]}, headers=headers
    )
    assert error_of(answer, 409)["code"] == "checkout_incomplete"
    assert client.get(f"/cms/videos/{PRICED_VIDEO}", headers=headers).status_code == 403
