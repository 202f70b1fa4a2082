"""What learning keeps about a member (their progress), for "Download my data" and "Delete my
account" (bff.accounts.erasure; create_app hands it down)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.clock import iso
from .models import SubchapterProgress


class ProgressData:
    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        rows = session.scalars(
            sa.select(SubchapterProgress)
            .where(SubchapterProgress.user_id == user_id)
            .order_by(SubchapterProgress.chapter_id, SubchapterProgress.position)
        ).all()
        return {
            "progress": [
                {
                    "chapter_id": row.chapter_id,
                    "position": row.position,
                    "progress": row.progress,
                    "updated_at": iso(row.updated_at),
                }
                for row in rows
            ]
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Progress keeps no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        session.execute(sa.delete(SubchapterProgress).where(SubchapterProgress.user_id == user_id))
        session.flush()


PROGRESS_DATA = ProgressData()
