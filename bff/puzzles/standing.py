"""A member's puzzle standing: rating history, streak, themes, recent puzzles, review, allowance."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review
from ..access.clock import iso
from . import days, selection
from .models import PuzzleRound, PuzzleTheme
from .players import player, streak_of

HISTORY = 30
RATING_POINTS = 100
PROVISIONAL_DEVIATION = 110  # above it a rating is still settling, as on Lichess ('?')


def standing(session: Session, user_id: int, *, is_pro: bool, now: datetime) -> dict[str, Any]:
    member = player(session, user_id)
    played = sa.and_(PuzzleRound.user_id == user_id, PuzzleRound.played_at.is_not(None))
    history = session.scalars(
        sa.select(PuzzleRound)
        .where(played)
        .order_by(PuzzleRound.played_at.desc(), PuzzleRound.id.desc())
        .limit(HISTORY)
    ).all()
    points = session.execute(
        sa.select(PuzzleRound.played_at, PuzzleRound.rating_after)
        .where(played, PuzzleRound.rated.is_(True))
        .order_by(PuzzleRound.played_at.desc(), PuzzleRound.id.desc())
        .limit(RATING_POINTS)
    ).all()
    by_theme = session.execute(
        sa.select(
            PuzzleTheme.theme,
            sa.func.count(),
            sa.func.sum(sa.case((PuzzleRound.solved.is_(True), 1), else_=0)),
        )
        .select_from(PuzzleRound)
        .join(PuzzleTheme, PuzzleTheme.puzzle_id == PuzzleRound.puzzle_id)
        .where(played, PuzzleRound.rated.is_(True))
        .group_by(PuzzleTheme.theme)
    ).all()
    due = review.due(session, user_id, now)
    played_today = selection.played_today(session, user_id, now)
    answer = {
        "rating": round(member.rating),
        "deviation": round(member.deviation),
        "provisional": member.deviation > PROVISIONAL_DEVIATION,
        "rated_plays": member.rated_plays,
        "rating_history": [
            {"at": iso(at), "rating": round(rating or 0)} for at, rating in reversed(points)
        ],
        "streak": streak_of(member, now),
        "themes": sorted(
            (
                {
                    "theme": theme,
                    "played": count,
                    "solved": int(solved or 0),
                    "success_rate": round(int(solved or 0) / count, 2),
                }
                for theme, count, solved in by_theme
            ),
            key=lambda entry: (-entry["played"], entry["theme"]),
        ),
        "history": [
            {
                "puzzle_id": row.puzzle_id,
                "played_at": iso(row.played_at),
                "solved": bool(row.solved),
                "rated": row.rated,
                "rating_change": round(row.rating_after or 0) - round(row.rating_before or 0),
            }
            for row in history
        ],
        "review": {
            "due_now": len(due),
            "due_today": review.due_count(session, user_id, days.tomorrow(now)),
            "items": [
                {"kind": item.kind, "id": item.item_id, "due": iso(item.due)} for item in due
            ],
        },
        "allowance": {
            "per_day": None if is_pro else selection.FREE_PER_DAY,
            "left": None if is_pro else max(0, selection.FREE_PER_DAY - played_today),
            "resets_at": iso(days.tomorrow(now)),
        },
    }
    session.commit()  # the rating row made for a new member
    return answer
