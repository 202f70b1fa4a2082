"""Which puzzle comes next: the day's puzzle, the next one near a member's rating (of a theme,
when they chose one), and the puzzles a member may open.

The next puzzle is the nearest in rating to the member's (moved a little at random, so two
members of one rating do not get one sequence) that they never played, looked for in a window
that widens until one is found: an index range on the rating (of the theme's rows when a theme
is chosen), so the answer is as quick with millions of puzzles as with a few. It is never the
day's puzzle (that one is everyone's, played from /daily).

A free member's day is the puzzles they play: five rated attempts at puzzles 'next' gave them.
Serving spends nothing (opening the page again gives the same puzzle), but a free member holds
at most five served and unplayed at a time, so that asking without playing shows no more.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import review
from ..access.clock import iso
from ..platform.errors import ApiError
from . import next_in_database
from .models import DailyPuzzle, Puzzle, PuzzleRound, PuzzleTheme
from .players import player

WINDOWS = (100, 200, 400, 800, 4000)
JITTER = 50
FREE_PER_DAY = 5
# A free member's puzzles served and not played yet, at most (of any day).
MAX_WAITING = FREE_PER_DAY
# The day's puzzle: one of the most popular near a new member's rating, not one of the last
# year's (further from that rating, or one of the year's again, only when there is no other).
DAILY_RATINGS = (1300, 1700)
DAILY_CANDIDATES = 500
DAILY_NOT_AGAIN_FOR = timedelta(days=365)


def start_of_day(now: datetime) -> datetime:
    return datetime.combine(now.date(), time(), tzinfo=UTC)


def tomorrow(now: datetime) -> datetime:
    return start_of_day(now) + timedelta(days=1)


def get(session: Session, puzzle_id: str) -> Puzzle:
    puzzle = session.get(Puzzle, puzzle_id)
    if puzzle is None:
        raise ApiError(404, "not_found", "We couldn't find that puzzle.")
    return puzzle


def daily(session: Session, day: date) -> Puzzle:
    """The day's puzzle, chosen by the first to ask for it (the same for everyone after; the
    choice is flushed, the caller commits)."""
    chosen = session.get(DailyPuzzle, day)
    if chosen is not None:
        return get(session, chosen.puzzle_id)
    recent = sa.select(DailyPuzzle.puzzle_id).where(DailyPuzzle.day > day - DAILY_NOT_AGAIN_FOR)
    ranked = sa.select(Puzzle.id).order_by(Puzzle.popularity.desc(), Puzzle.plays.desc(), Puzzle.id)
    candidates = (
        session.scalars(
            ranked.where(Puzzle.rating.between(*DAILY_RATINGS), Puzzle.id.not_in(recent)).limit(
                DAILY_CANDIDATES
            )
        ).all()
        or session.scalars(ranked.where(Puzzle.id.not_in(recent)).limit(DAILY_CANDIDATES)).all()
        or session.scalars(ranked.limit(DAILY_CANDIDATES)).all()
    )
    if not candidates:
        raise ApiError(404, "not_found", "There is no puzzle yet.")
    digest = int(hashlib.sha256(day.isoformat().encode()).hexdigest(), 16)
    puzzle_id = candidates[digest % len(candidates)]
    try:
        with session.begin_nested():
            session.add(DailyPuzzle(day=day, puzzle_id=puzzle_id))
    except IntegrityError:  # chosen by another request meanwhile: theirs stands
        chosen = session.get(DailyPuzzle, day)
        assert chosen is not None
        puzzle_id = chosen.puzzle_id
    return get(session, puzzle_id)


def _open_round(themed: bool) -> sa.Select[Any]:
    query = (
        sa.select(Puzzle)
        .join(PuzzleRound, PuzzleRound.puzzle_id == Puzzle.id)
        .where(
            PuzzleRound.user_id == sa.bindparam("user_id"),
            PuzzleRound.source == "next",
            PuzzleRound.played_at.is_(None),
            PuzzleRound.puzzle_id != sa.bindparam("daily_id"),
        )
    )
    if themed:
        query = query.join(
            PuzzleTheme,
            sa.and_(
                PuzzleTheme.puzzle_id == PuzzleRound.puzzle_id,
                PuzzleTheme.theme == sa.bindparam("theme"),
            ),
        )
    return query.order_by(PuzzleRound.served_at.desc()).limit(1)


# Each statement of 'next' is made once, its values bound at each call: a member waits for the
# database, not for the statement to be put together.
OPEN_ROUND = {themed: _open_round(themed) for themed in (False, True)}
SERVE = sa.insert(PuzzleRound).values(source="next")


def open_round(session: Session, user_id: int, theme: str | None, daily_id: str) -> Puzzle | None:
    """The puzzle 'next' gave the member and they have not played yet (of the theme asked), the
    day's puzzle aside: asking again gives it again."""
    bound = {"user_id": user_id, "theme": theme, "daily_id": daily_id}
    return session.scalars(OPEN_ROUND[bool(theme)], bound).first()


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
WAITING = (
    sa.select(sa.func.count())
    .select_from(PuzzleRound)
    .where(
        PuzzleRound.user_id == sa.bindparam("user_id"),
        PuzzleRound.source == "next",
        PuzzleRound.played_at.is_(None),
        PuzzleRound.puzzle_id != sa.bindparam("daily_id"),
    )
)


