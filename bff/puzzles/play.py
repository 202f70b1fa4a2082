"""A member's attempt at a puzzle: checked against the solution on the server, recorded once
(the client's attempt id makes a retry harmless), rated the first time the member plays that
puzzle (Glicko-2, the member against the puzzle and the puzzle against the member, as on
Lichess), counted in their streak, and a failure entered in their review."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review, rules
from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from . import glicko, selection
from .models import Puzzle, PuzzlePlayer, PuzzleRound
from .players import player, streak_of


@dataclass(frozen=True)
class Attempt:
    attempt_id: str
    moves: list[str]  # the solver's moves and the replies, after the opponent's first move
    solved: bool  # what the client saw: false when the member failed or gave up
    seconds: int


def source_of(
    session: Session, user_id: int | None, puzzle_id: str, *, is_pro: bool, now: datetime
) -> str | None:
    """Why the viewer may open a puzzle 'next' did not give them (None: they may not): it is
    the day's, it is due in their review, they played it before, or they are Pro."""
    if selection.daily(session, now.date()).id == puzzle_id:
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
    puzzle = selection.get(session, puzzle_id)
    given = user_id is not None and selection.given(session, user_id, puzzle_id)
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
        session, lambda: _recorded(session, user_id, puzzle_id, tried, is_pro=is_pro, now=now)
    )


def _recorded(
    session: Session, user_id: int, puzzle_id: str, tried: Attempt, *, is_pro: bool, now: datetime
) -> dict[str, Any]:
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
        return outcome(session, earlier, member, selection.get(session, puzzle_id), now)
    puzzle = selection.get(session, puzzle_id)
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
    # A free member's day is five puzzles played, however many they were given.
    spending = rated and not is_pro and round_ is not None and round_.source == "next"
    if spending and selection.played_today(session, user_id, now) >= selection.FREE_PER_DAY:
        raise selection.allowance_spent(now)
    if round_ is None:
        source = source_of(session, user_id, puzzle_id, is_pro=is_pro, now=now)
        if source is None:
            raise ApiError(403, "puzzle_not_served")
        round_ = PuzzleRound(user_id=user_id, puzzle_id=puzzle_id, source=source, served_at=now)
        session.add(round_)
    round_.attempt_id, round_.played_at, round_.solved = tried.attempt_id, now, solved
    round_.moves, round_.seconds = " ".join(tried.moves)[:400], tried.seconds
    round_.rated, round_.rating_before = rated, member.rating
    if rated:
        _rate(member, puzzle, solved)
    round_.rating_after = member.rating
    if solved:
        _count_streak(member, now)
    member.updated_at = now
    # The puzzle's new rating reaches its theme rows as it is written (migration 0011's trigger).
    review.record(session, user_id, review.PUZZLE, puzzle_id, solved=solved, now=now)
    return outcome(session, round_, member, puzzle, now)


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
        "review_due_today": review.due_count(session, member.user_id, selection.tomorrow(now)),
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


def _count_streak(member: PuzzlePlayer, now: datetime) -> None:
    today = now.date()
    if member.last_solved_on == today:
        return
    continued = member.last_solved_on == today - timedelta(days=1)
    member.streak = member.streak + 1 if continued else 1
    member.best_streak = max(member.best_streak, member.streak)
    member.last_solved_on = today


def played_on(
    session: Session, user_id: int, puzzle_id: str, now: datetime
) -> tuple[bool, bool | None]:
    """Whether the member played the puzzle today (UTC), and if so whether they solved it (once
    solved today, it stays solved)."""
    results = session.scalars(
        sa.select(PuzzleRound.solved).where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.puzzle_id == puzzle_id,
            PuzzleRound.played_at >= selection.start_of_day(now),
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
