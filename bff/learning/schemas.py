"""Request and answer schemas of /content/progress, positions, exercises and continue."""

from __future__ import annotations

from datetime import UTC

import marshmallow as ma

from ..cms.chess_content import MAX_LINE
from ..cms.schemas import Branch
from ..platform.fields import ATTEMPT_ID_PATTERN, DATE_TIME, answered, needed
from ..platform.openapi import Schema, envelope
from ..rules import UCI_PATTERN
from . import exercises
from .items import ID_HELP, ITEM_TYPES
from .positions import COMPLETED_AT, EVENTS
from .progress import PROGRESS_TYPES, SUBCHAPTER_ID_PATTERN

F = ma.fields

MAX_DURATION = 24 * 3600  # seconds: no lesson is longer than a day
CONTINUE_MAX = 50


class ProgressBody(Schema):
    id = needed(
        F.String,
        "The subchapter's id as GET /cms/program-chapters/{id} gives it:"
        " '<chapter id>:<1-based position>', e.g. '12:3'",
        metadata={"pattern": SUBCHAPTER_ID_PATTERN},
    )
    type = needed(F.String, validate=ma.validate.OneOf(PROGRESS_TYPES))
    progress = needed(
        F.Integer,
        "Percent watched, 0-100 (100 when the video starts)",
        strict=True,
        validate=ma.validate.Range(min=0, max=100),
    )


class ProgressRecorded(Schema):
    id = answered(F.String, "The subchapter's id")
    type = answered(F.String, validate=ma.validate.OneOf(PROGRESS_TYPES))
    progress = answered(F.Integer, "The furthest so far")


ProgressEnvelope = envelope(ProgressRecorded, name="ProgressEnvelope")


# Watch positions and the continue-learning row -------------------------------------------------


class PositionBody(Schema):
    position = needed(F.Float, "Seconds from the start; kept within [0, duration]", allow_nan=False)
    duration = needed(
        F.Float,
        "The video's length in seconds, as the player knows it (at least 1)",
        allow_nan=False,
        validate=ma.validate.Range(min=1, max=MAX_DURATION),
    )
    event = F.String(
        load_default="tick",
        validate=ma.validate.OneOf(EVENTS),
        metadata={
            "description": "Why the player reports: 'tick' while playing (every 15 s or so),"
            " 'pause', 'leave' (the page or app goes away) or 'ended' (counts as completed)"
        },
    )
    reported_at = F.AwareDateTime(
        load_default=None,
        default_timezone=UTC,
        metadata={
            "description": "When the position was taken, ISO 8601 (UTC when no offset is given):"
            " a report sent late (kept offline) never replaces one taken after it. Left out: when"
            " it arrives. A time ahead of the server's counts as now."
        },
    )


class Position(Schema):
    type = answered(F.String, validate=ma.validate.OneOf(ITEM_TYPES))
    id = answered(F.String, ID_HELP)
    position = answered(F.Float, "Seconds to resume at")
    duration = answered(F.Float, "Seconds; 0: not started")
    percent = answered(F.Integer, "The position, 0-100")
    progress = answered(F.Integer, "The furthest percent ever watched, 0-100")
    started = answered(F.Boolean)
    completed = answered(F.Boolean, f"Watched to {COMPLETED_AT} % or to the end")
    updated_at = answered(F.DateTime, nullable=True)


PositionEnvelope = envelope(Position)


class ContinueLink(Schema):
    """The ids a card's link needs, by type of item."""

    lesson_id = F.Integer(metadata={"description": "lesson_chapter: its lesson"})
    chapter = F.Integer(metadata={"description": "lesson_chapter: its 1-based number"})
    program_id = F.Integer(
        allow_none=True, metadata={"description": "program_subchapter: its program"}
    )
    chapter_id = F.Integer(metadata={"description": "program_subchapter: its chapter"})
    masterclass_episode_id = F.Integer(metadata={"description": "masterclass_episode"})
    entry_id = F.Integer(metadata={"description": "video: the /cms/videos/{id} id"})


class UpNextLink(ContinueLink):
    subchapter_id = F.String(
        metadata={"description": "program_subchapter: the video's id, '<chapter id>:<position>'"}
    )
    exercise_id = F.String(metadata={"description": "An exercise: its id"})


class UpNext(Schema):
    kind = answered(F.String, validate=ma.validate.OneOf(("video", "exercise")))
    title = answered(F.String, "The video's title, or the exercise's prompt", nullable=True)
    link = F.Nested(UpNextLink, required=True)


class ContinueCard(Position):
    title = answered(F.String, nullable=True)
    subtitle = answered(
        F.String, "Its lesson, program chapter, masterclass chapter or subhead", nullable=True
    )
    thumbnail = answered(F.String, "A card-sized picture's URL", nullable=True)
    link = F.Nested(ContinueLink, required=True)
    up_next = F.Nested(
        UpNext,
        required=True,
        allow_none=True,
        metadata={
            "description": "In a started lesson or program: the next video to watch or exercise"
            " to solve (null: none, or an episode or video)"
        },
    )


