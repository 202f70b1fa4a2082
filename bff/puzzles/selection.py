"""Which puzzle comes next for a member: the next one near their rating (of a theme, when they
chose one), what a free member's day allows, and the nearest unplayed puzzle an offline pack
takes. The puzzles themselves are read in ``lookup``, the day's limits in ``days``.

The next puzzle is the nearest in rating to the member's (moved a little at random, so two
members of one rating do not get one sequence) that they never played, within 4,000 points:
two index ranges on the rating (of the theme's rows when a theme is chosen) read from the target
up and down, each stopped at its first unplayed row, so the answer is as quick with millions of
puzzles as with a few. It is never the
day's puzzle (that one is everyone's, played from /daily).

A free member's day is the puzzles they play: five rated attempts at puzzles 'next' gave them.
Serving spends nothing (opening the page again gives the same puzzle), but a free member holds
at most five served and unplayed at a time, so that asking without playing shows no more.

'next' is one statement on both databases (``next_statement``), run once the member's rating
row is locked; this service reads what it decided and owns the unit of work: it commits what it
served, and a refusal raises and leaves the transaction to its caller (a request's end rolls
it back), never rolled back here.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review
from ..access.clock import iso
from ..platform.errors import ApiError
from . import lookup, next_statement
from .days import start_of_day, tomorrow
from .models import Puzzle, PuzzleRound
from .players import player

JITTER = 50
FREE_PER_DAY = 5
# A free member's puzzles served and not played yet, at most (of any day).
MAX_WAITING = FREE_PER_DAY
SERVE = next_statement.SERVE

# The puzzles 'next' gave the member and they have not played (the latest first), the day's
# aside: made once, bound at each call (an offline pack takes them first).
OPEN_ROUNDS = (
    sa.select(Puzzle)
    .join(PuzzleRound, PuzzleRound.puzzle_id == Puzzle.id)
    .where(
        PuzzleRound.user_id == sa.bindparam("user_id"),
        PuzzleRound.source == "next",
        PuzzleRound.played_at.is_(None),
        PuzzleRound.puzzle_id != sa.bindparam("daily_id"),
    )
    .order_by(PuzzleRound.served_at.desc())
)
PLAYED_SINCE = (
    sa.select(sa.func.count())
    .select_from(PuzzleRound)
    .where(
        PuzzleRound.user_id == sa.bindparam("user_id"),
        PuzzleRound.source == "next",
        PuzzleRound.rated.is_(True),
        PuzzleRound.played_at >= sa.bindparam("since"),
        # Of that day only: an attempt played offline counts against the day it was played.
        PuzzleRound.played_at < sa.bindparam("until"),
    )
)


def played_today(session: Session, user_id: int, now: datetime) -> int:
    """How many puzzles 'next' gave the member they played (rated) on the UTC day of ``now``:
    what a free member's day counts (``next_statement`` counts the same in its statement)."""
    bound = {"user_id": user_id, "since": start_of_day(now), "until": tomorrow(now)}
    count = session.scalar(PLAYED_SINCE, bound)
    return int(count or 0)


def allowance_spent(now: datetime) -> ApiError:
    return ApiError(403, "puzzle_allowance_spent", available_at=iso(tomorrow(now)))


def waiting_refused() -> ApiError:
    return ApiError(403, "puzzles_waiting")


# The nearest unplayed puzzle to a target, the day's puzzle (bound) aside: the expression the
# next statement uses, made once.
_NEAREST: dict[str, sa.Select[Any]] = {}


def nearest(
    session: Session, user_id: int, target: float, theme: str | None, daily_id: str
) -> Puzzle | None:
    """The puzzle nearest ``target`` the member never played, of ``theme`` when given, never
    the day's; None when there is none left. One statement, the windows tried in it."""
    dialect = session.get_bind().dialect.name
    key = f"{dialect}:{bool(theme)}"
    if key not in _NEAREST:
        found = next_statement.nearest_id(bool(theme), dialect, sa.bindparam("daily_id"))
        _NEAREST[key] = sa.select(Puzzle).where(Puzzle.id == found)
    bound = {"user_id": user_id, "theme": theme, "target": target, "daily_id": daily_id}
    return session.scalars(_NEAREST[key], bound).first()


def next_puzzle(
    session: Session,
    user_id: int,
    *,
    is_pro: bool,
    theme: str | None,
    rating: float | None,
    from_review: bool,
    now: datetime,
    rng: random.Random,
) -> tuple[Puzzle, str]:
    """The member's next puzzle and why it comes ('next' or 'review'), committed: the puzzle of
    their review due first, when asked for; else, within a free member's day (403
    puzzle_allowance_spent once five are played today), the one 'next' gave them and they have
    not played yet, or a new one near their rating (or ``rating``), of ``theme`` when given, the
    day's puzzle aside (403 puzzles_waiting when a free member holds five unplayed). A refusal
    leaves the transaction to the caller."""
    if from_review:
        due = review.due(session, user_id, now, kind=review.PUZZLE, limit=1)
        if not due:
            raise ApiError(404, "not_found", "No puzzle is due for review.")
        return lookup.get(session, due[0].item_id), "review"
    jitter = rng.uniform(-JITTER, JITTER)

    def decide() -> next_statement.Decision:
        return next_statement.decide(
            session,
            user_id,
            theme=theme,
            rating=rating,
            jitter=jitter,
            free_per_day=None if is_pro else FREE_PER_DAY,
            day=now.date(),
            since=start_of_day(now),
            until=tomorrow(now),
            now=now,
        )

    decision = decide()
    if decision.status == next_statement.NO_PLAYER:
        player(session, user_id, lock=True)  # a new member's first puzzle: their row first
        decision = decide()
    if decision.status == next_statement.NO_DAILY:
        # The first 'next' of the day before anyone asked for the day's puzzle: chosen now (in
        # this transaction), so that it is left out.
        lookup.daily(session, now.date())
        decision = decide()
    if decision.status == next_statement.SPENT:
        raise allowance_spent(now)
    if decision.status == next_statement.WAITING:
        raise waiting_refused()
    if decision.puzzle is None:
        raise ApiError(404, "not_found", "You have played every puzzle of this kind.")
    return _committed(session, decision.puzzle), "next"


def _committed(session: Session, puzzle: Puzzle) -> Puzzle:
    """Commit, and keep the puzzle as read (not read again after the commit)."""
    if puzzle in session:
        session.expunge(puzzle)
    session.commit()
    return puzzle
