"""What learning keeps about a member, for Download my data and Delete my account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from marshmallow import fields as F
from sqlalchemy.orm import Session

from ..access.clock import iso
from .models import ExerciseAttempt, WatchPosition
from .schemas import ExportedExercise, ExportedProgress


class ProgressData:
    # The parts of Download my data it answers, as the API document shows them.
    export_fields = {
        "progress": F.List(F.Nested(ExportedProgress), required=True),
        "exercises": F.List(F.Nested(ExportedExercise), required=True),
    }

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        rows = session.scalars(
            sa.select(WatchPosition)
            .where(WatchPosition.user_id == user_id)
            .order_by(WatchPosition.item_type, WatchPosition.item_id)
        ).all()
        return {
            "progress": [
                {
                    "type": row.item_type,
                    "id": row.item_id,
                    "position": row.position,
                    "duration": row.duration,
                    "progress": row.progress,
                    "completed": row.completed,
                    "updated_at": iso(row.updated_at),
                }
                for row in rows
            ],
            "exercises": [
                {
                    "id": attempt.exercise_id,
                    "solved": attempt.solved,
                    "failed": attempt.failed,
                    "hints": attempt.hints,
                    "updated_at": iso(attempt.updated_at),
                }
                for attempt in session.scalars(
                    sa.select(ExerciseAttempt)
                    .where(ExerciseAttempt.user_id == user_id)
                    .order_by(ExerciseAttempt.exercise_id)
                )
            ],
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Progress keeps no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        session.execute(sa.delete(WatchPosition).where(WatchPosition.user_id == user_id))
        session.execute(sa.delete(ExerciseAttempt).where(ExerciseAttempt.user_id == user_id))
        session.flush()


PROGRESS_DATA = ProgressData()
