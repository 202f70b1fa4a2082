"""Single purchases: the return address is a path of this site, the price is the CMS's."""

from __future__ import annotations

import pytest

from bff.billing.checkout import safe_final_url
from bff.billing.models import CheckoutSession
from bff.platform.errors import ApiError
from bff.platform.extensions import db

from ..builders import error_of

OPEN_REDIRECTS = [
    "//evil.com",
    "//evil.com/path",
    "https://evil.com",
    "http://evil.com/home",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
    "evil.com",
    "home",
    "/home\nLocation: https://evil.com",
    "/\tevil",
    " /home",
    "/" + "a" * 2048,
]


@pytest.mark.parametrize("target", OPEN_REDIRECTS)
def test_final_url_refuses_anything_but_a_site_path(target):
    with pytest.raises(ApiError) as refused:
        safe_final_url(target)
    assert refused.value.status == 400
    assert refused.value.code == "invalid_final_url"


@pytest.mark.parametrize(
    "target", ["/home", "/program/3", "/masterclass?open=1", "/videos/3#top", "/a/b:c"]
)
def test_final_url_keeps_site_paths(target):
    assert safe_final_url(target) == target


@pytest.mark.parametrize(
    "target", ["//evil.com", "https://evil.com", "/\\evil.com", "javascript:x"]
)
def test_purchase_with_an_open_redirect_is_refused_before_any_checkout(client, member, app, target):
    user_id, headers = member("free")
    answer = client.post(
        "/products/purchase",
        json={"id": 3, "entity": "program", "final_url": target},
        headers=headers,
    )
    error = error_of(answer, 400)
    assert error["code"] == "invalid_final_url"
    assert "final_url" in error["fields"]
    with app.app_context():
        assert db.session.query(CheckoutSession).filter_by(user_id=user_id).count() == 0


def test_the_price_is_the_cms_price_and_the_client_cannot_set_one(client, member, app):
    user_id, headers = member("free")
    with_price = client.post(
        "/products/purchase",
        json={"id": 3, "entity": "program", "price": "0.01"},
        headers=headers,
    )
    assert error_of(with_price, 400)["code"] == "validation_failed"

    started = client.post(
        "/products/purchase", json={"id": 3, "entity": "program"}, headers=headers
    )
    assert started.status_code == 200
    with app.app_context():
        row = db.session.query(CheckoutSession).filter_by(user_id=user_id).one()
        assert (row.amount, row.currency, row.entity, row.entity_id) == (2999, "USD", "program", 3)
    page = client.get("/sandbox/checkout/" + started.get_json()["data"]["id"])
    assert "$29.99" in page.get_data(as_text=True)


def test_items_without_a_price_are_not_for_sale(client, member):
    _, headers = member("free")
    answer = client.post("/products/purchase", json={"id": 1, "entity": "program"}, headers=headers)
    assert error_of(answer, 409)["code"] == "not_for_sale"


def test_unknown_items_and_kinds(client, member):
    _, headers = member("free")
    missing = client.post(
        "/products/purchase", json={"id": 9999, "entity": "program"}, headers=headers
    )
    assert error_of(missing, 404)["code"] == "not_found"
    wrong_masterclass = client.post(
        "/products/purchase", json={"id": 9999, "entity": "masterclass"}, headers=headers
    )
    assert error_of(wrong_masterclass, 404)["code"] == "not_found"
    lesson = client.post("/products/purchase", json={"id": 1, "entity": "lesson"}, headers=headers)
    assert error_of(lesson, 400)["fields"]["entity"]


def test_purchases_need_a_member(client):
    answer = client.post("/products/purchase", json={"id": 3, "entity": "program"})
    assert error_of(answer, 401)["code"] == "unauthorized"
    validate = client.post("/products/purchase/validate-payment", json={"session_id": "cs_x"})
    assert error_of(validate, 401)["code"] == "unauthorized"


def test_someone_elses_purchase_session_is_not_found(client, member):
    _, owner = member("free")
    _, other = member("free")
    started = client.post(
        "/products/purchase", json={"id": 3, "entity": "video"}, headers=owner
    ).get_json()["data"]
    client.post(f"/sandbox/checkout/{started['id']}/pay")
    answer = client.post(
        "/products/purchase/validate-payment", json={"session_id": started["id"]}, headers=other
    )
    assert error_of(answer, 404)["code"] == "not_found"
    assert client.get("/cms/videos/3", headers=other).status_code == 403


def test_guests_see_list_prices_too(client):
    programs = {p["id"]: p for p in client.get("/cms/programs?_limit=100").get_json()}
    assert programs[3]["currentUserPrice"] == {"price": "29.99", "currency": "USD"}
    assert programs[3]["entity"] == "program" and programs[3]["entityId"] == 3
    assert programs[1]["currentUserPrice"] is None
    assert "_price" not in str(programs)


def test_a_locked_item_for_sale_says_what_it_costs_in_its_403(client, member):
    _, headers = member("free")
    program = error_of(client.get("/cms/programs/3", headers=headers), 403)
    assert program["code"] == "content_locked"
    assert program["offer"]["entity"] == "program" and program["offer"]["entityId"] == 3
    assert program["offer"]["title"] == "30 days of tactics"
    assert program["offer"]["currentUserPrice"] == {"price": "29.99", "currency": "USD"}
    assert program["offer"]["hero_image"]["url"]
    video = error_of(client.get("/cms/videos/3", headers=headers), 403)
    assert video["offer"]["entity"] == "video"
    assert video["offer"]["currentUserPrice"] == {"price": "4.99", "currency": "USD"}
    assert "video_id" not in str(video)


def test_a_locked_item_not_for_sale_has_no_offer(client, member):
    _, headers = member("free")
    assert "offer" not in error_of(client.get("/cms/programs/1", headers=headers), 403)
    assert "offer" not in error_of(client.get("/cms/lessons/1", headers=headers), 403)