ContinueEnvelope = envelope(ContinueCard, many=True, name="ContinueEnvelope")


class ContinueArgs(Schema):
    limit = F.Integer(
        data_key="_limit", load_default=10, validate=ma.validate.Range(min=1, max=CONTINUE_MAX)
    )


# Progress on the cards of a list ---------------------------------------------------------------

CARDS_MAX = 50  # ids of each kind: more than a page of cards


def _card_ids(kind: str) -> F.List:
    return F.List(
        F.Integer(validate=ma.validate.Range(min=1)),
        load_default=list,
        validate=ma.validate.Length(max=CARDS_MAX),
        metadata={"description": f"{kind} ids, repeated for several; at most {CARDS_MAX}"},
    )


class CardsProgressArgs(Schema):
    lessons = _card_ids("Lesson")
    programs = _card_ids("Program")


class CardProgress(Schema):
    progress = answered(F.Integer, "0-100, as the detail answer gives it")
    completed = answered(F.Integer, "Completed chapters of a lesson, or videos of a program")
    count = answered(F.Integer, "The lesson's chapters, or the program's videos")
    videos_watched = answered(F.Integer, "Watched: from the player's reports, 90 % or the end")
    videos_total = answered(F.Integer)
    exercises_solved = answered(F.Integer)
    exercises_total = answered(F.Integer)


def _cards_by_id(kind: str) -> F.Dict:
    return answered(
        F.Dict,
        f"By {kind} id; one never started is left out (0)",
        keys=F.String(),
        values=F.Nested(CardProgress),
    )


class CardsProgress(Schema):
    lessons = _cards_by_id("lesson")
    programs = _cards_by_id("program")


CardsProgressEnvelope = envelope(CardsProgress, name="CardsProgressEnvelope")


# Exercises --------------------------------------------------------------------------------------

MAX_HINTS = 100


class ExerciseBody(Schema):
    moves = needed(
        F.List,
        "The moves played from the exercise's FEN, in UCI: the learner's and the replies, as far"
        " as they got (empty: none yet)",
        cls_or_instance=F.String(
            validate=ma.validate.Regexp(UCI_PATTERN), metadata={"pattern": UCI_PATTERN}
        ),
        validate=ma.validate.Length(max=MAX_LINE),
    )
    hints = F.Integer(
        load_default=0,
        strict=True,
        validate=ma.validate.Range(min=0, max=MAX_HINTS),
        metadata={"description": "Hints shown in this attempt (the most is kept)"},
    )
    gave_up = F.Boolean(
        load_default=False,
        metadata={
            "description": "The learner asked for the solution (Show solution): the attempt is"
            " failed unless the moves solved it, and the exercise comes back in review"
        },
    )
    # As a puzzle attempt's: a write kept on the device while offline is sent again safely.
    attempt_id = F.String(
        load_default=None,
        validate=ma.validate.Regexp(ATTEMPT_ID_PATTERN),
        metadata={
            "description": "The client's id for this attempt (a UUID, say): the same attempt sent"
            " again (same member, exercise and id as the last one recorded) records nothing more"
            " and answers the member's record"
        },
    )


class ExerciseRecord(Schema):
    id = answered(F.String, exercises.ID_HELP)
    solved = answered(F.Boolean, "Solved once: stays true")
    hints = answered(F.Integer, "The most hints shown in an attempt")
    failed = answered(F.Boolean, "A recorded attempt went wrong or gave up (for review)")
    alternative = F.Nested(
        Branch,
        allow_none=True,
        required=True,
        metadata={
            "description": "The exercise's alternative these moves followed (a move as good as"
            " the line's, with the teacher's comment), null when they followed the line"
        },
    )


ExerciseEnvelope = envelope(ExerciseRecord)


# Download my data -----------------------------------------------------------------------------


class ExportedProgress(Schema):
    type = F.String(
        required=True,
        validate=ma.validate.OneOf(ITEM_TYPES),
        metadata={"description": "The item's type, as /content/positions names it"},
    )
    id = F.String(required=True, metadata={"description": "The item's id, as the gateway names it"})
    position = F.Float(
        required=True, metadata={"description": "Seconds watched at the last report"}
    )
    duration = F.Float(required=True, metadata={"description": "The video's length in seconds"})
    progress = F.Integer(required=True, metadata={"description": "The furthest percent, 0 to 100"})
    completed = F.Boolean(required=True)
    updated_at = F.String(required=True, metadata=DATE_TIME)


class ExportedExercise(Schema):
    id = F.String(
        required=True, metadata={"description": "The exercise's id, as the gateway names it"}
    )
    solved = F.Boolean(required=True)
    failed = F.Boolean(required=True, metadata={"description": "An attempt went wrong"})
    hints = F.Integer(required=True, metadata={"description": "The most hints shown"})
    updated_at = F.String(required=True, metadata=DATE_TIME)
