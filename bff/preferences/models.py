"""The preferences' table: one row a member who changed something (no row: the defaults)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..platform.database import Base, UTCDateTime


class BoardPreferences(Base):
    """How the member's boards look and sound, on every device they sign in on."""

    __tablename__ = "board_preferences"

    user_id: Mapped[int] = mapped_column(
        sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    board_theme: Mapped[str] = mapped_column(sa.String(16))
    piece_set: Mapped[str] = mapped_column(sa.String(16))
    # None: the device decides (on at a desk, off on a phone: a page cannot see its silent switch).
    sounds: Mapped[bool | None] = mapped_column(sa.Boolean)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
