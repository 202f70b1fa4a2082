"""/content/puzzles: the daily puzzle, the next one, attempts, standing and themes, and for the
apps an offline pack and its attempts sent together."""

from __future__ import annotations

import random
from typing import Any

from flask.views import MethodView

from ..access.clock import clock
from ..access.viewer import ANYONE, MEMBERS, current_viewer, rights_for
from ..app_context import app_context
from ..platform import ratelimit
from ..platform.conditional import etagged
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import (
    answers,
    batch,
    daily,
    dashboard,
    pack,
    play,
    schemas,
    selection,
    standing,
    themes,
    training,
)
from .lichess_csv import PUZZLE_ID_PATTERN

ATTEMPTS = "120 per minute"  # a fast solver makes a few a minute
PACKS = "10 per minute"  # an app takes one when it goes offline
BATCHES = "30 per minute"  # an app sends its attempts when it is back online

blp = Blueprint(
    "puzzles",
    __name__,
    url_prefix="/content/puzzles",
    description="Puzzles: the day's puzzle for everyone, rated puzzles near the member's"
    " rating (5 a day for free members, unlimited for Pro), the member's standing and review.",
)

PUZZLE_ID = {
    "in": "path",
    "name": "puzzle_id",
    "required": True,
    "schema": {"type": "string", "pattern": PUZZLE_ID_PATTERN},
}
_rng = random.SystemRandom()


@blp.route("/daily")
class DailyPuzzle(MethodView):
    @etagged("viewer")
    @blp.access(ANYONE)
    @blp.response(200, schemas.DailyEnvelope)
    @blp.errors({404: "not_found: there is no puzzle at all"})
    def get(self) -> dict[str, Any]:
        """The puzzle of the UTC day, the same for everyone: guests play it unrated. For a
        signed-in member, whether they played it today and solved it; once they had it, their
        attempt counts for this day when played by the end of the next."""
        now, user_id = clock(), current_viewer().user_id
        answer = daily.shared(db.session(), app_context().cache, now)  # the same for everyone
        played, solved = (
            daily.members_part(db.session(), user_id, answer["id"], now)
            if user_id is not None
            else (False, None)
        )
        return {"data": {**answer, "day": now.date(), "played": played, "solved": solved}}


