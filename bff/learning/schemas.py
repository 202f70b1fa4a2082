"""/content/progress request and response schemas."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import REQUIRED, Schema
from .progress import PROGRESS_TYPES, SUBCHAPTER_ID_PATTERN


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


class ProgressEnvelope(Schema):
    data = ma.fields.Nested(ProgressRecorded, required=True)
