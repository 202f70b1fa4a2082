"""/cms/search's parameters and answer, as documented in /api/docs."""

from __future__ import annotations

import marshmallow as ma

from ..cms.answer_fields import Image
from ..platform.fields import needed
from ..platform.openapi import Schema
from .documents import KINDS

F = ma.fields
MAX_QUERY = 100
MAX_LIMIT = 50
MAX_START = 1000


class SearchArgs(Schema):
    q = needed(
        F.String,
        "What to look for: words, or the start of a word.",
        validate=[
            ma.validate.Length(
                min=1, max=MAX_QUERY, error="Type between 1 and 100 characters to search for."
            ),
            ma.validate.Regexp(r"\S", error="Type a word to search for."),
        ],
        metadata={"pattern": r"\S"},
    )
    type = F.String(
        validate=ma.validate.OneOf(
            KINDS, error="Search in lesson, program, article, video or episode."
        ),
        metadata={"description": "Only results of this type; all types when left out."},
    )
    limit = F.Integer(
        data_key="_limit",
        load_default=20,
        validate=ma.validate.Range(min=1, max=MAX_LIMIT),
        metadata={"description": f"Page size, at most {MAX_LIMIT}."},
    )
    start = F.Integer(
        data_key="_start",
        load_default=0,
        validate=ma.validate.Range(min=0, max=MAX_START),
        metadata={"description": f"Offset, at most {MAX_START}."},
    )


class SearchResult(Schema):
    type = F.String(required=True, metadata={"enum": list(KINDS)})
    id = F.Integer(required=True)
    title = F.String(required=True)
    summary = F.String(required=True, allow_none=True)
    people = F.String(
        required=True,
        allow_none=True,
        metadata={"description": "Who it is by: teacher, trainers or author."},
    )
    image = F.Nested(Image, required=True, allow_none=True)
    path = F.String(required=True, metadata={"description": "Where it is on the site."})
    subscription_level = F.String(required=True, allow_none=True)
    locked = F.Boolean(
        required=True,
        metadata={"description": "The viewer may not watch it (docs/content-gateway.md, locks)."},
    )
