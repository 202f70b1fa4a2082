"""Entitlements as plain Python: tier, subscription state and purchases, read once."""

from __future__ import annotations

import pytest

from bff.access.prices import current_user_price
from bff.access.rights import GUEST, Rights
from bff.access.viewer import GUEST as GUEST_VIEWER
from bff.access.viewer import Viewer
from bff.billing.entitlements import rights_from
from bff.billing.subscriptions import client_status
from bff.platform.extensions import db

from ..builders import make_member, make_purchase, make_subscription


def test_guests_play_free_items_only():
    assert rights_from(None, GUEST_VIEWER) is GUEST
    assert GUEST.may_play("lesson", 1, "free")
    assert not GUEST.may_play("lesson", 1, "pro")


def test_a_masterclass_purchase_covers_every_episode():
    rights = Rights("free", owned=frozenset({("masterclass", 1)}))
    assert rights.may_play("masterclass", 1, "pro")
    assert not rights.may_play("program", 1, "pro")


def test_purchases_are_loaded_once_into_owned(app):
    user_id, _ = make_member(app, "free")
    for entity, entity_id in (("program", 3), ("video", 9)):
        make_purchase(app, user_id, entity, entity_id)
    with app.app_context():
        rights = rights_from(db.session, Viewer(user_id, "free"))
    assert rights.owned == {("program", 3), ("video", 9)}
    assert rights.may_play("program", 3, "pro") and not rights.may_play("program", 4, "pro")


@pytest.mark.parametrize(
    ("status", "pro"),
    [
        ("trialing", True),
        ("active", True),
        ("past_due", True),
        ("canceled", False),
        ("incomplete_expired", False),
        ("unpaid", False),
    ],
)
def test_the_subscription_status_decides_the_tier(app, status, pro):
    user_id, _ = make_member(app, "free")
    make_subscription(app, user_id, status, 100)
    with app.app_context():
        rights = rights_from(db.session, Viewer(user_id, "pro" if pro else "free"))
        from bff.accounts.models import User

        assert db.session.get(User, user_id).user_tier == ("pro" if pro else "free")
    assert rights.is_pro is pro


def test_a_stale_pro_tier_with_an_ended_subscription_is_not_pro(app):
    """Even if the tier were left at pro, an ended subscription does not play pro items."""
    user_id, _ = make_member(app, "pro")
    make_subscription(app, user_id, "canceled", 100)
    with app.app_context():
        rights = rights_from(db.session, Viewer(user_id, "pro"))
    assert not rights.is_pro


def test_a_pro_tier_given_by_hand_stays_pro(app):
    user_id, _ = make_member(app, "pro")
    with app.app_context():
        assert rights_from(db.session, Viewer(user_id, "pro")).is_pro


def test_older_reports_never_overwrite_newer_ones(app):
    user_id, _ = make_member(app, "free")
    make_subscription(app, user_id, "canceled", 200)
    make_subscription(app, user_id, "active", 100)
    with app.app_context():
        assert not rights_from(db.session, Viewer(user_id, "free")).is_pro


def test_client_statuses():
    assert client_status("canceled") == "canceled"
    assert client_status("incomplete_expired") == "expired"
    assert client_status("trialing") == "trialing"


def test_the_current_user_price_is_the_list_price_for_now():
    listed = {"price": "29.99", "currency": "USD"}
    assert current_user_price(listed, GUEST) == listed
    assert current_user_price(listed, Rights("pro")) == listed
    assert current_user_price(None, GUEST) is None
