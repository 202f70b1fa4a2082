"""/users/devices and /users/reminders request and answer schemas."""

from __future__ import annotations

import marshmallow as ma

from ..platform.fields import DATE_TIME, answered, needed
from ..platform.openapi import Schema, envelope
from .delivery import PLATFORMS
from .models import TOKEN_LENGTH
from .preferences import is_zone

F = ma.fields

# APNs tokens are hex; FCM's are letters, digits, '-', '_' and ':'.
TOKEN_PATTERN = rf"^[A-Za-z0-9_:.-]{{8,{TOKEN_LENGTH}}}$"
LOCALE_PATTERN = r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,3}$"
UNKNOWN_ZONE = "Unknown time zone: an IANA name such as Europe/Paris is needed."


def _zone(value: str) -> None:
    if not is_zone(value):
        raise ma.ValidationError(UNKNOWN_ZONE)


class DeviceBody(Schema):
    platform = needed(F.String, "ios or android", validate=ma.validate.OneOf(PLATFORMS))
    token = needed(
        F.String,
        "The push token: the APNs device token (hex) or the FCM registration token",
        validate=ma.validate.Regexp(TOKEN_PATTERN, error="Not a push token."),
    )
    locale = F.String(
        load_default="en",
        validate=ma.validate.Regexp(LOCALE_PATTERN, error="Not a language tag."),
        metadata={"description": "The device's language (BCP 47: en, fr-FR); en by default"},
    )
    timezone = needed(
        F.String,
        "The device's IANA time zone (Europe/Paris)",
        validate=_zone,
    )


class DeviceAnswer(Schema):
    platform = answered(F.String, validate=ma.validate.OneOf(PLATFORMS))
    token = answered(F.String)
    locale = answered(F.String)
    timezone = answered(F.String)
    registered_at = answered(
        F.String, "When it was registered last (ISO 8601, UTC)", metadata=DATE_TIME
    )


DeviceEnvelope = envelope(DeviceAnswer, name="DeviceEnvelope")


class ReminderSettingsAnswer(Schema):
    daily_puzzle = answered(F.Boolean, "The daily puzzle reminder is on")
    daily_puzzle_hour = answered(F.Integer, "Its hour in the member's time zone (0-23)")
    streak_at_risk = answered(
        F.Boolean, "The evening reminder (20:00) when a puzzle streak would end today"
    )
    reviews_due = answered(F.Boolean, "A reminder when 3 or more reviews are due, once a day")
    timezone = answered(
        F.String, "The member's own time zone; null: the newest device's", nullable=True
    )
    effective_timezone = answered(F.String, "The time zone reminders follow now")


ReminderSettingsEnvelope = envelope(ReminderSettingsAnswer, name="ReminderSettingsEnvelope")


class ReminderSettingsBody(Schema):
    daily_puzzle = F.Boolean()
    daily_puzzle_hour = F.Integer(validate=ma.validate.Range(min=0, max=23))
    streak_at_risk = F.Boolean()
    reviews_due = F.Boolean()
    timezone = F.String(
        allow_none=True,
        validate=_zone,
        metadata={"description": "An IANA time zone (Asia/Tokyo); null: the newest device's"},
    )


class ExportedDevice(Schema):
    platform = F.String(required=True, validate=ma.validate.OneOf(PLATFORMS))
    token = F.String(required=True)
    locale = F.String(required=True)
    timezone = F.String(required=True)
    registered_at = F.String(required=True, metadata=DATE_TIME)


class ExportedReminders(Schema):
    devices = F.List(F.Nested(ExportedDevice), required=True)
    settings = F.Nested(ReminderSettingsAnswer, required=True)
