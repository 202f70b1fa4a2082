"""Puzzles read by what names them: one by its id, whether a member was given one, and the day's
puzzle (chosen by the first to ask for it, read after)."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from .models import DailyPuzzle, Puzzle, PuzzleRound

# The day's puzzle: one of the most popular near a new member's rating, not one of the last
# year's (further from that rating, or one of the year's again, only when there is no other).
DAILY_RATINGS = (1300, 1700)
DAILY_CANDIDATES = 500
DAILY_NOT_AGAIN_FOR = timedelta(days=365)


def get(session: Session, puzzle_id: str) -> Puzzle:
    puzzle = session.get(Puzzle, puzzle_id)
    if puzzle is None:
        raise ApiError(404, "not_found", "We couldn't find that puzzle.")
    return puzzle


def given(session: Session, user_id: int, puzzle_id: str) -> bool:
    """Whether the member has a round of the puzzle, played or not."""
    found = session.scalar(
        sa.select(PuzzleRound.id)
        .where(PuzzleRound.user_id == user_id, PuzzleRound.puzzle_id == puzzle_id)
        .limit(1)
    )
    return found is not None


def daily(session: Session, day: date) -> Puzzle:
    """The day's puzzle, chosen by the first to ask for it (the same for everyone after; the
    choice is flushed in a savepoint, the caller commits)."""
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
