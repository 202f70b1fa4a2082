"""/content/puzzles/runs: timed and streak runs of puzzles, served and scored by the server."""

from __future__ import annotations

import random
from typing import Any

from flask.views import MethodView

from ..access.clock import clock
from ..access.idempotent import idempotent
from ..access.viewer import MEMBERS, current_viewer, rights_for
from ..platform import ratelimit
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import run_schemas, runs

ANSWERS = "300 per minute"  # each right move of a line is a call; a fast solver makes many

blp = Blueprint(
    "puzzle_runs",
    __name__,
    url_prefix="/content/puzzles/runs",
    description="Puzzle runs: three minutes (timed) or until the first mistake (streak), puzzles"
    " rising in difficulty, checked and scored by the server; not rated. Free members have one"
    " run a day, Pro members as many as they like.",
)
_rng = random.SystemRandom()

RUN_ID = {
    "in": "path",
    "name": "run_id",
    "required": True,
    "schema": {"type": "string", "pattern": r"^[0-9a-f]{32}$"},
}


def _member_id() -> int:
    viewer = current_viewer()
    assert viewer.user_id is not None
    return viewer.user_id


@blp.route("")
class PuzzleRuns(MethodView):
    # A start sent again with its Idempotency-Key (after a lost answer) is the same run, not a
    # free member's second of the day.
    @idempotent
    @blp.json_body(
        run_schemas.RunBody,
        run_schemas.RunEnvelope,
        {
            400: "validation_failed: no mode, or not timed nor streak",
            403: "puzzle_run_allowance_spent: a free member's run of the day is played"
            " (available_at says when the next may start)",
            404: "not_found: there is no puzzle at all",
        },
        access=MEMBERS,
        status=201,
    )
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Start a run: its id, clock and first puzzles (their positions and the opponent's
        first move, not their solutions), chosen by the server rising in difficulty."""
        viewer = current_viewer()
        is_pro = rights_for(viewer).is_pro
        found = runs.start(
            db.session(), _member_id(), body["mode"], is_pro=is_pro, now=clock(), rng=_rng
        )
        return {"data": found}


@blp.route("/best")
class PuzzleRunsBest(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, run_schemas.RunsBestEnvelope)
    def get(self) -> dict[str, Any]:
        """The member's best score of each mode: today (UTC) and of all time."""
        found = runs.best(db.session(), _member_id(), clock())
        return {"data": found}


@blp.route("/<run_id>", parameters=[RUN_ID])
class PuzzleRun(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, run_schemas.RunEnvelope)
    @blp.errors({404: "not_found: no run of the member's with this id"})
    def get(self, run_id: str) -> dict[str, Any]:
        """The run as it stands: its clock, score, the puzzles waiting, the missed ones and
        the best of its mode (a timed run whose clock is out is over)."""
        return {"data": runs.state(db.session(), _member_id(), run_id, clock())}


@blp.route("/<run_id>/answers", parameters=[RUN_ID])
class PuzzleRunAnswers(MethodView):
    @blp.json_body(
        run_schemas.RunAnswerBody,
        run_schemas.RunAnswerEnvelope,
        {
            400: "validation_failed: a missing or invalid field, moves that cannot be played;"
            " puzzle_run_not_served: the run did not serve this puzzle",
            404: "not_found: no run of the member's with this id",
            409: "puzzle_run_out_of_order: another puzzle of the run is due first;"
            " puzzle_run_over: the run has ended (its clock is out, or its mistakes);"
            " puzzle_run_answer_conflict: this answer id was sent with other moves",
            429: f"rate_limited: more than {ANSWERS}",
        },
        access=MEMBERS,
    )
    def post(self, body: dict[str, Any], run_id: str) -> dict[str, Any]:
        """Answer the run's next puzzle with the moves played so far, checked here: continue
        (with the reply), solved or missed (with the solution), and the run as it stands. A
        solved puzzle adds three seconds to a timed run; a timed run ends at its third mistake
        or when its clock is out (an answer is taken up to five seconds after), a streak at its
        first mistake. Sending a recorded answer id again with its moves answers the same."""
        user_id = _member_id()
        ratelimit.count("puzzle_run_answers", f"member:{user_id}", default=ANSWERS)
        sent = runs.Answer(body["answer_id"], body["puzzle_id"], body["moves"])
        return {"data": runs.answer(db.session(), user_id, run_id, sent, now=clock(), rng=_rng)}
