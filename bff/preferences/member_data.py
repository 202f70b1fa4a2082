"""What the preferences keep about a member, for Download my data and Delete my account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from marshmallow import fields as F
from sqlalchemy.orm import Session

from . import choices
from .models import BoardPreferences
from .schemas import PreferencesAnswer


class PreferencesData:
    # The part of Download my data it answers, as the API document shows it.
    export_fields = {"preferences": F.Nested(PreferencesAnswer, required=True)}

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        return {"preferences": choices.answer(session, user_id)}

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Preferences keep no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        session.execute(sa.delete(BoardPreferences).where(BoardPreferences.user_id == user_id))
        session.flush()


PREFERENCES_DATA = PreferencesData()
