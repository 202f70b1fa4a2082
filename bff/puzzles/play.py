"""A member's attempt at a puzzle: checked against the solution on the server, recorded once
(the client's attempt id makes a retry harmless), rated the first time the member plays that
puzzle (Glicko-2, the member against the puzzle and the puzzle against the member, as on
Lichess), counted in their streak, and a failure entered in their review.

An attempt may say when it was played (``played_at``: an app playing offline sends it later):
it then counts as if sent at that time (its day, the day's puzzle of that day, the free
allowance of that day, the streak), within limits: not in the future (a minute of a device's
clock running fast is forgiven), not older than a week. The day's puzzle a member had on a day
(opened, or in an offline pack) counts for that day when played by the end of the next."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review, rules
from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from . import glicko, lookup, selection
from .days import start_of_day, tomorrow
from .models import Puzzle, PuzzlePlayer, PuzzleRound
from .players import player, streak_of


@dataclass(frozen=True)
class Attempt:
    attempt_id: str
    moves: list[str]  # the solver's moves and the replies, after the opponent's first move
    solved: bool  # what the client saw: false when the member failed or gave up
    seconds: int
    played_at: datetime | None = None  # None: now, as it arrives


# How far from the server's clock a played_at may be.
CLOCK_SKEW = timedelta(minutes=1)
PLAYED_WITHIN = timedelta(days=7)
# The day's puzzle a member had counts for its day when played by the end of the next day.
DAILY_GRACE = timedelta(days=1)


def played_time(played_at: datetime | None, now: datetime) -> datetime:
    """When an attempt counts as played: ``played_at`` (a minute ahead of the server is now),
    or now; 400 puzzle_attempt_in_future or puzzle_attempt_too_old outside the limits."""
    if played_at is None:
        return now
    try:
        played_at = played_at.astimezone(UTC)
    except OverflowError:  # the first or the last day there is, in another zone
        played_at = datetime.min.replace(tzinfo=UTC) if played_at.year == 1 else now + PLAYED_WITHIN
    if played_at > now + CLOCK_SKEW:
        raise ApiError(
            400, "puzzle_attempt_in_future", fields={"played_at": "This time is in the future."}
        )
    if played_at < now - PLAYED_WITHIN:
        raise ApiError(
            400,
            "puzzle_attempt_too_old",
            fields={"played_at": f"Attempts are taken up to {PLAYED_WITHIN.days} days later."},
        )
    return min(played_at, now)


def source_of(
    session: Session, user_id: int | None, puzzle_id: str, *, is_pro: bool, now: datetime
) -> str | None:
    """Why the viewer may open a puzzle 'next' did not give them (None: they may not): it is
    the day's, it is due in their review, they played it before, or they are Pro."""
    if lookup.daily(session, now.date()).id == puzzle_id:
        return "daily"
    if user_id is None:
        return None
    if review.is_due(session, user_id, review.PUZZLE, puzzle_id, now):
        return "review"
    if _played(session, user_id, puzzle_id):
        return "replay"
    return "opened" if is_pro else None


def openable(
    session: Session, user_id: int | None, puzzle_id: str, *, is_pro: bool, now: datetime
) -> Puzzle:
    """A puzzle the viewer may open: one 'next' gave them, or one ``source_of`` allows; 403
    puzzle_not_served otherwise."""
    puzzle = lookup.get(session, puzzle_id)
    given = user_id is not None and lookup.given(session, user_id, puzzle_id)
    if not given and source_of(session, user_id, puzzle_id, is_pro=is_pro, now=now) is None:
        raise ApiError(403, "puzzle_not_served")
    return puzzle


def attempt(
    session: Session, user_id: int, puzzle_id: str, tried: Attempt, *, is_pro: bool, now: datetime
) -> dict[str, Any]:
    """Record an attempt and answer its outcome (the same answer for a retried attempt id),
    committed. The member's attempts go one at a time (their rating row locked; SQLite's write
    lock), so a copy sent while the first is recorded reads the first's round and answers the
    same; should one still lose the insert of its round, it runs again and reads the winner's."""
    return commit_retrying_conflicts(
        session, lambda: recorded(session, user_id, puzzle_id, tried, is_pro=is_pro, now=now)[0]
    )


