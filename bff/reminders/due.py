"""Which reminders a member is due at a moment, in their own time zone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review
from ..puzzles.models import PuzzlePlayer, PuzzleRound
from . import texts
from .preferences import Choice

# Evening hours of the streak reminder (from 20:00, not after 23:00: no one is woken for it).
STREAK_FROM, STREAK_UNTIL = 20, 23
# Reviews are announced in the day's waking hours only, at the first run that finds enough.
REVIEWS_FROM, REVIEWS_UNTIL = 9, 21
REVIEWS_AT_LEAST = 3


@dataclass(frozen=True)
class Reminder:
    kind: str
    local_date: date
    text: texts.Text


def candidates(chosen: Choice, local: datetime) -> list[str]:
    """The kinds whose hour it is (cheap: nothing read), in the member's local time."""
    kinds = []
    if chosen.daily_puzzle and local.hour == chosen.daily_puzzle_hour:
        # Only within the hour: a sender stopped for longer does not send it late.
        kinds.append(texts.DAILY_PUZZLE)
    if chosen.streak_at_risk and STREAK_FROM <= local.hour < STREAK_UNTIL:
        kinds.append(texts.STREAK_AT_RISK)
    if chosen.reviews_due and REVIEWS_FROM <= local.hour < REVIEWS_UNTIL:
        kinds.append(texts.REVIEWS_DUE)
    return kinds


def reminders(
    session: Session, user_id: int, kinds: list[str], local: datetime, now: datetime
) -> Iterator[Reminder]:
    """Of those kinds, the reminders the member's state calls for now."""
    day = local.date()
    for kind in kinds:
        if kind == texts.DAILY_PUZZLE:
            yield Reminder(kind, day, texts.daily_puzzle())
        elif kind == texts.STREAK_AT_RISK:
            days = streak_at_risk(session, user_id, local, now)
            if days:
                yield Reminder(kind, day, texts.streak_at_risk(days))
        elif kind == texts.REVIEWS_DUE:
            count = review.due_count(session, user_id, now)
            if count >= REVIEWS_AT_LEAST:
                yield Reminder(kind, day, texts.reviews_due(count))


def streak_at_risk(session: Session, user_id: int, local: datetime, now: datetime) -> int:
    """The member's streak when it ends unless they solve a puzzle, else 0.

    A streak counts UTC days with a solved puzzle (bff/puzzles/play.py): it is at risk when its
    last day is yesterday (UTC) and nothing was solved today, neither in the UTC day nor in the
    member's own day so far."""
    member = session.get(PuzzlePlayer, user_id)
    if member is None or not member.streak or member.last_solved_on is None:
        return 0
    if member.last_solved_on != now.date() - timedelta(days=1):
        return 0  # solved today (UTC), or the streak is already over
    midnight = datetime.combine(local.date(), time(), tzinfo=local.tzinfo)
    solved_today = session.scalar(
        sa.select(PuzzleRound.id)
        .where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.solved.is_(True),
            PuzzleRound.played_at >= midnight,
        )
        .limit(1)
    )
    return 0 if solved_today is not None else int(member.streak)


def local_time(now: datetime, zone: str) -> datetime:
    """``now`` in the member's zone; in UTC should the zone have left the time zone database
    since it was registered (one member's stale zone never stops a run)."""
    try:
        return now.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return now.astimezone(UTC)
