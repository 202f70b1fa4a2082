"""The time as the application reads it: one clock per application, which tests may move."""

from __future__ import annotations

from datetime import UTC, datetime

from ..app_context import app_context


def utcnow() -> datetime:
    return datetime.now(UTC)


def clock() -> datetime:
    """Now, by the current application's clock."""
    return app_context().clock()
