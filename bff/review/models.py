"""The review table: what each member failed and when it comes back (FSRS)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..platform.database import Base, UTCDateTime


class ReviewCard(Base):
    """One thing a member failed, a puzzle or a lesson's exercise, with its FSRS state: it is
    due again at ``due``."""

    __tablename__ = "review_cards"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "kind", "item_id", name="uq_review_cards_user_item"),
        sa.Index("ix_review_cards_user_due", "user_id", "due"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(sa.String(16))  # puzzle | exercise
    item_id: Mapped[str] = mapped_column(sa.String(80))
    due: Mapped[datetime] = mapped_column(UTCDateTime())
    state: Mapped[int] = mapped_column(sa.Integer)
    step: Mapped[int | None] = mapped_column(sa.Integer)
    stability: Mapped[float | None] = mapped_column(sa.Float)
    difficulty: Mapped[float | None] = mapped_column(sa.Float)
    last_review: Mapped[datetime | None] = mapped_column(UTCDateTime())
    reviews: Mapped[int] = mapped_column(sa.Integer, default=0)
