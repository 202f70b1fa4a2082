"""The next puzzle as one SQL statement, built with SQLAlchemy Core, that SQLite and PostgreSQL
both run: the day's puzzle read (left out), a free member's puzzles played today and those
waiting counted, the puzzle 'next' gave them and they have not played (of the theme asked)
found, else the nearest unplayed puzzle in windows that widen; on PostgreSQL the round of a new
puzzle is inserted by the same statement (a data-modifying CTE), so the decision and the serving
are one round trip. What the statement decides is a plain result (a status and the puzzle row),
never an error: the caller reads it (``Decision``).

The member's rating row is locked by the statement before this one (``players.player`` with
``lock``), not inside it: under READ COMMITTED a statement reads one snapshot, taken when it
starts, so a statement that waited inside for a member's row held by another 'next' would then
decide from rounds as they were before that 'next' committed, and two at once would serve two
puzzles. The statement that runs after the lock is taken sees what the other committed. On
SQLite the lock is the database's write lock, taken as the transaction begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import UTCDateTime
from .models import DailyPuzzle, Puzzle, PuzzleRound, PuzzleTheme

# The windows the nearest puzzle is looked for in, one after the other: each an index range on
# the rating read from the target outwards, so a member who played everything on one side of
# their rating does not read all of it when the other side has a puzzle near.
WINDOWS = (100, 200, 400, 800, 4000)

# What the statement decides (``Decision.status``).
NO_DAILY = "no_daily"  # the day's puzzle is not chosen yet: the caller chooses it, asks again
SPENT = "spent"  # a free member's puzzles of the day are played
AGAIN = "again"  # the puzzle 'next' gave them and they have not played, given again
WAITING = "waiting"  # a free member holds as many served and unplayed as they may
SEARCHED = "searched"  # the nearest unplayed puzzle (served), or none left (no puzzle)


@dataclass(frozen=True)
class Decision:
    status: str
    puzzle: Puzzle | None
    served: bool  # a new round of the puzzle was inserted (by the statement or after it)


def _daily_id() -> sa.ScalarSelect[Any]:
    # Read where each part needs it (a primary key lookup, once a statement on either database):
    # a part inside a derived table cannot see a column of the statement's other parts.
    return (
        sa.select(DailyPuzzle.puzzle_id)
        .where(DailyPuzzle.day == sa.bindparam("day", type_=sa.Date()))
        .scalar_subquery()
    )


def _of_theme(puzzle_id: Any) -> sa.Exists:
    return (
        sa.select(PuzzleTheme.puzzle_id)
        .where(PuzzleTheme.puzzle_id == puzzle_id, PuzzleTheme.theme == sa.bindparam("theme"))
        .exists()
    )


def nearest_id(themed: bool, dialect: str, daily_id: Any) -> sa.ColumnElement[Any]:
    """The id of the puzzle nearest ``:target`` the member ``:user_id`` never played (of
    ``:theme`` when ``themed``), never ``daily_id``; NULL when none is within the widest window.
    One scalar subquery a window, the nearest above and the nearest below each an index range
    stopped at its first unplayed row, tried in order: COALESCE evaluates the next only when the
    one before found nothing (on both databases)."""
    if themed:
        column_id, column_rating = PuzzleTheme.puzzle_id, PuzzleTheme.rating
        of_theme: Any = PuzzleTheme.theme == sa.bindparam("theme")
    else:
        column_id, column_rating, of_theme = Puzzle.id, Puzzle.rating, sa.true()
    played = (
        sa.select(PuzzleRound.id)
        .where(PuzzleRound.user_id == sa.bindparam("user_id"), PuzzleRound.puzzle_id == column_id)
        .exists()
    )
    target = sa.bindparam("target", type_=sa.Float())
    source = sa.select(column_id.label("id"), column_rating.label("rating")).where(
        of_theme, ~played, column_id != daily_id
    )

    def within(window: int) -> sa.ScalarSelect[Any]:
        above = (
            source.where(column_rating >= target, column_rating <= target + window)
            .order_by(column_rating)
            .limit(1)
            .subquery()
        )
        below = (
            source.where(column_rating < target, column_rating >= target - window)
            .order_by(column_rating.desc())
            .limit(1)
            .subquery()
        )
        either = sa.union_all(sa.select(above), sa.select(below)).subquery()
        # Ties by id in byte order, as on SQLite (PostgreSQL's default collation may differ).
        by_id = either.c.id.collate("C") if dialect == "postgresql" else either.c.id
        return (
            sa.select(either.c.id)
            .order_by(sa.func.abs(either.c.rating - target), by_id)
            .limit(1)
            .scalar_subquery()
        )

    return sa.func.coalesce(*(within(window) for window in WINDOWS))


def _decision(themed: bool, limited: bool, dialect: str) -> sa.CTE:
    """One row: the status and the id of the puzzle to give (NULL when none)."""
    member = PuzzleRound.user_id == sa.bindparam("user_id")
    of_next = sa.and_(member, PuzzleRound.source == "next")
    unplayed = sa.and_(of_next, PuzzleRound.played_at.is_(None))
    given = (
        sa.select(PuzzleRound.puzzle_id)
        .where(
            unplayed,
            PuzzleRound.puzzle_id != _daily_id(),
            _of_theme(PuzzleRound.puzzle_id) if themed else sa.true(),
        )
        .order_by(PuzzleRound.served_at.desc())
        .limit(1)
        .scalar_subquery()
    )
    parts = [_daily_id().label("daily_id"), given.label("given")]
    if limited:
        day = sa.bindparam("since", type_=UTCDateTime()), sa.bindparam("until", type_=UTCDateTime())
        played = (
            sa.select(sa.func.count())
            .select_from(PuzzleRound)
            .where(
                of_next,
                PuzzleRound.rated.is_(True),
                # Of that day only: an attempt played offline counts against the day it was
                # played.
                PuzzleRound.played_at >= day[0],
                PuzzleRound.played_at < day[1],
            )
            .scalar_subquery()
        )
        waiting = (
            sa.select(sa.func.count())
            .select_from(PuzzleRound)
            .where(unplayed, PuzzleRound.puzzle_id != _daily_id())
            .scalar_subquery()
        )
        parts += [played.label("played"), waiting.label("waiting")]
    # Materialized, so that each count is read once however often the decision names it.
    state = sa.select(*parts).cte("state").prefix_with("MATERIALIZED")
    free = sa.bindparam("free", type_=sa.Integer())
    refusals = [(state.c.daily_id.is_(None), NO_DAILY)]
    if limited:
        refusals.append((state.c.played >= free, SPENT))
    before_search = [*refusals, (state.c.given.is_not(None), AGAIN)]
    if limited:
        before_search.append((state.c.waiting >= free, WAITING))
    status = sa.case(*before_search, else_=sa.literal(SEARCHED))
    # The nearest is named once, in the branch that needs it: looked for only when nothing
    # before it decided.
    puzzle_id = sa.case(
        *((condition, sa.null()) for condition, _ in refusals),
        (state.c.given.is_not(None), state.c.given),
        *(((state.c.waiting >= free, sa.null()),) if limited else ()),
        else_=nearest_id(themed, dialect, _daily_id()),
    )
    return (
        sa.select(status.label("status"), puzzle_id.label("puzzle_id"))
        .select_from(state)
        .cte("decision")
    )


def _statement(themed: bool, limited: bool, dialect: str) -> sa.Select[Any]:
    decision = _decision(themed, limited, dialect)
    answer = sa.select(decision.c.status, Puzzle).select_from(
        decision.outerjoin(Puzzle, Puzzle.id == decision.c.puzzle_id)
    )
    if dialect != "postgresql":
        # SQLite has no data-modifying CTE: the caller inserts the round (SERVE) in the same
        # transaction, a call within the process rather than a round trip.
        return answer
    serve = (
        sa.insert(PuzzleRound)
        .from_select(
            ["user_id", "puzzle_id", "source", "served_at", "rated", "held"],
            sa.select(
                sa.bindparam("user_id", type_=sa.Integer()),
                decision.c.puzzle_id,
                sa.literal("next"),
                sa.bindparam("now", type_=UTCDateTime()),
                sa.false(),
                sa.false(),
            ).where(decision.c.status == SEARCHED, decision.c.puzzle_id.is_not(None)),
            include_defaults=False,
        )
        .returning(PuzzleRound.id)
        .cte("served")
    )
    # Run though the answer does not read it: PostgreSQL runs every data-modifying CTE.
    return answer.add_cte(serve)


SERVE = sa.insert(PuzzleRound).values(source="next")

# Each made once, its values bound at each call: a member waits for the database, not for the
# statement to be put together. Keyed by (dialect, themed, limited to a free member's day).
_MADE: dict[tuple[str, bool, bool], sa.Select[Any]] = {}


def statement(dialect: str, *, themed: bool, limited: bool) -> sa.Select[Any]:
    key = (dialect, themed, limited)
    if key not in _MADE:
        _MADE[key] = _statement(themed, limited, dialect)
    return _MADE[key]


def decide(
    session: Session,
    user_id: int,
    *,
    theme: str | None,
    target: float,
    free_per_day: int | None,
    day: date,
    since: datetime,
    until: datetime,
    now: datetime,
) -> Decision:
    """What 'next' gives the member (their rating row locked before, by the caller): the
    statement run, and on SQLite the round of a new puzzle inserted after it. Not committed."""
    dialect = session.get_bind().dialect.name
    made = statement(dialect, themed=theme is not None, limited=free_per_day is not None)
    bound: dict[str, Any] = {"user_id": user_id, "theme": theme, "target": target, "day": day}
    bound.update(free=free_per_day, since=since, until=until, now=now)
    row = session.execute(made, bound).one()
    status, puzzle = row[0], row[1]
    served = status == SEARCHED and puzzle is not None
    if served and dialect != "postgresql":
        session.execute(SERVE, {"user_id": user_id, "puzzle_id": puzzle.id, "served_at": now})
    return Decision(status, puzzle, served)
