"""A member as a puzzle player: their rating row and their streak."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import lock_for_writing
from .models import PuzzlePlayer

_PLAYER = sa.select(PuzzlePlayer).where(PuzzlePlayer.user_id == sa.bindparam("user_id"))
# Made once, bound at each call (a member's every 'next' and attempt reads the row locked).
READ = {False: _PLAYER, True: _PLAYER.with_for_update()}


def player(session: Session, user_id: int, *, lock: bool = False) -> PuzzlePlayer:
    """The member's puzzle rating row, made at 1500 the first time (locked for the rest of the
    transaction when ``lock``: one 'next' or attempt of a member at a time; on SQLite, which
    has no row lock, the whole database's write lock is taken instead, so ``lock`` must come
    first in its transaction). Made once however many requests ask at the same time."""
    if lock:
        lock_for_writing(session)
    bound = {"user_id": user_id}
    found = session.scalar(READ[lock], bound)
    if found is None:
        # A page asks for the standing and the next puzzle at once: the first calls of a new
        # member both make the row, and the one that loses reads the winner's.
        try:
            with session.begin_nested():
                session.add(
                    PuzzlePlayer(
                        user_id=user_id,
                        rating=1500.0,
                        deviation=350.0,
                        volatility=0.06,
                        rated_plays=0,
                        streak=0,
                        best_streak=0,
                    )
                )
        except sa.exc.IntegrityError:
            pass
        found = session.scalar(READ[lock], bound)
        assert found is not None
    return found


def streak_of(member: PuzzlePlayer, now: datetime) -> dict[str, Any]:
    """Days in a row with a solved puzzle, up to today (or yesterday, today not over yet)."""
    today = now.date()
    alive = member.last_solved_on is not None and member.last_solved_on >= today - timedelta(1)
    return {
        "current": member.streak if alive else 0,
        "best": member.best_streak,
        "solved_today": member.last_solved_on == today,
    }
