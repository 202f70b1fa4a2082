"""What review answers: an item due, and a member's part of Download my data."""

from __future__ import annotations

import marshmallow as ma

from ..platform.fields import answered
from ..platform.openapi import Schema

F = ma.fields
KINDS = ("puzzle", "exercise")


class ReviewItem(Schema):
    kind = answered(F.String, "puzzle or exercise", validate=ma.validate.OneOf(KINDS))
    id = answered(F.String, "The puzzle's id, or the exercise's (lesson_chapter:12:3:e1...)")
    due = answered(F.String)


class ExportedReviewItem(Schema):
    kind = F.String(required=True, metadata={"description": "puzzle or exercise"})
    id = F.String(required=True)
    due = F.String(required=True)
    reviews = F.Integer(required=True)
    last_review = F.String(required=True, allow_none=True)
