"""The public facts a locked detail's 403 carries as ``error.item`` (bff.cms.locked), as
documented in /api/docs: named LockedItem, which the error body refers to by name."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import Schema
from .answer_fields import Image, Level, number_or_null, one_or_null, text, text_or_null

F = ma.fields


class LockedPerson(Schema):
    name = text_or_null()
    picture = one_or_null(Image)


class LockedPart(Schema):
    title = text_or_null()
    duration = number_or_null(metadata={"description": "Seconds"})
    exercise_count = number_or_null()


class PartOf(Schema):
    kind = text(validate=ma.validate.OneOf(("program", "masterclass")))
    id = number_or_null()
    title = text_or_null()


class LockedItem(Schema):
    kind = text(
        validate=ma.validate.OneOf(("lesson", "program", "program_chapter", "episode", "video"))
    )
    id = number_or_null()
    title = text_or_null()
    description = text_or_null()
    picture = one_or_null(Image)
    subscription_level = text_or_null()
    teacher = one_or_null(LockedPerson)
    level = one_or_null(Level)
    duration = number_or_null(metadata={"description": "Seconds, when known"})
    parts = F.List(
        F.Nested(LockedPart),
        required=True,
        metadata={"description": "Its chapters (a lesson, a program) or lessons (a chapter)"},
    )
    exercise_count = number_or_null()
    part_of = one_or_null(PartOf, metadata={"description": "What it is sold with, if anything"})
