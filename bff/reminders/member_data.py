"""What reminders keep about a member, for Download my data and Delete my account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from marshmallow import fields as F
from sqlalchemy.orm import Session

from ..access.clock import iso
from . import devices, preferences
from .models import Device, ReminderSettings, SentReminder
from .schemas import ExportedReminders


class ReminderData:
    # The part of Download my data it answers, as the API document shows it.
    export_fields = {"reminders": F.Nested(ExportedReminders, required=True)}

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        return {
            "reminders": {
                "devices": [
                    {
                        "platform": device.platform,
                        "token": device.token,
                        "locale": device.locale,
                        "timezone": device.timezone,
                        "registered_at": iso(device.updated_at),
                    }
                    for device in devices.of_member(session, user_id)
                ],
                "settings": preferences.answer(session, user_id),
            }
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Reminders keep no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        for table in (SentReminder, ReminderSettings, Device):
            session.execute(sa.delete(table).where(table.user_id == user_id))
        session.flush()


REMINDER_DATA = ReminderData()
