"""/content/progress: how far a member watched."""

from __future__ import annotations

from flask.views import MethodView

from ..access.clock import clock
from ..access.rights import rights_for
from ..access.viewer import MEMBERS, current_viewer
from ..app_context import app_context
from ..cms.normalize import subchapter_id
from ..cms.upstream import UpstreamUnavailable, unavailable_answer
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import progress, schemas

blp = Blueprint(
    "learning",
    __name__,
    url_prefix="/content",
    description="Learning progress: how far a member watched each program video.",
)


@blp.route("/progress")
class Progress(MethodView):
    @blp.access(MEMBERS)
    @blp.arguments(schemas.ProgressBody)
    @blp.response(200, schemas.ProgressEnvelope)
    @blp.errors(
        {
            400: "invalid_progress_id, or a missing or invalid field",
            403: "content_locked: its program is locked for this member",
            404: "not_found: no such chapter or subchapter",
        }
    )
    def post(self, body):
        """Record how far the member watched a program subchapter (the furthest is kept)."""
        viewer = current_viewer()
        chapter_id, position = progress.parse_subchapter_id(body["id"])
        chapter = app_context().catalogue.program_chapter(chapter_id, rights_for(viewer))
        progress.check_position(chapter, position)
        furthest = progress.record_progress(
            db.session, viewer.user_id, chapter_id, position, body["progress"], now=clock()
        )
        return {
            "data": {
                "id": subchapter_id(chapter_id, position),
                "type": body["type"],
                "progress": furthest,
            }
        }


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
