"""What a member may choose for their boards, the defaults, and reading and changing a choice."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from .models import BoardPreferences

# The client draws each of these (client/src/components/board/board-themes.ts); the first is
# the default: the site's own violets and its own pieces.
BOARD_THEMES = ("violet", "brown", "blue", "green")
PIECE_SETS = ("classic", "flat")


def answer(session: Session, user_id: int) -> dict[str, Any]:
    row = session.get(BoardPreferences, user_id)
    if row is None:
        return {"board_theme": BOARD_THEMES[0], "piece_set": PIECE_SETS[0], "sounds": None}
    return {"board_theme": row.board_theme, "piece_set": row.piece_set, "sounds": row.sounds}


def update(session: Session, user_id: int, changes: dict[str, Any], *, now: datetime) -> None:
    """Change the preferences given (the others keep their values). Committed."""

    def write() -> None:
        row = session.get(BoardPreferences, user_id)
        if row is None:
            row = BoardPreferences(
                user_id=user_id, board_theme=BOARD_THEMES[0], piece_set=PIECE_SETS[0], sounds=None
            )
            session.add(row)
        for name, value in changes.items():
            setattr(row, name, value)
        row.updated_at = now
        session.flush()

    commit_retrying_conflicts(session, write)
