"""The next puzzle as one SQL statement, built with SQLAlchemy Core, that SQLite and PostgreSQL
both run: the day's puzzle read (left out), a free member's puzzles played today and those
waiting counted, the puzzle 'next' gave them and they have not played (of the theme asked)
found, else the nearest unplayed puzzle (above and below the target); on PostgreSQL the round
of a new puzzle is inserted by the same statement (a data-modifying CTE), so the decision and
the serving are one round trip. What the statement decides is a plain result (a status and the
puzzle row), never an error: the caller reads it (``Decision``).

The member's rating row is locked by a statement before this one, not inside it: under READ
COMMITTED a statement reads one snapshot, taken when it starts, so a statement that waited
inside for a member's row held by another 'next' would then decide from rounds as they were
before that 'next' committed, and two at once would serve two puzzles (test_races.py fails so).
The statement that runs after the lock sees what the other committed. On PostgreSQL the two are
sent together in one pipeline of the driver, one round trip; the member's rating is read by the
statement itself (NO_PLAYER when they have no row yet). On SQLite the lock is the database's
write lock, taken as the transaction begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import UTCDateTime, lock_for_writing
from .models import DailyPuzzle, Puzzle, PuzzlePlayer, PuzzleRound, PuzzleTheme

# The windows the nearest puzzle is looked for in, one after the other: each an index range on
# the rating read from the target outwards, above and below, each stopped at its first unplayed
# row. One window: the answer is the nearest within the widest whatever the windows before it (a
# puzzle found in a narrower one is the nearest of the wider too), and PostgreSQL plans the
# statement at every call (the driver's prepared statements go at each ROLLBACK of the
# connection), about 1 ms more a window on a loaded host, where narrower windows first (the
# function had 100, 200, 400, 800) only spared the reading of a member's played puzzles on one
# side when the other had one near: at most the member's own rounds, each an index probe.
WINDOWS = (4000,)

# What the statement decides (``Decision.status``).
NO_PLAYER = "no_player"  # the member has no rating row yet: the caller makes it, asks again
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


def member_target() -> sa.ColumnElement[Any]:
    """The rating asked (``:rating``), else the member's, moved by ``:jitter``: read in the
    statement, after the lock, so that the lock and the statement go together."""
    rating = (
        sa.select(PuzzlePlayer.rating)
        .where(PuzzlePlayer.user_id == sa.bindparam("user_id"))
        .scalar_subquery()
    )
    asked = sa.bindparam("rating", type_=sa.Float())
    return sa.func.coalesce(asked, rating) + sa.bindparam("jitter", type_=sa.Float())


def nearest_id(
    themed: bool, dialect: str, daily_id: Any, target: Any = None
) -> sa.ColumnElement[Any]:
    """The id of the puzzle nearest ``target`` (``:target`` when not given) the member
    ``:user_id`` never played (of ``:theme`` when ``themed``), never ``daily_id``; NULL when
    none is within the widest window.
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
    if target is None:
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

    found = [within(window) for window in WINDOWS]
    return found[0] if len(found) == 1 else sa.func.coalesce(*found)  # SQLite's needs two


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
    rating = sa.select(PuzzlePlayer.rating).where(PuzzlePlayer.user_id == sa.bindparam("user_id"))
    parts = [
        rating.scalar_subquery().label("rating"),
        _daily_id().label("daily_id"),
        given.label("given"),
    ]
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
    refusals: list[tuple[sa.ColumnElement[bool], str]] = [
        (state.c.rating.is_(None), NO_PLAYER),
        (state.c.daily_id.is_(None), NO_DAILY),
    ]
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
        else_=nearest_id(themed, dialect, _daily_id(), member_target()),
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
# The member's rating row locked: one 'next' of a member at a time.
LOCK = "SELECT 1 FROM puzzle_players WHERE user_id = %(user_id)s FOR UPDATE"

# Each made once, its values bound at each call: a member waits for the database, not for the
# statement to be put together. Keyed by (dialect, themed, limited to a free member's day).
_MADE: dict[tuple[str, bool, bool], sa.Select[Any]] = {}
_COMPILED: dict[tuple[bool, bool], Any] = {}
_PUZZLE_KEYS = [column.key for column in Puzzle.__table__.columns]


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
    rating: float | None,
    jitter: float,
    free_per_day: int | None,
    day: date,
    since: datetime,
    until: datetime,
    now: datetime,
) -> Decision:
    """What 'next' gives the member, their rating row locked first: on PostgreSQL the lock and
    the statement sent together (one round trip), on SQLite the write lock taken, the statement
    run and the round of a new puzzle inserted after it. Not committed."""
    bound: dict[str, Any] = {"user_id": user_id, "theme": theme, "rating": rating}
    bound.update(jitter=jitter, day=day, free=free_per_day, since=since, until=until, now=now)
    dialect = session.get_bind().dialect.name
    themed, limited = theme is not None, free_per_day is not None
    if dialect == "postgresql":
        status, puzzle = _locked_and_decided(session, themed, limited, bound)
        return Decision(status, puzzle, status == SEARCHED and puzzle is not None)
    lock_for_writing(session)
    row = session.execute(statement(dialect, themed=themed, limited=limited), bound).one()
    status, puzzle = row[0], row[1]
    served = status == SEARCHED and puzzle is not None
    if served:
        session.execute(SERVE, {"user_id": user_id, "puzzle_id": puzzle.id, "served_at": now})
    return Decision(status, puzzle, served)


def _locked_and_decided(
    session: Session, themed: bool, limited: bool, bound: dict[str, Any]
) -> tuple[str, Puzzle | None]:
    """The lock and the statement in one pipeline of the driver (psycopg): sent together, run one
    after the other, each with a snapshot of its own, so the statement reads what a 'next' that
    held the lock committed. The statement is compiled once; the values are plain (ints, floats,
    strings, an aware datetime, a date), which psycopg adapts as SQLAlchemy would."""
    connection = session.connection()
    key = (themed, limited)
    if key not in _COMPILED:
        made = statement("postgresql", themed=themed, limited=limited)
        _COMPILED[key] = made.compile(dialect=connection.dialect)
    compiled = _COMPILED[key]
    driver = connection.connection.driver_connection
    assert driver is not None
    lock, decision = driver.cursor(), driver.cursor()
    try:
        with driver.pipeline():
            lock.execute(LOCK, {"user_id": bound["user_id"]})
            decision.execute(compiled.string, compiled.construct_params(bound))
        row = decision.fetchone()
    finally:
        lock.close()
        decision.close()
    assert row is not None
    puzzle = Puzzle(**dict(zip(_PUZZLE_KEYS, row[1:], strict=True))) if row[1] else None
    return row[0], puzzle
