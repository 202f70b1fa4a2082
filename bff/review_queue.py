"""/content/review: one review for everything a member failed, gave up or drills: puzzles,
exercises and the lines of drills.

The schedule is bff/review's; this module answers what is due, by kind, and the next item due
with what playing it needs (the puzzle, or the exercise or line and the lesson, program or
episode it is in), on the web and in the apps alike. An item the member may no longer open (a
Pro lesson after the membership ended, content taken down) is passed over, not served."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import marshmallow as ma
from flask.views import MethodView
from sqlalchemy.orm import Session

from . import review
from .access.clock import clock, iso
from .access.rights import Rights
from .access.viewer import MEMBERS, current_viewer, rights_for
from .app_context import app_context
from .cms.schemas import DrillLine, Exercise
from .learning import exercises, items
from .learning.routes import blp
from .learning.schemas import ContinueLink
from .platform.conditional import etagged
from .platform.errors import ApiError
from .platform.extensions import db
from .platform.fields import answered
from .platform.openapi import Schema, envelope
from .puzzles import answers, days, play
from .puzzles.schemas import PuzzleAnswer
from .review.schemas import KINDS, ReviewItem

F = ma.fields
KIND = ma.validate.OneOf(KINDS)
# The due items looked at to find one the member may still open; past these, nothing is served.
LOOK_AHEAD = 50


class ReviewKind(Schema):
    kind = answered(F.String, validate=KIND)
    due_now = answered(F.Integer)
    due_today = answered(F.Integer, "Due by midnight UTC, those due now included")
    next_due = answered(F.String, "When the next one not yet due comes", nullable=True)


class ReviewSummary(Schema):
    due_now = answered(F.Integer)
    due_today = answered(F.Integer, "Due by midnight UTC, those due now included")
    next_due = answered(F.String, "When the next one not yet due comes", nullable=True)
    kinds = answered(F.List, "Each kind, in a fixed order", cls_or_instance=F.Nested(ReviewKind))
    items = answered(
        F.List,
        f"Due now, the longest waiting first (at most {LOOK_AHEAD})",
        cls_or_instance=F.Nested(ReviewItem),
    )


class ReviewPlace(Schema):
    title = answered(F.String, "The chapter's, subchapter's or episode's title", nullable=True)
    subtitle = answered(
        F.String, "Its lesson, program chapter or masterclass chapter", nullable=True
    )
    thumbnail = answered(F.String, nullable=True)
    link = F.Nested(ContinueLink, required=True)


class ReviewNext(ReviewItem):
    puzzle = F.Nested(
        PuzzleAnswer,
        required=True,
        allow_none=True,
        metadata={"description": "kind puzzle: the puzzle to play (POST its attempts as usual)"},
    )
    exercise = F.Nested(
        Exercise,
        required=True,
        allow_none=True,
        metadata={
            "description": "kind exercise: the exercise with its line (PUT /content/exercises/{id})"
        },
    )
    line = F.Nested(
        DrillLine,
        required=True,
        allow_none=True,
        metadata={
            "description": "kind line: the drill's line, played as an exercise"
            " (PUT /content/exercises/{id})"
        },
    )
    place = F.Nested(
        ReviewPlace,
        required=True,
        allow_none=True,
        metadata={"description": "kind exercise or line: where it is, for a link to its video"},
    )


class ReviewNextArgs(Schema):
    kind = F.String(validate=KIND, metadata={"description": "Only this kind"})


@blp.route("/review")
class Review(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.response(200, envelope(ReviewSummary, name="ReviewEnvelope"))
    def get(self):
        """The member's review: how many puzzles, exercises and drill lines are due now and
        today, when the next comes, and the items due now."""
        user_id, now = current_viewer().user_id, clock()
        kinds = review.standing(db.session, user_id, now, days.tomorrow(now))
        due = review.due(db.session, user_id, now, limit=LOOK_AHEAD)
        upcoming = [kind.next_due for kind in kinds if kind.next_due is not None]
        return {
            "data": {
                "due_now": sum(kind.due_now for kind in kinds),
                "due_today": sum(kind.due_today for kind in kinds),
                "next_due": iso(min(upcoming, default=None)),
                "kinds": [vars(kind) | {"next_due": iso(kind.next_due)} for kind in kinds],
                "items": [{"kind": d.kind, "id": d.item_id, "due": iso(d.due)} for d in due],
            }
        }


@blp.route("/review/next")
class ReviewNextItem(MethodView):
    @blp.access(MEMBERS)
    @blp.arguments(ReviewNextArgs, location="query")
    @blp.response(200, envelope(ReviewNext, name="ReviewNextEnvelope"))
    @blp.errors({404: "not_found: nothing is due for review (of that kind)"})
    def get(self, args):
        """The item due first that the member may still open, with what playing it needs: the
        puzzle, or the exercise or drill line and where it is. Solving or failing it (as
        anywhere else) reschedules it."""
        viewer, now = current_viewer(), clock()
        due = review.due(db.session, viewer.user_id, now, kind=args.get("kind"), limit=LOOK_AHEAD)
        for item in due:
            found = _playable(db.session, item, viewer.user_id, rights_for(viewer), now)
            if found is not None:
                answer = {"kind": item.kind, "id": item.item_id, "due": iso(item.due)}
                return {"data": answer | found}
        raise ApiError(404, "not_found", "Nothing is due for review.")


def _playable(
    session: Session, item: review.Due, user_id: int, rights: Rights, now: datetime
) -> dict[str, Any] | None:
    """What playing a due item needs, or None when the member may no longer open it."""
    try:
        found: dict[str, Any] = {"puzzle": None, "exercise": None, "line": None, "place": None}
        if item.kind == review.PUZZLE:
            puzzle = play.openable(session, user_id, item.item_id, is_pro=rights.is_pro, now=now)
            return found | {"puzzle": answers.puzzle_answer(puzzle)}
        catalogue = app_context().catalogue
        exercise = exercises.find(catalogue, item.item_id, rights)
        exercise["solved"] = bool(exercises.solved_among(session, user_id, [item.item_id]))
        holder = items.item(*item.item_id.rsplit(":", 1)[0].split(":", 1))
        return found | {item.kind: exercise, "place": items.card(catalogue, holder, rights)}
    except ApiError as error:
        if error.status in (403, 404):
            return None
        raise