def played_today(session: Session, user_id: int, now: datetime) -> int:
    """How many puzzles 'next' gave the member they played (rated) on the UTC day of ``now``:
    what a free member's day counts."""
    bound = {"user_id": user_id, "since": start_of_day(now), "until": tomorrow(now)}
    count = session.scalar(PLAYED_SINCE, bound)
    return int(count or 0)


def waiting(session: Session, user_id: int, daily_id: str) -> int:
    """How many puzzles 'next' gave the member that they have not played (the day's aside)."""
    return int(session.scalar(WAITING, {"user_id": user_id, "daily_id": daily_id}) or 0)


def allowance_spent(now: datetime) -> ApiError:
    return ApiError(403, "puzzle_allowance_spent", available_at=iso(tomorrow(now)))


def waiting_refused() -> ApiError:
    return ApiError(403, "puzzles_waiting")


def _nearest(themed: bool) -> sa.Select[Any]:
    """The puzzles nearest ``target`` within ``window`` the member never played (of ``theme``
    when ``themed``): the nearest above and the nearest below, each an index range read from the
    target outwards."""
    if themed:
        source = sa.select(PuzzleTheme.puzzle_id.label("id")).where(
            PuzzleTheme.theme == sa.bindparam("theme")
        )
        column_id, column_rating = PuzzleTheme.puzzle_id, PuzzleTheme.rating
    else:
        source = sa.select(Puzzle.id.label("id"))
        column_id, column_rating = Puzzle.id, Puzzle.rating
    played = (
        sa.select(PuzzleRound.id)
        .where(PuzzleRound.user_id == sa.bindparam("user_id"), PuzzleRound.puzzle_id == column_id)
        .exists()
    )
    not_daily = column_id != sa.bindparam("daily_id")
    target = sa.bindparam("target", type_=sa.Float())
    low, high = sa.bindparam("low", type_=sa.Float()), sa.bindparam("high", type_=sa.Float())
    above = (
        source.where(column_rating >= target, column_rating <= high, ~played, not_daily)
        .order_by(column_rating)
        .limit(1)
        .subquery()
    )
    below = (
        source.where(column_rating < target, column_rating >= low, ~played, not_daily)
        .order_by(column_rating.desc())
        .limit(1)
        .subquery()
    )
    either = sa.union_all(sa.select(above.c.id), sa.select(below.c.id)).subquery()
    return sa.select(Puzzle).where(Puzzle.id.in_(sa.select(either.c.id)))


NEAREST = {themed: _nearest(themed) for themed in (False, True)}


