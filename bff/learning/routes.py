"""/content/progress, positions, exercises and continue: a member's learning."""

from __future__ import annotations

from flask.views import MethodView

from ..access.clock import clock
from ..access.viewer import MEMBERS, current_viewer, rights_for
from ..app_context import app_context
from ..cms.normalize import subchapter_id
from ..cms.upstream import UpstreamUnavailable, unavailable_answer
from ..platform import ratelimit
from ..platform.conditional import etagged
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import continue_row, exercises, items, positions, progress, schemas

# A player reports every 15 s or so, and on pause, leave and end: a few a minute per video, and
# a member may have two devices playing. Hundreds a minute is a broken or hostile client.
POSITION_REPORTS = "60 per minute"

blp = Blueprint(
    "learning",
    __name__,
    url_prefix="/content",
    description="Learning progress: how far a member watched each video, where they stopped,"
    " and what they may continue.",
)


@blp.route("/progress")
class Progress(MethodView):
    @blp.json_body(
        schemas.ProgressBody,
        schemas.ProgressEnvelope,
        {
            400: "invalid_progress_id, or a missing or invalid field",
            403: "content_locked: its program is locked for this member",
            404: "not_found: no such chapter or subchapter",
        },
        access=MEMBERS,
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


@blp.route("/progress/cards")
class CardsProgress(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.arguments(schemas.CardsProgressArgs, location="query")
    @blp.response(200, schemas.CardsProgressEnvelope)
    @blp.errors(
        {400: f"validation_failed: an id that is not one, or more than {schemas.CARDS_MAX}"}
    )
    def get(self, args):
        """The member's progress in the lesson and program cards of a list (the lists are the
        same for every viewer, kept rendered): a lesson's progress and completed chapters, a
        program's progress and completed videos, as their detail answers give them. Those never
        started are left out."""
        cards = progress.cards_progress(
            app_context().catalogue,
            db.session,
            current_viewer().user_id,
            args["lessons"],
            args["programs"],
        )
        return {"data": cards}


@blp.route(
    "/positions/<item_type>/<item_id>",
    parameters=[
        {
            "in": "path",
            "name": "item_type",
            "required": True,
            "schema": {"type": "string", "enum": list(items.ITEM_TYPES)},
        },
        {
            "in": "path",
            "name": "item_id",
            "required": True,
            "description": items.ID_HELP,
            "schema": {"type": "string", "pattern": items.ID_PATTERN},
        },
    ],
)
class WatchPosition(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.response(200, schemas.PositionEnvelope)
    @blp.errors({404: "not_found: no such type of item, or an id that does not fit it"})
    def get(self, item_type, item_id):
        """Where the member stopped in an item (position 0, not started, when they never
        played it): the player resumes there, on any device."""
        found = items.item(item_type, item_id)
        place = positions.place_of(db.session, current_viewer().user_id, found.type, found.id)
        return {"data": positions.answer(found.type, found.id, place)}

    @blp.json_body(
        schemas.PositionBody,
        schemas.PositionEnvelope,
        {
            400: "a missing or invalid field",
            403: "content_locked: the item is locked for this member",
            404: "not_found: no such item",
            429: f"rate_limited: too many reports (a member may make {POSITION_REPORTS})",
        },
        access=MEMBERS,
    )
    def put(self, body, item_type, item_id):
        """Report where the player is in an item: the position (kept within the duration),
        the duration and why ('tick', 'pause', 'leave' or 'ended'), and when it was taken
        (reported_at: a stale report sent late never replaces a newer one). The same report
        twice leaves one state; the item is completed from 90 % or at 'ended', for good."""
        viewer = current_viewer()
        ratelimit.count("watch_positions", f"member:{viewer.user_id}", default=POSITION_REPORTS)
        found = items.item(item_type, item_id)
        items.card(app_context().catalogue, found, rights_for(viewer))  # exists and plays
        report = positions.Report(
            body["position"], body["duration"], body["event"], reported_at=body["reported_at"]
        )
        place = positions.record(
            db.session, viewer.user_id, found.type, found.id, report, now=clock()
        )
        return {"data": positions.answer(found.type, found.id, place)}


@blp.route(
    "/exercises/<exercise_id>",
    parameters=[
        {
            "in": "path",
            "name": "exercise_id",
            "required": True,
            "description": exercises.ID_HELP,
            "schema": {"type": "string", "pattern": exercises.ID_PATTERN},
        }
    ],
)
class Exercise(MethodView):
    @blp.json_body(
        schemas.ExerciseBody,
        schemas.ExerciseEnvelope,
        {
            400: "validation_failed: a missing or invalid field, or moves that cannot have been"
            " played from the exercise (an illegal move, a reply not the line's, too many)",
            403: "content_locked: the item is locked for this member",
            404: "not_found: no such exercise",
            429: f"rate_limited: too many reports (a member may make {POSITION_REPORTS})",
        },
        access=MEMBERS,
    )
    def put(self, body, exercise_id):
        """Record an attempt at an exercise: the moves played from its FEN (the learner's and
        the replies, as far as they got), the hints shown and whether the learner gave up (Show
        solution). The server checks the moves against the line and its alternatives (at the
        last move any mate is right too) and says which alternative they followed; solved stays
        solved, a wrong move or giving up is remembered and brings the exercise back in review,
        the most hints are kept. The same attempt twice leaves one state; with an attempt_id,
        the same attempt sent again (a retry, a device's offline queue) changes nothing."""
        viewer = current_viewer()
        ratelimit.count("exercise_attempts", f"member:{viewer.user_id}", default=POSITION_REPORTS)
        exercise = exercises.find(app_context().catalogue, exercise_id, rights_for(viewer))
        kept = exercises.record(
            db.session,
            viewer.user_id,
            exercise,
            exercises.Attempt(body["moves"], body["hints"], body["gave_up"], body["attempt_id"]),
            now=clock(),
        )
        return {"data": exercises.answer(kept)}


@blp.route("/continue")
class Continue(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.arguments(schemas.ContinueArgs, location="query")
    @blp.response(200, schemas.ContinueEnvelope)
    def get(self, args):
        """The member's started and unfinished items, most recent first, as cards: what they
        may still play only (an item locked since, or gone, is left out)."""
        viewer = current_viewer()
        cards = continue_row.cards(
            app_context().catalogue, db.session, viewer.user_id, rights_for(viewer), args["limit"]
        )
        return {"data": cards}


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
