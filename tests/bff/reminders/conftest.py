"""Reminders' fixtures: the application's clock moved by the test, devices registered."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from bff.app_context import app_context

from ..builders import app_clock


@pytest.fixture
def clock(app):
    """The application's clock, moved by the test (clock.now = ...)."""
    return app_clock(app, datetime(2026, 12, 7, 12, 0, tzinfo=UTC))


@pytest.fixture
def register(client):
    """register(headers, token=..., platform=..., timezone=...) -> the answer of POST
    /users/devices."""

    def post(headers, token="a" * 64, platform="ios", timezone="Asia/Tokyo", locale="en"):
        body = {"platform": platform, "token": token, "locale": locale, "timezone": timezone}
        return client.post("/users/devices", headers=headers, json=body)

    return post


@pytest.fixture
def notifications(app):
    """notifications() -> the notifications written to instance/notifications/, oldest first."""
    folder = app_context(app).settings.instance_path / "notifications"

    def read() -> list[dict]:
        return [json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))]

    return read
