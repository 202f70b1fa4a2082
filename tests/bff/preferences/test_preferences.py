"""/users/preferences: a member's board theme, piece set and sounds have defaults, change field
by field, refuse what the site does not have, and are in Download my data and erased with the
account."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from bff.accounts.models import User
from bff.app_context import app_context
from bff.platform.extensions import db
from bff.preferences.member_data import PREFERENCES_DATA
from bff.preferences.models import BoardPreferences

PASSWORD = "a-Long-password-9"
DEFAULTS = {"board_theme": "violet", "piece_set": "classic", "sounds": None}


def data(answer) -> dict:
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def test_the_preferences_have_defaults_and_change_field_by_field(client, member):
    _, headers = member()
    assert data(client.get("/users/preferences", headers=headers)) == DEFAULTS
    changed = data(
        client.patch("/users/preferences", headers=headers, json={"board_theme": "blue"})
    )
    assert changed == {**DEFAULTS, "board_theme": "blue"}
    changed = data(
        client.patch(
            "/users/preferences", headers=headers, json={"piece_set": "flat", "sounds": False}
        )
    )
    assert changed == {"board_theme": "blue", "piece_set": "flat", "sounds": False}
    # Kept: read again, and null gives the sounds back to the device.
    assert data(client.get("/users/preferences", headers=headers)) == changed
    back = data(client.patch("/users/preferences", headers=headers, json={"sounds": None}))
    assert back == {"board_theme": "blue", "piece_set": "flat", "sounds": None}


def test_each_member_has_their_own(client, member):
    _, first = member()
    _, second = member()
    data(client.patch("/users/preferences", headers=first, json={"board_theme": "green"}))
    assert data(client.get("/users/preferences", headers=second)) == DEFAULTS


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"board_theme": "pink"}, "board_theme"),
        ({"piece_set": "cburnett"}, "piece_set"),
        ({"sounds": "loud"}, "sounds"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_what_the_site_does_not_have_is_refused(client, member, body, field):
    _, headers = member()
    answer = client.patch("/users/preferences", headers=headers, json=body)
    assert answer.status_code == 400, answer.get_json()
    refused = answer.get_json()["error"]
    assert refused["code"] == "validation_failed"
    assert field in refused["fields"]


@pytest.mark.parametrize("method", ["get", "patch"])
def test_only_members_have_preferences(client, method):
    assert getattr(client, method)("/users/preferences", json={}).status_code == 401


def test_my_data_has_them_and_deletion_erases_them(app, client, member):
    user_id, headers = member()
    data(client.patch("/users/preferences", headers=headers, json={"board_theme": "brown"}))
    exported = data(client.get("/users/account/export", headers=headers))["preferences"]
    assert exported == {**DEFAULTS, "board_theme": "brown"}
    assert PREFERENCES_DATA in app_context(app).member_data

    with app.app_context():
        user = db.session.get(User, user_id)
        user.password_hash = app_context(app).password_hasher.hash(PASSWORD)
        db.session.commit()
    deleted = client.post("/users/account/delete", headers=headers, json={"password": PASSWORD})
    assert deleted.status_code == 200, deleted.get_json()
    with app.app_context():
        count = sa.select(sa.func.count()).select_from(BoardPreferences)
        assert db.session.scalar(count) == 0
