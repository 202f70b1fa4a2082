"""The tables of puzzle runs: a member's timed or streak run and the puzzles served in it."""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..platform.database import Base, UTCDateTime
from .models import PUZZLE_ID


class PuzzleRun(Base):
    """One run: its clock (``ends_at`` for a timed run, moved on by each solved puzzle), its
    score and mistakes so far, and when it ended (None while it goes on)."""

    __tablename__ = "puzzle_runs"
    __table_args__ = (sa.Index("ix_puzzle_runs_user_day", "user_id", "day"),)

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    mode: Mapped[str] = mapped_column(sa.String(16))  # timed | streak
    day: Mapped[date] = mapped_column(sa.Date)  # the UTC day it started: a free member's one
    started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    score: Mapped[int] = mapped_column(sa.Integer, default=0)
    mistakes: Mapped[int] = mapped_column(sa.Integer, default=0)


class PuzzleRunPuzzle(Base):
    """A puzzle served in a run at its place (0, 1, ...), and once answered, its answer: the
    client's ``answer_id`` makes a retried answer harmless."""

    __tablename__ = "puzzle_run_puzzles"
    __table_args__ = (
        sa.UniqueConstraint("run_id", "answer_id", name="uq_puzzle_run_puzzles_run_answer"),
        sa.Index("ix_puzzle_run_puzzles_puzzle", "puzzle_id"),
    )

    run_id: Mapped[str] = mapped_column(
        sa.String(32), sa.ForeignKey("puzzle_runs.id", ondelete="CASCADE"), primary_key=True
    )
    place: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(
        PUZZLE_ID, sa.ForeignKey("puzzles.id", ondelete="CASCADE")
    )
    answer_id: Mapped[str | None] = mapped_column(sa.String(64))
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    solved: Mapped[bool | None] = mapped_column(sa.Boolean)
    moves: Mapped[str | None] = mapped_column(sa.String(400))
