"""/content/footer and /content/subscribe request and response schemas."""

from __future__ import annotations

import marshmallow as ma

from ..accounts import rules
from ..platform.fields import needed
from ..platform.openapi import Schema, envelope


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


FooterEnvelope = envelope(Footer)


class SubscribeBody(Schema):
    email = needed(
        ma.fields.String,
        metadata={
            "pattern": rules.EMAIL_SHAPE.pattern,
            "minLength": rules.EMAIL_LENGTH[0],
            "maxLength": rules.EMAIL_LENGTH[1],
        },
    )


class Subscribed(Schema):
    email = ma.fields.String(required=True)
    subscribed = ma.fields.Boolean(required=True)


SubscribedEnvelope = envelope(Subscribed)
