"""Attempts played offline, sent together: each recorded as a single attempt is, in the order
they were played, each with its own answer (a refused one leaves the others be)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from . import play
from .players import player, streak_of

MAX_ATTEMPTS = 100


@dataclass(frozen=True)
class Played:
    puzzle_id: str
    attempt: play.Attempt  # its played_at is required here


def record(
    session: Session, user_id: int, batch: list[Played], *, is_pro: bool, now: datetime
) -> dict[str, Any]:
    """Record the batch, committed as one: each attempt's answer (in the order sent), and the
    member's rating and streak after them all."""
    return commit_retrying_conflicts(
        session, lambda: _recorded(session, user_id, batch, is_pro=is_pro, now=now)
    )


def _recorded(
    session: Session, user_id: int, batch: list[Played], *, is_pro: bool, now: datetime
) -> dict[str, Any]:
    member = player(session, user_id, lock=True)  # the member's attempts one at a time
    results: list[dict[str, Any]] = [{} for _ in batch]
    # As played: the ratings move and the streak counts in that order, as they would have online.
    order = sorted(range(len(batch)), key=lambda index: (batch[index].attempt.played_at, index))
    for index in order:
        item = batch[index]
        answer: dict[str, Any] = {
            "attempt_id": item.attempt.attempt_id,
            "puzzle_id": item.puzzle_id,
            "outcome": None,
            "error": None,
        }
        try:
            # A savepoint each: a refused attempt leaves nothing, the others stand.
            with session.begin_nested():
                found, replayed = play.recorded(
                    session, user_id, item.puzzle_id, item.attempt, is_pro=is_pro, now=now
                )
            answer.update(result="replay" if replayed else "applied", outcome=found)
        except ApiError as refused:
            error = {"status": refused.status, "code": refused.code, "message": refused.message}
            answer.update(result="refused", error=error)
        results[index] = answer
    session.refresh(member)
    return {"attempts": results, "rating": round(member.rating), "streak": streak_of(member, now)}