def recorded(
    session: Session, user_id: int, puzzle_id: str, tried: Attempt, *, is_pro: bool, now: datetime
) -> tuple[dict[str, Any], bool]:
    """Record one attempt, not committed: its outcome, and whether its attempt id was recorded
    before (then nothing changes and the outcome is answered again)."""
    member = player(session, user_id, lock=True)  # one attempt of a member at a time
    # The member's rounds of this puzzle and the one of this attempt id (a retry), at once.
    rounds = session.scalars(
        sa.select(PuzzleRound).where(
            PuzzleRound.user_id == user_id,
            sa.or_(PuzzleRound.puzzle_id == puzzle_id, PuzzleRound.attempt_id == tried.attempt_id),
        )
    ).all()
    earlier = next((each for each in rounds if each.attempt_id == tried.attempt_id), None)
    if earlier is not None:
        if earlier.puzzle_id != puzzle_id:
            raise ApiError(409, "puzzle_attempt_conflict")
        return outcome(session, earlier, member, lookup.get(session, puzzle_id), now), True
    # Checked after a retry is answered: an attempt recorded once answers the same later.
    at = played_time(tried.played_at, now)
    puzzle = lookup.get(session, puzzle_id)
    line = puzzle.moves.split()
    start = rules.after(puzzle.fen, line[:1])
    try:
        solved = tried.solved and rules.judge(start, line[1:], tried.moves).solved
    except rules.NotPlayable as problem:
        raise ApiError(400, "validation_failed", fields={"moves": str(problem)}) from None
    rated = not any(each.played_at is not None for each in rounds)
    round_ = min(
        (each for each in rounds if each.played_at is None), key=lambda each: each.id, default=None
    )
    # A free member's day is five puzzles played, however many they were given; a puzzle of an
    # offline pack was within it when given (held), whatever the allowance is now.
    spending = (
        rated and not is_pro and round_ is not None and round_.source == "next" and not round_.held
    )
    if spending and selection.played_today(session, user_id, at) >= selection.FREE_PER_DAY:
        raise selection.allowance_spent(at)
    if round_ is None:
        source = source_of(session, user_id, puzzle_id, is_pro=is_pro, now=at)
        if source is None:
            raise ApiError(403, "puzzle_not_served")
        round_ = PuzzleRound(user_id=user_id, puzzle_id=puzzle_id, source=source, served_at=at)
        session.add(round_)
    round_.attempt_id, round_.played_at, round_.solved = tried.attempt_id, at, solved
    round_.moves, round_.seconds = " ".join(tried.moves)[:400], tried.seconds
    round_.rated, round_.rating_before = rated, member.rating
    if rated:
        _rate(member, puzzle, solved)
    round_.rating_after = member.rating
    if solved:
        _count_streak(session, member, day_of(round_))
    member.updated_at = now
    # The puzzle's new rating reaches its theme rows as it is written (migration 0011's trigger).
    review.record(session, user_id, review.PUZZLE, puzzle_id, solved=solved, now=at)
    return outcome(session, round_, member, puzzle, now), False


def outcome(
    session: Session, round_: PuzzleRound, member: PuzzlePlayer, puzzle: Puzzle, now: datetime
) -> dict[str, Any]:
    before = round(round_.rating_before or member.rating)
    after = round(round_.rating_after or member.rating)
    return {
        "attempt_id": round_.attempt_id,
        "puzzle_id": round_.puzzle_id,
        "solved": bool(round_.solved),
        "rated": round_.rated,
        "rating": {"before": before, "after": after, "change": after - before},
        "puzzle_rating": round(puzzle.rating),
        "streak": streak_of(member, now),
        "review_due_today": review.due_count(session, member.user_id, tomorrow(now)),
    }


def _rate(member: PuzzlePlayer, puzzle: Puzzle, solved: bool) -> None:
    mine = glicko.Rating(member.rating, member.deviation, member.volatility)
    its = glicko.Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
    score = 1.0 if solved else 0.0
    new_mine = glicko.updated(mine, [(its, score)])
    new_its = glicko.updated(its, [(mine, 1.0 - score)])
    member.rating, member.deviation, member.volatility = (
        new_mine.rating,
        new_mine.deviation,
        new_mine.volatility,
    )
    member.rated_plays += 1
    puzzle.rating, puzzle.deviation, puzzle.volatility = (
        new_its.rating,
        new_its.deviation,
        new_its.volatility,
    )
    puzzle.plays += 1


