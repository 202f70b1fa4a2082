"""/users/devices and /users/reminders: a member registers and forgets devices, refused bad
input, and chooses their reminders; Download my data and Delete my account include them."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from bff.accounts.models import User
from bff.app_context import app_context
from bff.platform.extensions import db
from bff.reminders.member_data import REMINDER_DATA
from bff.reminders.models import Device, ReminderSettings

PASSWORD = "a-Long-password-9"
FCM_TOKEN = "dGhpcyBpcyBhIHRva2Vu:APA91bH-example_registration_token-0123456789"


def data(answer) -> dict:
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def error(answer, status: int) -> dict:
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()["error"]


def test_a_member_registers_a_device_and_registering_again_updates_it(
    app, client, member, register, clock
):
    user_id, headers = member()
    first = data(register(headers))
    assert first == {
        "platform": "ios",
        "token": "a" * 64,
        "locale": "en",
        "timezone": "Asia/Tokyo",
        "registered_at": "2026-12-07T12:00:00Z",
    }
    clock.advance(minutes=5)
    again = data(register(headers, timezone="Europe/Paris"))
    assert (again["timezone"], again["registered_at"]) == ("Europe/Paris", "2026-12-07T12:05:00Z")
    data(register(headers, token=FCM_TOKEN, platform="android", locale="fr-FR"))
    with app.app_context():
        rows = db.session.scalars(sa.select(Device).order_by(Device.id)).all()
        assert [(row.user_id, row.platform) for row in rows] == [
            (user_id, "ios"),
            (user_id, "android"),
        ]


def test_a_token_moves_to_the_member_who_registers_it_last(app, client, member, register):
    first, first_headers = member()
    second, second_headers = member()
    data(register(first_headers))
    data(register(second_headers))
    with app.app_context():
        owners = db.session.scalars(sa.select(Device.user_id)).all()
        assert owners == [second]
    # It is no longer the first member's to forget.
    gone = client.delete(f"/users/devices/{'a' * 64}", headers=first_headers)
    assert error(gone, 404)["code"] == "device_not_found"


def test_a_member_forgets_a_device(app, client, member, register):
    _, headers = member()
    data(register(headers))
    assert client.delete(f"/users/devices/{'a' * 64}", headers=headers).status_code == 204
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Device)) == 0
    again = client.delete(f"/users/devices/{'a' * 64}", headers=headers)
    assert error(again, 404)["code"] == "device_not_found"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"platform": "windows"}, "platform"),
        ({"timezone": "Mars/Olympus_Mons"}, "timezone"),
        ({"timezone": "../../etc/passwd"}, "timezone"),
        ({"timezone": ""}, "timezone"),
        ({"token": "short"}, "token"),
        ({"token": "a" * 513}, "token"),
        ({"token": "has spaces in it"}, "token"),
        ({"locale": "not a locale"}, "locale"),
    ],
)
def test_bad_devices_are_refused(client, member, register, change, field):
    _, headers = member()
    body = {"platform": "ios", "token": "a" * 64, "timezone": "Asia/Tokyo", **change}
    refused = error(client.post("/users/devices", headers=headers, json=body), 400)
    assert refused["code"] == "validation_failed"
    assert field in refused["fields"]


def test_a_device_needs_its_token_and_time_zone(client, member):
    _, headers = member()
    refused = error(client.post("/users/devices", headers=headers, json={"platform": "ios"}), 400)
    assert {"token", "timezone"} <= set(refused["fields"])


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/users/devices"),
        ("delete", f"/users/devices/{'a' * 64}"),
        ("get", "/users/reminders"),
        ("put", "/users/reminders"),
    ],
)
def test_only_members_have_devices_and_reminders(client, method, path):
    answer = getattr(client, method)(path, json={})
    assert answer.status_code == 401


def test_the_settings_have_defaults_and_change_field_by_field(client, member, register):
    _, headers = member()
    assert data(client.get("/users/reminders", headers=headers)) == {
        "daily_puzzle": True,
        "daily_puzzle_hour": 18,
        "streak_at_risk": True,
        "reviews_due": True,
        "timezone": None,
        "effective_timezone": "UTC",
    }
    data(register(headers, timezone="Asia/Tokyo"))
    assert data(client.get("/users/reminders", headers=headers))["effective_timezone"] == (
        "Asia/Tokyo"
    )
    changed = data(client.put("/users/reminders", headers=headers, json={"daily_puzzle_hour": 8}))
    assert (changed["daily_puzzle"], changed["daily_puzzle_hour"]) == (True, 8)
    changed = data(
        client.put(
            "/users/reminders",
            headers=headers,
            json={"streak_at_risk": False, "timezone": "America/New_York"},
        )
    )
    assert changed["daily_puzzle_hour"] == 8 and changed["streak_at_risk"] is False
    assert (changed["timezone"], changed["effective_timezone"]) == (
        "America/New_York",
        "America/New_York",
    )
    back = data(client.put("/users/reminders", headers=headers, json={"timezone": None}))
    assert back["effective_timezone"] == "Asia/Tokyo"


@pytest.mark.parametrize(
    "body", [{"daily_puzzle_hour": 24}, {"daily_puzzle_hour": -1}, {"timezone": "Nowhere"}]
)
def test_bad_settings_are_refused(client, member, body):
    _, headers = member()
    refused = error(client.put("/users/reminders", headers=headers, json=body), 400)
    assert refused["code"] == "validation_failed"


def test_my_data_has_the_devices_and_settings_and_deletion_erases_them(
    app, client, member, register
):
    user_id, headers = member()
    data(register(headers))
    data(client.put("/users/reminders", headers=headers, json={"daily_puzzle_hour": 7}))
    exported = data(client.get("/users/account/export", headers=headers))["reminders"]
    assert exported["devices"] == [
        {
            "platform": "ios",
            "token": "a" * 64,
            "locale": "en",
            "timezone": "Asia/Tokyo",
            "registered_at": exported["devices"][0]["registered_at"],
        }
    ]
    assert exported["settings"]["daily_puzzle_hour"] == 7
    assert REMINDER_DATA in app_context(app).member_data

    with app.app_context():
        user = db.session.get(User, user_id)
        user.password_hash = app_context(app).password_hasher.hash(PASSWORD)
        db.session.commit()
    deleted = client.post("/users/account/delete", headers=headers, json={"password": PASSWORD})
    assert deleted.status_code == 200, deleted.get_json()
    with app.app_context():
        for table in (Device, ReminderSettings):
            assert db.session.scalar(sa.select(sa.func.count()).select_from(table)) == 0
