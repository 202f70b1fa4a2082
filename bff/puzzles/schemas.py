"""/content/puzzles request and answer schemas."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from ..platform.fields import ATTEMPT_ID_PATTERN, DATE_TIME, answered, needed
from ..platform.openapi import Schema, envelope
from ..review.schemas import ReviewItem
from ..rules import UCI_PATTERN
from .lichess_csv import MAX_MOVES, PUZZLE_ID_PATTERN

F = ma.fields

# The side that solves a puzzle.
SIDES = ("white", "black")
# How a puzzle came to be played: from next, the day's, due in review, played before, or opened
# by a Pro member (play.py).
ROUND_SOURCES = ("next", "daily", "review", "replay", "opened")

THEME_PATTERN = r"^[A-Za-z0-9_]{1,40}$"
MAX_SECONDS = 24 * 3600


class ThemeName(Schema):
    theme = answered(F.String, "The theme's key, as in the Lichess database (fork, mateIn2...)")
    name = answered(F.String, "Its name for people")


class PuzzleAnswer(Schema):
    id = answered(F.String)
    fen = answered(F.String, "The position before the opponent's move")
    moves = answered(
        F.List,
        "The line in UCI: the opponent's move first, then the solver's, the reply...; the"
        " solver has the last move. Any move that mates also solves.",
        cls_or_instance=F.String(),
    )
    solver = answered(
        F.String, "The side that solves: white or black", validate=ma.validate.OneOf(SIDES)
    )
    rating = answered(F.Integer)
    plays = answered(F.Integer)
    themes = answered(F.List, cls_or_instance=F.Nested(ThemeName))
    game_url = answered(F.String, "The game it comes from", nullable=True)
    opening_tags = answered(F.List, cls_or_instance=F.String())


class DailyAnswer(PuzzleAnswer):
    day = answered(F.Date, "The UTC day it is the puzzle of")
    played = answered(F.Boolean, "A signed-in member played it today (UTC); false for a guest")
    solved = answered(
        F.Boolean,
        "Whether they solved it today (once solved, it stays solved); null when not played"
        " today, and for a guest",
        nullable=True,
    )


class Training(Schema):
    theme = answered(F.String, "The theme this puzzle was chosen for")
    name = answered(F.String, "Its name for people")
    weak = answered(F.Boolean, "One of the member's weak themes (mix=weak)")


class NextAnswer(PuzzleAnswer):
    source = answered(
        F.String,
        "next (near your rating) or review (due in your review)",
        validate=ma.validate.OneOf(("next", "review")),
    )
    # Only with themes or mix, so that the plain answer stays as it was.
    training = F.Nested(
        Training,
        allow_none=True,
        metadata={
            "description": "With themes or mix only: the theme this puzzle was chosen for; null"
            " for a mix while the member has no weak theme"
        },
    )


PuzzleEnvelope = envelope(PuzzleAnswer, name="PuzzleEnvelope")
DailyEnvelope = envelope(DailyAnswer, name="DailyPuzzleEnvelope")
NextEnvelope = envelope(NextAnswer, name="NextPuzzleEnvelope")


class NextArgs(Schema):
    theme = F.String(
        validate=ma.validate.Regexp(THEME_PATTERN),
        metadata={"description": "Only puzzles of this theme (GET /content/puzzles/themes)"},
    )
    rating = F.Integer(
        validate=ma.validate.Range(min=400, max=3200),
        metadata={"description": "Near this rating instead of the member's own"},
    )
    review = F.Boolean(
        load_default=False,
        metadata={"description": "The puzzle of the member's review that is due first"},
    )
    # Several themes at once, and the weak-themes mix: bff/puzzles/training.py.
    themes = F.String(
        validate=ma.validate.Regexp(r"^[A-Za-z0-9_,]{1,450}$"),
        metadata={
            "description": "Of one of these themes (comma separated, up to 10, each one"
            " GET /content/puzzles/themes lists), each as likely; not with theme or mix"
        },
    )
    mix = F.String(
        validate=ma.validate.OneOf(("weak",)),
        metadata={
            "description": "weak: about 70 % of the member's weak themes of the last 30 days"
            " (GET /content/puzzles/me/dashboard), the rest of their other themes"
        },
    )

    @ma.validates_schema
    def one_choice(self, data: dict[str, Any], **kwargs: Any) -> None:
        chosen = [name for name in ("theme", "themes", "mix") if data.get(name)]
        if data.get("review") and chosen:
            raise ma.ValidationError("Not with review.", chosen[0])
        if len(chosen) > 1:
            raise ma.ValidationError(f"Not with {chosen[0]}.", chosen[1])


class AttemptBody(Schema):
    attempt_id = needed(
        F.String,
        "The client's id for this attempt (a UUID, say): sending it again records nothing"
        " more and answers the same",
        validate=ma.validate.Regexp(ATTEMPT_ID_PATTERN),
    )
    moves = needed(
        F.List,
        "The moves played after the opponent's first move, in UCI: the solver's and the"
        " replies shown, as far as the solver got",
        cls_or_instance=F.String(validate=ma.validate.Regexp(UCI_PATTERN)),
        validate=ma.validate.Length(max=MAX_MOVES),
    )
    solved = needed(F.Boolean, "False when the solver went wrong or asked for the solution")
    seconds = F.Integer(
        load_default=0,
        strict=True,
        validate=ma.validate.Range(min=0, max=MAX_SECONDS),
        metadata={"description": "How long the solver took"},
    )
    played_at = F.AwareDateTime(
        metadata={
            "description": "When it was played, with its offset (an app that played offline"
            " sends it later): it counts as played then. Not in the future (a minute of clock"
            " skew is forgiven), not older than 7 days. Left out: now."
        }
    )


class RatingChange(Schema):
    before = answered(F.Integer)
    after = answered(F.Integer)
    change = answered(F.Integer)


class Streak(Schema):
    current = answered(F.Integer, "Days in a row with a solved puzzle, up to today or yesterday")
    best = answered(F.Integer)
    solved_today = answered(F.Boolean)


class AttemptOutcome(Schema):
    attempt_id = answered(F.String)
    puzzle_id = answered(F.String)
    solved = answered(F.Boolean, "As the server checked it")
    rated = answered(F.Boolean, "Only a member's first attempt at a puzzle is rated")
    rating = answered(F.Nested, "The member's puzzle rating", nested=RatingChange)
    puzzle_rating = answered(F.Integer)
    streak = answered(F.Nested, nested=Streak)
    review_due_today = answered(F.Integer, "Puzzles and exercises due for review by midnight UTC")


AttemptEnvelope = envelope(AttemptOutcome, name="PuzzleAttemptEnvelope")


class RatingPoint(Schema):
    at = answered(F.String, "When (ISO 8601, UTC)", metadata=DATE_TIME)
    rating = answered(F.Integer)


class ThemeSuccess(Schema):
    theme = answered(F.String)
    played = answered(F.Integer)
    solved = answered(F.Integer)
    success_rate = answered(F.Float, "solved / played")


class PlayedPuzzle(Schema):
    puzzle_id = answered(F.String)
    played_at = answered(F.String, metadata=DATE_TIME)
    solved = answered(F.Boolean)
    rated = answered(F.Boolean)
    rating_change = answered(F.Integer)


class ReviewQueue(Schema):
    due_now = answered(F.Integer)
    due_today = answered(F.Integer)
    items = answered(
        F.List, "Due now, the longest waiting first", cls_or_instance=F.Nested(ReviewItem)
    )


class Allowance(Schema):
    per_day = answered(
        F.Integer,
        "Puzzles from 'next' a free member plays a day (rated attempts; the day's puzzle and"
        " review besides); null for Pro",
        nullable=True,
    )
    left = answered(F.Integer, "Left to play today; null for Pro", nullable=True)
    resets_at = answered(F.String, "Midnight UTC", metadata=DATE_TIME)


class Standing(Schema):
    rating = answered(F.Integer, "Glicko-2, 1500 to begin with")
    deviation = answered(F.Integer)
    provisional = answered(F.Boolean, "Still settling (deviation over 110)")
    rated_plays = answered(F.Integer)
    rating_history = answered(
        F.List,
        "Up to the last 100 rated puzzles, oldest first",
        cls_or_instance=F.Nested(RatingPoint),
    )
    streak = answered(F.Nested, nested=Streak)
    themes = answered(
        F.List, "Success by theme, the most played first", cls_or_instance=F.Nested(ThemeSuccess)
    )
    history = answered(
        F.List, "The last 30 puzzles played, newest first", cls_or_instance=F.Nested(PlayedPuzzle)
    )
    review = answered(F.Nested, nested=ReviewQueue)
    allowance = answered(F.Nested, nested=Allowance)


StandingEnvelope = envelope(Standing, name="PuzzleStandingEnvelope")


# The dashboard: bff/puzzles/dashboard.py -------------------------------------------------------


class DashboardArgs(Schema):
    days = F.Integer(
        load_default=30,
        validate=ma.validate.OneOf((7, 30, 90)),
        metadata={"description": "The last 7, 30 or 90 days"},
    )


class DashboardOverall(Schema):
    plays = answered(F.Integer, "Puzzles played (each once: the first attempt)")
    solved = answered(F.Integer)
    solved_share = answered(F.Float, "solved / plays; null when none was played", nullable=True)
    performance = answered(
        F.Integer,
        "The mean of each puzzle's rating + 500 when solved, - 500 when failed (as Lichess);"
        " null when none was played",
        nullable=True,
    )


class DashboardTheme(Schema):
    theme = answered(F.String)
    name = answered(F.String)
    plays = answered(F.Integer)
    solved = answered(F.Integer)
    solved_share = answered(F.Float, "solved / plays")
    performance = answered(F.Integer, "As the overall one, over this theme's puzzles")


class PuzzleDashboard(Schema):
    days = answered(F.Integer, "The last days looked back over, from now")
    enough = answered(F.Boolean, "Enough plays (5) in the window to tell weak and strong themes")
    overall = answered(F.Nested, nested=DashboardOverall)
    themes = answered(
        F.List,
        "Every theme played in the window, the most played first",
        cls_or_instance=F.Nested(DashboardTheme),
    )
    weak = answered(
        F.List,
        "Up to 8: the most failures first (docs/learning-and-puzzles.md says the rule)",
        cls_or_instance=F.Nested(DashboardTheme),
    )
    strong = answered(
        F.List,
        "Up to 8: the best performance first",
        cls_or_instance=F.Nested(DashboardTheme),
    )


DashboardEnvelope = envelope(PuzzleDashboard, name="PuzzleDashboardEnvelope")


class ThemeCount(ThemeName):
    count = answered(F.Integer)


ThemesEnvelope = envelope(ThemeCount, many=True, name="PuzzleThemesEnvelope")


class PackArgs(Schema):
    n = F.Integer(
        load_default=20,
        validate=ma.validate.Range(min=1, max=100),
        metadata={
            "description": "How many puzzles (a free member gets at most what is left of their day)"
        },
    )


class PackDaily(PuzzleAnswer):
    day = answered(F.Date, "The UTC day it is the puzzle of")


class PackAnswer(Schema):
    puzzles = answered(
        F.List,
        "Held for the member: each may be attempted later, whatever their allowance is then",
        cls_or_instance=F.Nested(PuzzleAnswer),
    )
    daily = answered(
        F.Nested,
        "The day's puzzle, when the member has not played it today (it counts for its day"
        " when played by the end of the next)",
        nested=PackDaily,
        nullable=True,
    )
    rating = answered(F.Integer, "The member's puzzle rating")
    streak = answered(F.Nested, nested=Streak)
    allowance = answered(F.Nested, nested=Allowance)
    served_at = answered(F.String, "When the pack was made (ISO 8601, UTC)", metadata=DATE_TIME)


PackEnvelope = envelope(PackAnswer, name="PuzzlePackEnvelope")


class PlayedAttempt(AttemptBody):
    puzzle_id = needed(F.String, validate=ma.validate.Regexp(PUZZLE_ID_PATTERN))
    played_at = needed(
        F.AwareDateTime,
        "When it was played, with its offset: not in the future (a minute of clock skew is"
        " forgiven), not older than 7 days",
    )


class AttemptsBody(Schema):
    attempts = needed(
        F.List,
        "Up to 100 attempts, in any order: they are recorded in the order they were played",
        cls_or_instance=F.Nested(PlayedAttempt),
        validate=ma.validate.Length(min=1, max=100),
    )


class AttemptRefusal(Schema):
    status = answered(F.Integer, "The HTTP status it would have had sent alone")
    code = answered(F.String, "Its catalogue code")
    message = answered(F.String)


class AttemptResult(Schema):
    attempt_id = answered(F.String)
    puzzle_id = answered(F.String)
    result = answered(
        F.String,
        "applied; replay (this attempt id was recorded before: the same outcome, nothing"
        " changed); refused (see error)",
        validate=ma.validate.OneOf(["applied", "replay", "refused"]),
    )
    outcome = answered(F.Nested, nested=AttemptOutcome, nullable=True)
    error = answered(F.Nested, nested=AttemptRefusal, nullable=True)


class AttemptsAnswer(Schema):
    attempts = answered(
        F.List,
        "One for each attempt sent, in the order sent",
        cls_or_instance=F.Nested(AttemptResult),
    )
    rating = answered(F.Integer, "The member's puzzle rating after them all")
    streak = answered(F.Nested, nested=Streak)


AttemptsEnvelope = envelope(AttemptsAnswer, name="PuzzleAttemptsEnvelope")


# Download my data -----------------------------------------------------------------------------


class ExportedRound(Schema):
    puzzle_id = F.String(required=True)
    source = F.String(
        required=True,
        validate=ma.validate.OneOf(ROUND_SOURCES),
        metadata={"description": "next, daily, review, replay or opened"},
    )
    served_at = F.String(required=True, metadata=DATE_TIME)
    played_at = F.String(required=True, allow_none=True, metadata=DATE_TIME)
    solved = F.Boolean(required=True, allow_none=True)
    rated = F.Boolean(required=True)
    seconds = F.Integer(required=True, allow_none=True)
    rating_after = F.Integer(required=True, allow_none=True)


class ExportedPuzzles(Schema):
    rating = F.Integer(
        required=True, allow_none=True, metadata={"description": "Null: never rated"}
    )
    rated_plays = F.Integer(required=True)
    best_streak = F.Integer(required=True)
    rounds = F.List(F.Nested(ExportedRound), required=True)
