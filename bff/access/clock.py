"""The time as the application reads it: one clock per application, which tests may move."""

from __future__ import annotations

from datetime import UTC, datetime

from ..app_context import app_context


def utcnow() -> datetime:
    return datetime.now(UTC)


def clock() -> datetime:
    """Now, by the current application's clock."""
    return app_context().clock()


def iso(value: datetime | None) -> str | None:
    """A moment as the answers write it: ISO 8601 in UTC with a Z (``2026-11-25T05:30:00Z``)."""
    return value.isoformat().replace("+00:00", "Z") if value else None
