"""The time as the application reads it: one clock per application, which tests may move."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from flask import current_app


def utcnow() -> datetime:
    return datetime.now(UTC)


def clock() -> datetime:
    """Now, by the current application's clock."""
    now: Callable[[], datetime] = current_app.extensions["bff.clock"]
    return now()