def nearest(
    session: Session, user_id: int, target: float, theme: str | None, daily_id: str
) -> Puzzle | None:
    """The puzzle nearest ``target`` the member never played, of ``theme`` when given, never
    the day's; None when there is none left. Each window is one query."""
    for window in WINDOWS:
        bound = {"user_id": user_id, "theme": theme, "target": target, "daily_id": daily_id}
        bound.update(low=target - window, high=target + window)
        candidates: Sequence[Puzzle] = session.scalars(NEAREST[bool(theme)], bound).all()
        if candidates:
            return min(candidates, key=lambda puzzle: (abs(puzzle.rating - target), puzzle.id))
    return None


def given(session: Session, user_id: int, puzzle_id: str) -> bool:
    """Whether the member has a round of the puzzle, played or not."""
    found = session.scalar(
        sa.select(PuzzleRound.id)
        .where(PuzzleRound.user_id == user_id, PuzzleRound.puzzle_id == puzzle_id)
        .limit(1)
    )
    return found is not None


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
    day's puzzle aside (403 puzzles_waiting when a free member holds five unplayed)."""
    if from_review:
        due = review.due(session, user_id, now, kind=review.PUZZLE, limit=1)
        if not due:
            raise ApiError(404, "not_found", "No puzzle is due for review.")
        return get(session, due[0].item_id), "review"
    jitter = rng.uniform(-JITTER, JITTER)
    try:
        if next_in_database.available(session):
            found = _next_in_database(session, user_id, is_pro, theme, rating, jitter, now)
        else:
            found = _next_here(session, user_id, is_pro, theme, rating, jitter, now)
    except next_in_database.AllowanceSpent:
        raise allowance_spent(now) from None
    except next_in_database.Waiting:
        raise waiting_refused() from None
    if found is None:
        raise ApiError(404, "not_found", "You have played every puzzle of this kind.")
    return _committed(session, found), "next"


def _next_in_database(
    session: Session,
    user_id: int,
    is_pro: bool,
    theme: str | None,
    rating: float | None,
    jitter: float,
    now: datetime,
) -> Puzzle | None:
    def ask() -> Puzzle | None:
        return next_in_database.next_puzzle(
            session,
            user_id,
            theme=theme,
            rating=rating,
            jitter=jitter,
            free_per_day=None if is_pro else FREE_PER_DAY,
            day_start=start_of_day(now),
            now=now,
            windows=WINDOWS,
        )

    try:
        return ask()
    except next_in_database.NoDailyYet:
        # The first 'next' of the day before anyone asked for the day's puzzle: chosen now, so
        # that it is left out.
        daily(session, now.date())
        session.commit()
        return ask()


def _next_here(
    session: Session,
    user_id: int,
    is_pro: bool,
    theme: str | None,
    rating: float | None,
    jitter: float,
    now: datetime,
) -> Puzzle | None:
    """What the database's next_puzzle does on PostgreSQL (next_in_database.py), statement by
    statement: the puzzle served, not committed."""
    member = player(session, user_id, lock=True)  # one 'next' of a member at a time
    daily_id = daily(session, now.date()).id
    if not is_pro and played_today(session, user_id, now) >= FREE_PER_DAY:
        raise next_in_database.AllowanceSpent()
    given_before = open_round(session, user_id, theme, daily_id)
    if given_before is not None:
        return given_before
    if not is_pro and waiting(session, user_id, daily_id) >= MAX_WAITING:
        raise next_in_database.Waiting()
    found = nearest(session, user_id, (rating or member.rating) + jitter, theme, daily_id)
    if found is not None:
        session.execute(SERVE, {"user_id": user_id, "puzzle_id": found.id, "served_at": now})
    return found


def _committed(session: Session, puzzle: Puzzle) -> Puzzle:
    """Commit, and keep the puzzle as read (not read again after the commit)."""
    session.expunge(puzzle)
    session.commit()
    return puzzle
