"""/content/progress, /content/positions and /content/continue request and response schemas."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import REQUIRED, Schema, envelope
from .items import ID_HELP, ITEM_TYPES
from .positions import COMPLETED_AT, EVENTS
from .progress import PROGRESS_TYPES, SUBCHAPTER_ID_PATTERN

MAX_DURATION = 24 * 3600  # seconds: no lesson is longer than a day
CONTINUE_MAX = 50


class ProgressBody(Schema):
    id = ma.fields.String(
        required=True,
        error_messages=REQUIRED,
        metadata={
            "description": "The subchapter's id as GET /cms/program-chapters/{id} gives it:"
            " '<chapter id>:<1-based position>', e.g. '12:3'",
            "pattern": SUBCHAPTER_ID_PATTERN,
        },
    )
    type = ma.fields.String(
        required=True, error_messages=REQUIRED, validate=ma.validate.OneOf(PROGRESS_TYPES)
    )
    progress = ma.fields.Integer(
        required=True,
        strict=True,
        error_messages=REQUIRED,
        validate=ma.validate.Range(min=0, max=100),
        metadata={"description": "Percent watched, 0-100 (100 when the video starts)"},
    )


class ProgressRecorded(Schema):
    id = ma.fields.String(required=True, metadata={"description": "The subchapter's id"})
    type = ma.fields.String(required=True)
    progress = ma.fields.Integer(required=True, metadata={"description": "The furthest so far"})


ProgressEnvelope = envelope(ProgressRecorded, name="ProgressEnvelope")


# Watch positions and the continue-learning row -------------------------------------------------


class PositionBody(Schema):
    position = ma.fields.Float(
        required=True,
        error_messages=REQUIRED,
        allow_nan=False,
        metadata={"description": "Seconds from the start; kept within [0, duration]"},
    )
    duration = ma.fields.Float(
        required=True,
        error_messages=REQUIRED,
        allow_nan=False,
        validate=ma.validate.Range(min=1, max=MAX_DURATION),
        metadata={
            "description": "The video's length in seconds, as the player knows it (at least 1)"
        },
    )
    event = ma.fields.String(
        load_default="tick",
        validate=ma.validate.OneOf(EVENTS),
        metadata={
            "description": "Why the player reports: 'tick' while playing (every 15 s or so),"
            " 'pause', 'leave' (the page or app goes away) or 'ended' (counts as completed)"
        },
    )


class Position(Schema):
    type = ma.fields.String(required=True, validate=ma.validate.OneOf(ITEM_TYPES))
    id = ma.fields.String(required=True, metadata={"description": ID_HELP})
    position = ma.fields.Float(required=True, metadata={"description": "Seconds to resume at"})
    duration = ma.fields.Float(required=True, metadata={"description": "Seconds; 0: not started"})
    percent = ma.fields.Integer(required=True, metadata={"description": "The position, 0-100"})
    progress = ma.fields.Integer(
        required=True, metadata={"description": "The furthest percent ever watched, 0-100"}
    )
    started = ma.fields.Boolean(required=True)
    completed = ma.fields.Boolean(
        required=True, metadata={"description": f"Watched to {COMPLETED_AT} % or to the end"}
    )
    updated_at = ma.fields.DateTime(required=True, allow_none=True)


PositionEnvelope = envelope(Position)


class ContinueLink(Schema):
    """The ids a card's link needs, by type of item."""

    lesson_id = ma.fields.Integer(metadata={"description": "lesson_chapter: its lesson"})
    chapter = ma.fields.Integer(metadata={"description": "lesson_chapter: its 1-based number"})
    program_id = ma.fields.Integer(
        allow_none=True, metadata={"description": "program_subchapter: its program"}
    )
    chapter_id = ma.fields.Integer(metadata={"description": "program_subchapter: its chapter"})
    masterclass_episode_id = ma.fields.Integer(metadata={"description": "masterclass_episode"})
    entry_id = ma.fields.Integer(metadata={"description": "video: the /cms/videos/{id} id"})


class ContinueCard(Position):
    title = ma.fields.String(required=True, allow_none=True)
    subtitle = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Its lesson, program chapter, masterclass chapter or subhead"},
    )
    thumbnail = ma.fields.String(
        required=True, allow_none=True, metadata={"description": "A card-sized picture's URL"}
    )
    link = ma.fields.Nested(ContinueLink, required=True)


ContinueEnvelope = envelope(ContinueCard, many=True, name="ContinueEnvelope")


class ContinueArgs(Schema):
    limit = ma.fields.Integer(
        data_key="_limit", load_default=10, validate=ma.validate.Range(min=1, max=CONTINUE_MAX)
    )


# Progress on the cards of a list ---------------------------------------------------------------

CARDS_MAX = 50  # ids of each kind: more than a page of cards


def _card_ids(kind: str) -> ma.fields.List:
    return ma.fields.List(
        ma.fields.Integer(validate=ma.validate.Range(min=1)),
        load_default=list,
        validate=ma.validate.Length(max=CARDS_MAX),
        metadata={"description": f"{kind} ids, repeated for several; at most {CARDS_MAX}"},
    )


class CardsProgressArgs(Schema):
    lessons = _card_ids("Lesson")
    programs = _card_ids("Program")


class CardProgress(Schema):
    progress = ma.fields.Integer(
        required=True, metadata={"description": "0-100, as the detail answer gives it"}
    )
    completed = ma.fields.Integer(
        required=True,
        metadata={"description": "Completed chapters of a lesson, or videos of a program"},
    )
    count = ma.fields.Integer(
        required=True,
        metadata={"description": "The lesson's chapters, or the program's videos"},
    )


def _cards_by_id(kind: str) -> ma.fields.Dict:
    return ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Nested(CardProgress),
        required=True,
        metadata={"description": f"By {kind} id; one never started is left out (0)"},
    )


class CardsProgress(Schema):
    lessons = _cards_by_id("lesson")
    programs = _cards_by_id("program")


CardsProgressEnvelope = envelope(CardsProgress, name="CardsProgressEnvelope")
