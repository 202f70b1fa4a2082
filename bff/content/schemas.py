"""/content request and response schemas."""

from __future__ import annotations

import marshmallow as ma

from ..accounts import rules
from ..openapi import Schema
from .progress import PROGRESS_TYPES, SUBCHAPTER_ID_PATTERN

REQUIRED = {"required": "This field is required.", "null": "This field is required."}


class SocialUrls(Schema):
    facebook = ma.fields.String(allow_none=True)
    instagram = ma.fields.String(allow_none=True)
    youtube = ma.fields.String(allow_none=True)
    twitter = ma.fields.String(allow_none=True)


class Footer(Schema):
    subscribed = ma.fields.Boolean(
        required=True, metadata={"description": "The signed-in member's e-mail gets the newsletter"}
    )
    urls = ma.fields.Nested(SocialUrls, required=True)


class FooterEnvelope(Schema):
    data = ma.fields.Nested(Footer, required=True)


class SubscribeBody(Schema):
    email = ma.fields.String(
        required=True,
        error_messages=REQUIRED,
        metadata={
            "pattern": rules.EMAIL_SHAPE.pattern,
            "minLength": rules.EMAIL_LENGTH[0],
            "maxLength": rules.EMAIL_LENGTH[1],
        },
    )


class Subscribed(Schema):
    email = ma.fields.String(required=True)
    subscribed = ma.fields.Boolean(required=True)


class SubscribedEnvelope(Schema):
    data = ma.fields.Nested(Subscribed, required=True)


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
