"""The puzzle tables: puzzles and themes, members' ratings and rounds, the daily puzzle, imports."""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..platform.database import Base, UTCDateTime

PUZZLE_ID = sa.String(16)


class Puzzle(Base):
    """One puzzle: ``fen`` is the position before the opponent's move, ``moves`` the line in UCI
    (space-separated: the opponent's move, then the solver's, the reply...). ``rating`` and
    ``deviation`` move with every rated attempt (Glicko-2, like a member's)."""

    __tablename__ = "puzzles"
    __table_args__ = (sa.Index("ix_puzzles_rating", "rating"),)

    id: Mapped[str] = mapped_column(PUZZLE_ID, primary_key=True)
    fen: Mapped[str] = mapped_column(sa.String(100))
    moves: Mapped[str] = mapped_column(sa.String(400))
    rating: Mapped[float] = mapped_column(sa.Float)
    deviation: Mapped[float] = mapped_column(sa.Float)
    volatility: Mapped[float] = mapped_column(sa.Float, default=0.06)
    popularity: Mapped[int] = mapped_column(sa.Integer, default=0)
    plays: Mapped[int] = mapped_column(sa.Integer, default=0)
    themes: Mapped[str] = mapped_column(sa.String(400), default="")
    game_url: Mapped[str] = mapped_column(sa.String(200), default="")
    opening_tags: Mapped[str] = mapped_column(sa.String(200), default="")


class PuzzleTheme(Base):
    """A puzzle under one of its themes, with its rating beside it, so that the next puzzle of
    a theme near a rating is one index range away."""

    __tablename__ = "puzzle_themes"
    __table_args__ = (
        sa.Index("ix_puzzle_themes_theme_rating", "theme", "rating"),
        # A rated attempt moves the puzzle's rating in each of its theme rows.
        sa.Index("ix_puzzle_themes_puzzle", "puzzle_id"),
    )

    theme: Mapped[str] = mapped_column(sa.String(40), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(
        PUZZLE_ID, sa.ForeignKey("puzzles.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(sa.Float)


class PuzzlePlayer(Base):
    """A member's puzzle rating (Glicko-2) and streak of days with a solved puzzle."""

    __tablename__ = "puzzle_players"

    user_id: Mapped[int] = mapped_column(
        sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(sa.Float, default=1500.0)
    deviation: Mapped[float] = mapped_column(sa.Float, default=350.0)
    volatility: Mapped[float] = mapped_column(sa.Float, default=0.06)
    rated_plays: Mapped[int] = mapped_column(sa.Integer, default=0)
    streak: Mapped[int] = mapped_column(sa.Integer, default=0)
    best_streak: Mapped[int] = mapped_column(sa.Integer, default=0)
    last_solved_on: Mapped[date | None] = mapped_column(sa.Date)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class PuzzleRound(Base):
    """A puzzle put before a member, then played: served (by 'next', as the day's puzzle, for
    review, or opened by a Pro member), and once an attempt arrives, its result. The client's
    ``attempt_id`` makes a retried attempt harmless."""

    __tablename__ = "puzzle_rounds"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "attempt_id", name="uq_puzzle_rounds_user_attempt"),
        sa.Index("ix_puzzle_rounds_user_puzzle", "user_id", "puzzle_id"),
        sa.Index("ix_puzzle_rounds_user_served", "user_id", "served_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(
        PUZZLE_ID, sa.ForeignKey("puzzles.id", ondelete="CASCADE")
    )
    source: Mapped[str] = mapped_column(sa.String(16))  # next | daily | review | opened
    served_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    attempt_id: Mapped[str | None] = mapped_column(sa.String(64))
    played_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    solved: Mapped[bool | None] = mapped_column(sa.Boolean)
    moves: Mapped[str | None] = mapped_column(sa.String(400))
    seconds: Mapped[int | None] = mapped_column(sa.Integer)
    rated: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    rating_before: Mapped[float | None] = mapped_column(sa.Float)
    rating_after: Mapped[float | None] = mapped_column(sa.Float)
    # Given in an offline pack: played later whatever the member's allowance has become.
    held: Mapped[bool] = mapped_column(sa.Boolean, default=False, server_default=sa.false())


class DailyPuzzle(Base):
    """The puzzle of a UTC day: the same for everyone, chosen once."""

    __tablename__ = "daily_puzzles"

    day: Mapped[date] = mapped_column(sa.Date, primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(
        PUZZLE_ID, sa.ForeignKey("puzzles.id", ondelete="CASCADE")
    )


class PuzzleImport(Base):
    """How far an import of a puzzle file got, so that a stopped one goes on where it stopped."""

    __tablename__ = "puzzle_imports"

    source: Mapped[str] = mapped_column(sa.String(300), primary_key=True)
    rows_read: Mapped[int] = mapped_column(sa.Integer, default=0)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
