"""The time as the application reads it: one clock per application, which tests may move."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from ..platform.context import ContextView


class Clocked(Protocol):
    """What reading the time reads of the application context."""

    @property
    def clock(self) -> Callable[[], datetime]: ...


context = ContextView[Clocked](__name__)


def utcnow() -> datetime:
    return datetime.now(UTC)


def clock() -> datetime:
    """Now, by the current application's clock."""
    return context().clock()


def iso(value: datetime | None) -> str | None:
    """A moment as the answers write it: ISO 8601 in UTC with a Z (``2026-11-25T05:30:00Z``)."""
    return value.isoformat().replace("+00:00", "Z") if value else None
