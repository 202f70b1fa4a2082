"""What review answers: a member's part of Download my data."""

from __future__ import annotations

import marshmallow as ma

from ..platform.openapi import Schema

F = ma.fields


class ExportedReviewItem(Schema):
    kind = F.String(required=True, metadata={"description": "puzzle or exercise"})
    id = F.String(required=True)
    due = F.String(required=True)
    reviews = F.Integer(required=True)
    last_review = F.String(required=True, allow_none=True)
