"""/users/devices and /users/reminders: a member's devices and what they are reminded of."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from ..access.clock import clock, iso
from ..access.viewer import MEMBERS, current_viewer
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import devices, preferences, schemas

blp = Blueprint(
    "reminders",
    __name__,
    url_prefix="/users",
    description="Reminders on the member's phones: their devices' push tokens and what they"
    " are reminded of (the daily puzzle, a streak at risk, reviews due).",
)

TOKEN = {
    "in": "path",
    "name": "token",
    "required": True,
    "schema": {"type": "string", "pattern": schemas.TOKEN_PATTERN},
}


def _member() -> int:
    viewer = current_viewer()
    assert viewer.user_id is not None
    return viewer.user_id


@blp.route("/devices")
class Devices(MethodView):
    @blp.json_body(
        schemas.DeviceBody,
        schemas.DeviceEnvelope,
        {400: "validation_failed: an unknown platform or time zone, a token that is none"},
        access=MEMBERS,
    )
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Register the device's push token for the member's reminders (the app sends it at
        each start and sign-in). The same token again updates it; a token another member
        registered moves to this one."""
        device = devices.register(db.session(), _member(), now=clock(), **body)
        return {
            "data": {
                "platform": device.platform,
                "token": device.token,
                "locale": device.locale,
                "timezone": device.timezone,
                "registered_at": iso(device.updated_at),
            }
        }


@blp.route("/devices/<token>", parameters=[TOKEN])
class Device(MethodView):
    @blp.access(MEMBERS)
    @blp.response(204)
    @blp.errors({404: "device_not_found: the member has no device of this token"})
    def delete(self, token: str) -> Response:
        """Forget the device (on signing out): it gets no more reminders."""
        devices.unregister(db.session(), _member(), token)
        return Response(status=204)


@blp.route("/reminders")
class Reminders(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, schemas.ReminderSettingsEnvelope)
    def get(self) -> dict[str, Any]:
        """The member's reminder settings and the time zone they follow."""
        return {"data": preferences.answer(db.session(), _member())}

    @blp.json_body(
        schemas.ReminderSettingsBody,
        schemas.ReminderSettingsEnvelope,
        {400: "validation_failed: an hour outside 0-23, an unknown time zone"},
        access=MEMBERS,
    )
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Change the settings given; those left out keep their values."""
        user_id = _member()
        preferences.update(db.session(), user_id, body, now=clock())
        return {"data": preferences.answer(db.session(), user_id)}
