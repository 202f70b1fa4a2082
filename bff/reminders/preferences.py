"""A member's reminder settings and the time zone their reminders follow."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from .models import Device, ReminderSettings

DEFAULT_HOUR = 18
UTC_ZONE = "UTC"


@dataclass(frozen=True)
class Choice:
    """What the member chose, or the defaults: the daily puzzle at 18:00, streak at risk and
    reviews due on."""

    daily_puzzle: bool = True
    daily_puzzle_hour: int = DEFAULT_HOUR
    streak_at_risk: bool = True
    reviews_due: bool = True
    timezone: str | None = None  # their own; none: the newest device's


def is_zone(name: str) -> bool:
    """Whether the IANA database knows this time zone (Europe/Paris, Asia/Tokyo, UTC)."""
    if not name or len(name) > 64 or name.startswith("/") or ".." in name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def choice(session: Session, user_id: int) -> Choice:
    row = session.get(ReminderSettings, user_id)
    if row is None:
        return Choice()
    return Choice(
        daily_puzzle=row.daily_puzzle,
        daily_puzzle_hour=row.daily_puzzle_hour,
        streak_at_risk=row.streak_at_risk,
        reviews_due=row.reviews_due,
        timezone=row.timezone,
    )


def zone_of(session: Session, user_id: int, chosen: Choice) -> str:
    """The member's own time zone, else their newest device's, else UTC."""
    if chosen.timezone:
        return chosen.timezone
    newest = session.scalar(
        sa.select(Device.timezone)
        .where(Device.user_id == user_id)
        .order_by(Device.updated_at.desc(), Device.id.desc())
        .limit(1)
    )
    return newest or UTC_ZONE


def answer(session: Session, user_id: int) -> dict[str, Any]:
    chosen = choice(session, user_id)
    return {
        "daily_puzzle": chosen.daily_puzzle,
        "daily_puzzle_hour": chosen.daily_puzzle_hour,
        "streak_at_risk": chosen.streak_at_risk,
        "reviews_due": chosen.reviews_due,
        "timezone": chosen.timezone,
        "effective_timezone": zone_of(session, user_id, chosen),
    }


def update(session: Session, user_id: int, changes: dict[str, Any], *, now: datetime) -> None:
    """Change the settings given (the others keep their values). Committed."""

    def write() -> None:
        row = session.get(ReminderSettings, user_id)
        if row is None:
            defaults = Choice()
            row = ReminderSettings(
                user_id=user_id,
                daily_puzzle=defaults.daily_puzzle,
                daily_puzzle_hour=defaults.daily_puzzle_hour,
                streak_at_risk=defaults.streak_at_risk,
                reviews_due=defaults.reviews_due,
                timezone=defaults.timezone,
            )
            session.add(row)
        for name, value in changes.items():
            setattr(row, name, value)
        row.updated_at = now
        session.flush()

    commit_retrying_conflicts(session, write)
