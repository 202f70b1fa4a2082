"""What every /cms answer is built of: field kinds, images, people, levels, locks, prices."""

from __future__ import annotations

import marshmallow as ma

from ..access.prices import CURRENCIES
from ..platform.openapi import Schema

F = ma.fields


# The client's types are generated from these (docs/api.md), so they say exactly what an answer
# holds: `text()` is always there, `text_or_null()` always there and maybe null, and a field
# without `required` may be missing (a video-host id the viewer may not play, say).


def text(**kwargs) -> F.String:
    return F.String(required=True, **kwargs)


def text_or_null(**kwargs) -> F.String:
    return F.String(required=True, allow_none=True, **kwargs)


def number(**kwargs) -> F.Integer:
    return F.Integer(required=True, **kwargs)


def number_or_null(**kwargs) -> F.Integer:
    return F.Integer(required=True, allow_none=True, **kwargs)


def one(schema, **kwargs) -> F.Nested:
    return F.Nested(schema, required=True, **kwargs)


def one_or_null(schema, **kwargs) -> F.Nested:
    return F.Nested(schema, required=True, allow_none=True, **kwargs)


def many(schema, **kwargs) -> F.List:
    return F.List(F.Nested(schema), required=True, **kwargs)


VIDEO_ID = "Video-host id; absent when this viewer may not play it."


class Format(Schema):
    url = text()
    width = number_or_null()
    height = number_or_null()


class Formats(Schema):
    thumbnail = F.Nested(Format)
    small = F.Nested(Format)
    medium = F.Nested(Format)
    large = F.Nested(Format)


class FocalPoint(Schema):
    x = F.Float(required=True, metadata={"description": "Percent from the left, 0 to 100"})
    y = F.Float(required=True, metadata={"description": "Percent from the top, 0 to 100"})


class Image(Format):
    alternativeText = text_or_null()
    formats = one(Formats, metadata={"description": "The sizes the CMS made of it"})
    focalPoint = F.Nested(
        FocalPoint,
        metadata={
            "description": "What a crop keeps in view, as editors set it in the media library; "
            "absent when they set none"
        },
    )


class Named(Schema):
    id = number()
    name = text()


class SlugPage(Schema):
    """An entry with a page of its own, addressed by its slug (the masterclass, a legal page)."""

    id = number()
    slug = text()
    title = text()


class Person(Named):
    bio = text_or_null()
    thumbnail = F.Nested(Image, allow_none=True, metadata={"description": "Teachers, trainers"})
    avatar = F.Nested(Image, allow_none=True, metadata={"description": "Authors"})


class Level(Schema):
    id = number()
    value = text(metadata={"description": "beginner ... master"})
    label = text()
    color = text()
    rank = number()


class Lockable(Schema):
    locked = F.Boolean(
        required=True, metadata={"description": "True when this viewer may not open it."}
    )
    subscription_level = text_or_null(metadata={"description": "free or pro"})


class Price(Schema):
    price = text(metadata={"description": "The amount with two decimals, e.g. '19.99'"})
    currency = text(metadata={"description": "USD, EUR or INR", "enum": list(CURRENCIES)})


class Purchasable(Schema):
    entity = text(validate=ma.validate.OneOf(("program", "video", "masterclass")))
    entityId = number()
    currentUserPrice = one_or_null(
        Price, metadata={"description": "What this viewer pays to buy it; null: not for sale"}
    )


class LockedOffer(Purchasable):
    title = text_or_null()
    hero_image = one_or_null(Image)


class Option(Named):
    """A teacher, trainer, topic or lesson category as the filter panels list them."""

    slug = F.String(metadata={"description": "Topics and lesson categories"})
