"""What review answers: an item due, and a member's part of Download my data."""

from __future__ import annotations

import marshmallow as ma

from ..platform.fields import answered
from ..platform.openapi import Schema

F = ma.fields
KINDS = ("puzzle", "exercise", "line")


class ReviewItem(Schema):
    kind = answered(F.String, "puzzle, exercise or line", validate=ma.validate.OneOf(KINDS))
    id = answered(
        F.String,
        "The puzzle's id, the exercise's (lesson_chapter:12:3:e1) or the drill line's"
        " (program_subchapter:40:2:line-1a2b3c4d)",
    )
    due = answered(F.String)


class ExportedReviewItem(Schema):
    kind = F.String(
        required=True,
        validate=ma.validate.OneOf(KINDS),
        metadata={"description": "puzzle, exercise or line"},
    )
    id = F.String(required=True)
    due = F.String(required=True)
    reviews = F.Integer(required=True)
    last_review = F.String(required=True, allow_none=True)
