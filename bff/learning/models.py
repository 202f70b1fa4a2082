"""The learning-progress table: how far each member got in each program subchapter."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..accounts.models import UTCDateTime
from ..platform.database import Base


class SubchapterProgress(Base):
    """One member's progress (0-100) in one subchapter: chapter id + 1-based position."""

    __tablename__ = "subchapter_progress"
    __table_args__ = (
        sa.UniqueConstraint(
            "user_id", "chapter_id", "position", name="uq_subchapter_progress_user_subchapter"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    chapter_id: Mapped[int] = mapped_column(sa.Integer)
    position: Mapped[int] = mapped_column(sa.Integer)
    progress: Mapped[int] = mapped_column(sa.Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
