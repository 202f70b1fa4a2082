"""The puzzles' day: a UTC day, when it began and when the next begins (a free member's five and
the day's puzzle both count by it)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta


def start_of_day(now: datetime) -> datetime:
    return datetime.combine(now.date(), time(), tzinfo=UTC)


def tomorrow(now: datetime) -> datetime:
    return start_of_day(now) + timedelta(days=1)
