"""The learning tables: where each member stopped in each item, and their exercises."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..platform.database import Base, UTCDateTime


class WatchPosition(Base):
    """One member's place in one item (a lesson chapter, a masterclass episode, a program
    subchapter or a video), named as the gateway names it: type + id ('program_subchapter',
    '12:3'). ``progress`` is the furthest percent ever watched (it never goes back, unlike
    ``position``); ``completed`` once set stays set; ``position`` and ``duration`` are
    those of the report taken last (``reported_at``), whatever order reports arrive in."""

    __tablename__ = "watch_positions"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "item_type", "item_id", name="uq_watch_positions_user_item"),
        # The continue-learning row: a member's items, most recent first.
        sa.Index("ix_watch_positions_user_updated", "user_id", "updated_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    item_type: Mapped[str] = mapped_column(sa.String(32))
    item_id: Mapped[str] = mapped_column(sa.String(32))
    position: Mapped[float] = mapped_column(sa.Float, default=0.0)
    duration: Mapped[float] = mapped_column(sa.Float, default=0.0)
    progress: Mapped[int] = mapped_column(sa.Integer, default=0)
    completed: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # When the kept position was taken, as its device said (its arrival when it did not): an
    # older report never replaces it (positions.record).
    reported_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class ExerciseAttempt(Base):
    """One member's record in one exercise of the content, named as the gateway names it
    ('lesson_chapter:12:3:e1'). ``solved`` once set stays set; ``failed`` says a recorded
    attempt went wrong (for review); ``hints`` is the most hints shown in one attempt.
    ``last_attempt_id`` is the client's id of the last attempt recorded: the same attempt sent
    again (a retry, a device's offline queue) changes nothing."""

    __tablename__ = "exercise_attempts"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "exercise_id", name="uq_exercise_attempts_user_exercise"),
        # Continue learning: a member's most recent exercises.
        sa.Index("ix_exercise_attempts_user_updated", "user_id", "updated_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    exercise_id: Mapped[str] = mapped_column(sa.String(96))
    solved: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    failed: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    hints: Mapped[int] = mapped_column(sa.Integer, default=0)
    last_attempt_id: Mapped[str | None] = mapped_column(sa.String(64))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
