"""What puzzles keep about a member, for Download my data and Delete my account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from marshmallow import fields as F
from sqlalchemy.orm import Session

from ..access.clock import iso
from .models import PuzzlePlayer, PuzzleRound
from .run_models import PuzzleRun
from .run_schemas import ExportedRun
from .schemas import ExportedPuzzles


class PuzzleData:
    # The part of Download my data it answers, as the API document shows it.
    export_fields = {
        "puzzles": F.Nested(ExportedPuzzles, required=True),
        "puzzle_runs": F.List(F.Nested(ExportedRun), required=True),
    }

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        member = session.get(PuzzlePlayer, user_id)
        rounds = session.scalars(
            sa.select(PuzzleRound).where(PuzzleRound.user_id == user_id).order_by(PuzzleRound.id)
        ).all()
        runs = session.scalars(
            sa.select(PuzzleRun).where(PuzzleRun.user_id == user_id).order_by(PuzzleRun.started_at)
        ).all()
        return {
            "puzzle_runs": [
                {
                    "mode": run.mode,
                    "started_at": iso(run.started_at),
                    "ended_at": iso(run.ended_at),
                    "score": run.score,
                    "mistakes": run.mistakes,
                }
                for run in runs
            ],
            "puzzles": {
                "rating": round(member.rating) if member else None,
                "rated_plays": member.rated_plays if member else 0,
                "best_streak": member.best_streak if member else 0,
                "rounds": [
                    {
                        "puzzle_id": row.puzzle_id,
                        "source": row.source,
                        "served_at": iso(row.served_at),
                        "played_at": iso(row.played_at),
                        "solved": row.solved,
                        "rated": row.rated,
                        "seconds": row.seconds,
                        "rating_after": round(row.rating_after) if row.rating_after else None,
                    }
                    for row in rounds
                ],
            },
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Puzzles keep no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        # The runs' puzzles go with their runs (ON DELETE CASCADE).
        session.execute(sa.delete(PuzzleRun).where(PuzzleRun.user_id == user_id))
        session.execute(sa.delete(PuzzleRound).where(PuzzleRound.user_id == user_id))
        session.execute(sa.delete(PuzzlePlayer).where(PuzzlePlayer.user_id == user_id))
        session.flush()


PUZZLE_DATA = PuzzleData()
