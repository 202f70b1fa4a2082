"""An offline pack: puzzles near the member's rating, held for them, for an app to play without
a network (the attempts come back later in a batch, bff/puzzles/batch.py).

The puzzles are those 'next' chooses (selection.nearest, from the member's rating moved a little
at random), one after the other, each served as 'next' serves one: a round of source 'next' that
counts as waiting and, once played, against a free member's day. So a free member's pack holds
at most what is left of their day, the puzzles 'next' gave them and they have not played first:
they never hold more unplayed than the five 'next' allows. Each round of a pack is held: its
attempt is taken whenever it comes (within an attempt's limits), whatever the member's
allowance has become meanwhile (a Pro member's pack, played after Pro ended).
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..platform.database import commit_retrying_conflicts
from . import answers, days, lookup, play, selection
from .models import Puzzle, PuzzleRound
from .players import player, streak_of

DEFAULT_SIZE = 20
MAX_SIZE = 100


def pack(
    session: Session, user_id: int, *, is_pro: bool, size: int, now: datetime, rng: random.Random
) -> dict[str, Any]:
    """Up to ``size`` puzzles held for the member, and the day's puzzle when they have not
    played it today; committed."""
    return commit_retrying_conflicts(
        session, lambda: _packed(session, user_id, is_pro=is_pro, size=size, now=now, rng=rng)
    )


def _packed(
    session: Session, user_id: int, *, is_pro: bool, size: int, now: datetime, rng: random.Random
) -> dict[str, Any]:
    member = player(session, user_id, lock=True)  # one 'next' or pack of a member at a time
    daily = lookup.daily(session, now.date())
    left = None
    if not is_pro:
        left = max(0, selection.FREE_PER_DAY - selection.played_today(session, user_id, now))
        size = min(size, left)
    puzzles = _given_before(session, user_id, daily.id, size)
    while len(puzzles) < size:
        target = member.rating + rng.uniform(-selection.JITTER, selection.JITTER)
        found = selection.nearest(session, user_id, target, None, daily.id)
        if found is None:
            break  # every puzzle played or held: a shorter pack
        served = {"user_id": user_id, "puzzle_id": found.id, "served_at": now, "held": True}
        session.execute(selection.SERVE, served)
        puzzles.append(found)
    played, _ = play.played_on(session, user_id, daily.id, now)
    if not played:
        play.had_daily(session, user_id, daily.id, now)
    return {
        "puzzles": [answers.puzzle_answer(puzzle) for puzzle in puzzles],
        "daily": None if played else {**answers.puzzle_answer(daily), "day": now.date()},
        "rating": round(member.rating),
        "streak": streak_of(member, now),
        "allowance": {
            "per_day": None if is_pro else selection.FREE_PER_DAY,
            "left": left,
            "resets_at": iso(days.tomorrow(now)),
        },
        "served_at": iso(now),
    }


def _given_before(session: Session, user_id: int, daily_id: str, size: int) -> list[Puzzle]:
    """Up to ``size`` puzzles 'next' gave the member and they have not played (the latest
    first), held from now on."""
    if size <= 0:
        return []
    bound = {"user_id": user_id, "theme": None, "daily_id": daily_id}
    found = list(session.scalars(selection.OPEN_ROUNDS.limit(size), bound).all())
    if found:
        session.execute(
            sa.update(PuzzleRound)
            .where(
                PuzzleRound.user_id == user_id,
                PuzzleRound.source == "next",
                PuzzleRound.played_at.is_(None),
                PuzzleRound.puzzle_id.in_([puzzle.id for puzzle in found]),
            )
            .values(held=True)
        )
    return found