def day_of(round_: PuzzleRound) -> date:
    """The UTC day a played round counts for: the day it was played, but the day's puzzle a
    member had (a round served that day) counts for its day when played by the end of the next."""
    assert round_.played_at is not None
    played = round_.played_at.date()
    if round_.source == "daily":
        had = round_.served_at.date()
        if had <= played <= had + DAILY_GRACE:
            return had
    return played


def _count_streak(session: Session, member: PuzzlePlayer, day: date) -> None:
    last = member.last_solved_on
    if last is None or day > last:
        continued = last == day - timedelta(days=1)
        member.streak = member.streak + 1 if continued else 1
        member.best_streak = max(member.best_streak, member.streak)
        member.last_solved_on = day
        return
    if day == last:
        return
    # A day before the last one solved arrives late (played offline, sent afterwards): the runs
    # are counted again from the days solved around it. The run that ends the day before it is
    # at most best_streak long, so the days from there on are enough.
    since = day - timedelta(days=member.best_streak + 2)
    days = _solved_days(session, member.user_id, since) | {day}
    member.streak = _run(days, last, -1)
    through = _run(days, day, -1) + _run(days, day, +1) - 1
    member.best_streak = max(member.best_streak, member.streak, through)


def _solved_days(session: Session, user_id: int, since: date) -> set[date]:
    rounds = session.scalars(
        sa.select(PuzzleRound).where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.solved.is_(True),
            PuzzleRound.played_at >= datetime.combine(since, datetime.min.time(), tzinfo=UTC),
        )
    ).all()
    return {day_of(each) for each in rounds}


def _run(days: set[date], start: date, step: int) -> int:
    """How many days in a row from ``start`` (going back with -1, on with +1) are in ``days``."""
    count = 0
    while start + timedelta(days=step * count) in days:
        count += 1
    return count


def had_daily(session: Session, user_id: int, puzzle_id: str, now: datetime) -> None:
    """Note that the member had the day's puzzle today (opened it, or took it in an offline
    pack): a round served now, unless one not played yet is there. Flushed; the caller commits."""
    if _unplayed(session, user_id, puzzle_id):
        return
    player(session, user_id, lock=True)  # one round however many ask at once
    if _unplayed(session, user_id, puzzle_id):
        return
    session.add(PuzzleRound(user_id=user_id, puzzle_id=puzzle_id, source="daily", served_at=now))
    session.flush()


def the_daily(
    session: Session, user_id: int | None, now: datetime
) -> tuple[Puzzle, bool, bool | None]:
    """The day's puzzle, whether the member played it today and solved it, committed; a member
    has had it today from now on (its attempt counts for today even sent after midnight)."""
    puzzle = lookup.daily(session, now.date())
    played, solved = False, None
    if user_id is not None:
        played, solved = played_on(session, user_id, puzzle.id, now)
        if not played:
            had_daily(session, user_id, puzzle.id, now)
    session.commit()
    return puzzle, played, solved


def _unplayed(session: Session, user_id: int, puzzle_id: str) -> bool:
    found = session.scalar(
        sa.select(PuzzleRound.id)
        .where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.puzzle_id == puzzle_id,
            PuzzleRound.played_at.is_(None),
        )
        .limit(1)
    )
    return found is not None


def played_on(
    session: Session, user_id: int, puzzle_id: str, now: datetime
) -> tuple[bool, bool | None]:
    """Whether the member played the puzzle today (UTC), and if so whether they solved it (once
    solved today, it stays solved)."""
    results = session.scalars(
        sa.select(PuzzleRound.solved).where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.puzzle_id == puzzle_id,
            PuzzleRound.played_at >= start_of_day(now),
        )
    ).all()
    if not results:
        return False, None
    return True, any(results)


def _played(session: Session, user_id: int, puzzle_id: str) -> bool:
    return (
        session.scalar(
            sa.select(PuzzleRound.id)
            .where(
                PuzzleRound.user_id == user_id,
                PuzzleRound.puzzle_id == puzzle_id,
                PuzzleRound.played_at.is_not(None),
            )
            .limit(1)
        )
        is not None
    )
