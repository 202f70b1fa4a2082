"""/users/preferences: how the member's boards look and sound, kept for every device."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..access.clock import clock
from ..access.viewer import MEMBERS, current_viewer
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import choices, schemas

blp = Blueprint(
    "preferences",
    __name__,
    url_prefix="/users",
    description="The member's boards: their colour theme, piece set and sounds, the same on"
    " every device they sign in on.",
)


def _member() -> int:
    viewer = current_viewer()
    assert viewer.user_id is not None
    return viewer.user_id


@blp.route("/preferences")
class Preferences(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, schemas.PreferencesEnvelope)
    def get(self) -> dict[str, Any]:
        """The member's board preferences (the defaults until they change one)."""
        return {"data": choices.answer(db.session(), _member())}

    @blp.json_body(
        schemas.PreferencesBody,
        schemas.PreferencesEnvelope,
        {400: "validation_failed: a theme or piece set the site does not have"},
        access=MEMBERS,
    )
    def patch(self, body: dict[str, Any]) -> dict[str, Any]:
        """Change the preferences given; those left out keep their values (`"sounds": null`
        gives the choice back to the device)."""
        user_id = _member()
        choices.update(db.session(), user_id, body, now=clock())
        return {"data": choices.answer(db.session(), user_id)}
