"""The reminders' tables: members' devices, their reminder settings, the reminders sent."""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..access.clock import utcnow
from ..platform.database import Base, UTCDateTime

# APNs device tokens are 64 hex digits today (Apple says not to rely on it); FCM registration
# tokens are about 160 characters. Room for either to grow.
TOKEN_LENGTH = 512


class Device(Base):
    """A phone or tablet that gets the member's notifications: one row a push token, owned by
    the member who registered it last."""

    __tablename__ = "devices"
    __table_args__ = (sa.Index("ix_devices_user", "user_id", "updated_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    platform: Mapped[str] = mapped_column(sa.String(16))  # ios | android
    token: Mapped[str] = mapped_column(sa.String(TOKEN_LENGTH), unique=True)
    locale: Mapped[str] = mapped_column(sa.String(35))
    timezone: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ReminderSettings(Base):
    """What the member wants to be reminded of; no row: the defaults (ReminderChoice)."""

    __tablename__ = "reminder_settings"

    user_id: Mapped[int] = mapped_column(
        sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    daily_puzzle: Mapped[bool] = mapped_column(sa.Boolean)
    daily_puzzle_hour: Mapped[int] = mapped_column(sa.Integer)
    streak_at_risk: Mapped[bool] = mapped_column(sa.Boolean)
    reviews_due: Mapped[bool] = mapped_column(sa.Boolean)
    timezone: Mapped[str | None] = mapped_column(sa.String(64))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class SentReminder(Base):
    """A reminder claimed for sending: one of a kind a member a day of theirs, whatever number
    of senders run at once (the unique constraint decides)."""

    __tablename__ = "sent_reminders"
    __table_args__ = (
        sa.UniqueConstraint(
            "user_id", "kind", "local_date", name="uq_sent_reminders_user_kind_day"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(sa.String(24))
    local_date: Mapped[date] = mapped_column(sa.Date)
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
