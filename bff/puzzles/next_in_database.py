"""The next puzzle in one round trip, on PostgreSQL: the database's function ``next_puzzle``
(migration 0014, first 0011) locks the member's rating row, reads the day's puzzle (left out),
counts a free member's puzzles played today, looks for the puzzle 'next' gave them and they have
not played, counts those waiting, finds the nearest unplayed puzzle and serves it, as
``selection`` does on SQLite in six to seven statements. Each statement is a round trip: on a
busy host, where a request waits for a CPU at every one, they were most of ``next``'s time
(bench/README.md: puzzles.py).

The two are one behaviour: the API's tests run on both databases.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .models import Puzzle
from .players import player

NEXT = sa.select(Puzzle).from_statement(
    sa.text(
        "SELECT * FROM next_puzzle(CAST(:member AS integer), CAST(:theme AS text), "
        "CAST(:rating AS double precision), CAST(:jitter AS double precision), "
        "CAST(:free_per_day AS integer), :day_start, :now, CAST(:windows AS double precision[]))"
    ).bindparams(
        sa.bindparam("day_start", type_=sa.DateTime(timezone=True)),
        sa.bindparam("now", type_=sa.DateTime(timezone=True)),
    )
)
# What the function raises (its SQLSTATEs): the member has no rating row yet; a free member's
# puzzles of the day are played; the day's puzzle is not chosen yet; a free member holds as many
# unplayed puzzles as they may.
NO_PLAYER = "BFP01"
ALLOWANCE_SPENT = "BFP02"
NO_DAILY = "BFP03"
WAITING = "BFP04"


def available(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


class AllowanceSpent(Exception):
    """A free member's puzzles of the day are played."""


class Waiting(Exception):
    """A free member holds as many puzzles served and not played as they may."""


class NoDailyYet(Exception):
    """The day's puzzle is not chosen yet (the caller chooses it and asks again)."""


class _NoPlayerYet(Exception):
    pass


def next_puzzle(
    session: Session,
    user_id: int,
    *,
    theme: str | None,
    rating: float | None,
    jitter: float,
    free_per_day: int | None,
    day_start: datetime,
    now: datetime,
    windows: tuple[int, ...],
) -> Puzzle | None:
    """The puzzle served (not committed), None when none is left; AllowanceSpent when
    ``free_per_day`` puzzles were played since ``day_start``, Waiting when as many are served
    and not played, NoDailyYet when the day's puzzle is not chosen."""
    bound: dict[str, Any] = {
        "member": user_id,
        "theme": theme,
        "rating": rating,
        "jitter": jitter,
        "free_per_day": free_per_day,
        "day_start": day_start,
        "now": now,
        "windows": [float(window) for window in windows],
    }
    try:
        return _served(session, bound)
    except _NoPlayerYet:
        player(session, user_id)  # a new member's first puzzle: their row first
        return _served(session, bound)


def _served(session: Session, bound: dict[str, Any]) -> Puzzle | None:
    try:
        return session.scalars(NEXT, bound).first()
    except sa.exc.DBAPIError as error:
        state = getattr(error.orig, "sqlstate", None)
        if state not in RAISED:
            raise
        session.rollback()
        raise RAISED[state]() from None


RAISED: dict[str, type[Exception]] = {
    NO_PLAYER: _NoPlayerYet,
    ALLOWANCE_SPENT: AllowanceSpent,
    NO_DAILY: NoDailyYet,
    WAITING: Waiting,
}