@blp.route("/next")
class NextPuzzle(MethodView):
    @blp.access(MEMBERS)
    @blp.arguments(schemas.NextArgs, location="query")
    @blp.response(200, schemas.NextEnvelope)
    @blp.errors(
        {
            403: "puzzle_allowance_spent: a free member's five puzzles of the day are played"
            " (available_at says when more come); puzzles_waiting: a free member holds five"
            " puzzles given and not played, none of the theme asked",
            400: "validation_failed: a theme of themes no puzzle has, more than 10, or theme,"
            " themes, mix and review asked together",
            404: "not_found: no puzzle left of that theme (of any of themes), or none due for"
            " review",
        }
    )
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The next puzzle: near the member's rating (or the one asked), of a theme when one
        is asked, never one they played nor the day's puzzle; the same one again until it is
        played (serving spends nothing: a free member's day counts puzzles played). With
        review=true, the puzzle of their review that is due first."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        if args.get("themes") or args.get("mix"):  # several themes or the weak mix
            asked = args.get("themes")
            known = {
                each["theme"] for each in themes.counts_kept(db.session(), app_context().cache)
            }
            chosen = training.next_of(
                db.session(),
                viewer.user_id,
                is_pro=rights_for(viewer).is_pro,
                themes=training.checked(asked, known) if asked else None,
                mix=args.get("mix"),
                rating=args.get("rating"),
                now=clock(),
                rng=_rng,
            )
            trained = chosen.theme and {
                "theme": chosen.theme,
                "name": themes.name_of(chosen.theme),
                "weak": chosen.weak,
            }
            answer = answers.puzzle_answer(chosen.puzzle)
            return {"data": {**answer, "source": chosen.source, "training": trained or None}}
        puzzle, source = selection.next_puzzle(
            db.session(),
            viewer.user_id,
            is_pro=rights_for(viewer).is_pro,
            theme=args.get("theme"),
            rating=args.get("rating"),
            from_review=args["review"],
            now=clock(),
            rng=_rng,
        )
        return {"data": {**answers.puzzle_answer(puzzle), "source": source}}


@blp.route("/pack")
class PuzzlePack(MethodView):
    @blp.access(MEMBERS)
    @blp.arguments(schemas.PackArgs, location="query")
    @blp.response(200, schemas.PackEnvelope)
    @blp.errors({429: f"rate_limited: more than {PACKS}"})
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Puzzles to play offline: up to n near the member's rating, as 'next' chooses them
        (never one they played nor the day's puzzle; those 'next' gave them and they have not
        played first), each held for them; a free member gets at most what is left of their
        day. With the day's puzzle when they have not played it today. The attempts come back
        with POST /content/puzzles/attempts."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        ratelimit.count("puzzle_packs", f"member:{viewer.user_id}", default=PACKS)
        found = pack.pack(
            db.session(),
            viewer.user_id,
            is_pro=rights_for(viewer).is_pro,
            size=args["n"],
            now=clock(),
            rng=_rng,
        )
        return {"data": found}


@blp.route("/attempts")
class PuzzleAttempts(MethodView):
    @blp.json_body(
        schemas.AttemptsBody,
        schemas.AttemptsEnvelope,
        {
            400: "a missing or invalid field (each attempt's own refusals are in the answer)",
            429: f"rate_limited: more than {BATCHES}",
        },
        access=MEMBERS,
    )
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Attempts played offline, up to 100: recorded in the order they were played (by
        played_at), each as a single attempt would have been at that time, each with its own
        answer: applied, replay (its attempt id was recorded before) or refused with its
        catalogue code (puzzle_attempt_in_future, puzzle_attempt_too_old, puzzle_not_served,
        puzzle_allowance_spent, puzzle_attempt_conflict, not_found, validation_failed), which
        leaves the others be. Sending the batch again changes nothing."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        ratelimit.count("puzzle_attempt_batches", f"member:{viewer.user_id}", default=BATCHES)
        played = [
            batch.Played(
                each["puzzle_id"],
                play.Attempt(
                    each["attempt_id"],
                    each["moves"],
                    each["solved"],
                    each["seconds"],
                    each["played_at"],
                ),
            )
            for each in body["attempts"]
        ]
        found = batch.record(
            db.session(), viewer.user_id, played, is_pro=rights_for(viewer).is_pro, now=clock()
        )
        return {"data": found}


@blp.route("/me")
class PuzzleStanding(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.response(200, schemas.StandingEnvelope)
    def get(self) -> dict[str, Any]:
        """The member's puzzle rating and its history, streak, success by theme, last puzzles,
        review queue and what is left of the day's free puzzles."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        is_pro = rights_for(viewer).is_pro
        found = standing.standing(db.session(), viewer.user_id, is_pro=is_pro, now=clock())
        return {"data": found}


@blp.route("/me/dashboard")
class PuzzleDashboard(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.arguments(schemas.DashboardArgs, location="query")
    @blp.response(200, schemas.DashboardEnvelope)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The member's puzzles of the last 7, 30 or 90 days by theme: plays, solved share and
        performance, overall and for each theme, and their weak and strong themes."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        found = dashboard.dashboard(db.session(), viewer.user_id, days=args["days"], now=clock())
        return {"data": dashboard.answer(found)}


@blp.route("/themes")
class PuzzleThemes(MethodView):
    @etagged("public")
    @blp.response(200, schemas.ThemesEnvelope)
    def get(self) -> dict[str, Any]:
        """Every theme with its name and number of puzzles, the largest first."""
        return {"data": themes.counts_kept(db.session(), app_context().cache)}


@blp.route("/<puzzle_id>", parameters=[PUZZLE_ID])
class Puzzle(MethodView):
    @blp.access(ANYONE)
    @blp.response(200, schemas.PuzzleEnvelope)
    @blp.errors(
        {
            403: "puzzle_not_served: not the day's puzzle, nor one the member was given, played"
            " or has due for review (Pro members may open any)",
            404: "not_found",
        }
    )
    def get(self, puzzle_id: str) -> dict[str, Any]:
        """A puzzle the viewer may play: the day's (for anyone), or for a member one 'next'
        gave them, one they played, one due in their review, or any for a Pro member."""
        viewer = current_viewer()
        puzzle = play.openable(
            db.session(), viewer.user_id, puzzle_id, is_pro=rights_for(viewer).is_pro, now=clock()
        )
        return {"data": answers.puzzle_answer(puzzle)}


@blp.route("/<puzzle_id>/attempts", parameters=[PUZZLE_ID])
class PuzzleAttempt(MethodView):
    @blp.json_body(
        schemas.AttemptBody,
        schemas.AttemptEnvelope,
        {
            400: "a missing or invalid field; puzzle_attempt_in_future, puzzle_attempt_too_old:"
            " played_at out of its limits",
            403: "puzzle_not_served: the member may not play this puzzle (see GET);"
            " puzzle_allowance_spent: a free member's five of the day are played",
            404: "not_found: no such puzzle",
            409: "puzzle_attempt_conflict: this attempt id was sent for another puzzle",
            429: f"rate_limited: more than {ATTEMPTS}",
        },
        access=MEMBERS,
    )
    def post(self, body: dict[str, Any], puzzle_id: str) -> dict[str, Any]:
        """Record an attempt, checked against the solution here: the outcome, the member's new
        rating and its change (only a first attempt is rated), the streak and the review.
        Sending the same attempt id again changes nothing and answers the same."""
        viewer = current_viewer()
        assert viewer.user_id is not None
        ratelimit.count("puzzle_attempts", f"member:{viewer.user_id}", default=ATTEMPTS)
        tried = play.Attempt(
            body["attempt_id"],
            body["moves"],
            body["solved"],
            body["seconds"],
            body.get("played_at"),
        )
        outcome = play.attempt(
            db.session(),
            viewer.user_id,
            puzzle_id,
            tried,
            is_pro=rights_for(viewer).is_pro,
            now=clock(),
        )
        return {"data": outcome}
