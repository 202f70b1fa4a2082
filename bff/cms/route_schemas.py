"""What the /cms routes take (paging, sorts, filters, preview links) and the webhook's answer."""

from __future__ import annotations

import marshmallow as ma

from ..platform import site_paths
from ..platform.openapi import Schema
from .listings import LESSONS, PROGRAMS

F = ma.fields

PositiveIds = F.List(F.Integer(validate=ma.validate.Range(min=1)))


class Paging(Schema):
    limit = F.Integer(
        data_key="_limit",
        validate=ma.validate.Range(min=1),
        metadata={"description": "Page size; at most 100 (larger values are capped)."},
    )
    start = F.Integer(
        data_key="_start", validate=ma.validate.Range(min=0), metadata={"description": "Offset."}
    )


def sorting(keys) -> type[Schema]:
    """The sort parameters of a list: one of its keys, optionally followed by :asc or :desc.
    The values are documented; the list checks them itself (400 ``invalid_sort``)."""
    values = [value for key in sorted(keys) for value in (key, f"{key}:asc", f"{key}:desc")]
    return Schema.from_dict(
        {
            "sort": F.String(
                data_key="_sort", metadata={"description": "key:asc or key:desc", "enum": values}
            ),
            "sort_by": F.String(
                data_key="_sortBy",
                metadata={
                    "description": "The same as _sort, which wins when both are given.",
                    "enum": values,
                },
            ),
        }
    )


def filtering(names) -> type[Schema]:
    """The filter parameters of a list: ids for each name, repeated for any of several."""
    return Schema.from_dict({name: PositiveIds for name in names})


class LessonFilters(filtering(LESSONS.filters)):
    pass


class LessonListArgs(Paging, sorting(LESSONS.sorts), LessonFilters):
    pass


class ProgramListArgs(Paging, sorting(PROGRAMS.sorts), filtering(PROGRAMS.filters)):
    pass


class MostViewedArgs(Schema):
    limit = F.Integer(data_key="_limit", load_default=3, validate=ma.validate.Range(min=1, max=20))


SITE_PATH = [
    ma.validate.Length(max=site_paths.MAX_LENGTH),
    ma.validate.Regexp(site_paths.PATTERN, error="Not a path of this site."),
]


class PreviewLink(Schema):
    """A preview link as Strapi's Preview button makes it (cms-schema/src/site-preview.js)."""

    path = F.String(
        required=True,
        validate=SITE_PATH,
        metadata={"description": "The page of this site to open, e.g. /lessons/42."},
    )
    expires = F.Integer(
        required=True, metadata={"description": "When the link expires (Unix seconds)."}
    )
    signature = F.String(
        required=True,
        validate=ma.validate.Regexp(r"^[0-9a-f]{64}$"),
        metadata={"description": 'HMAC-SHA256 of "path\\nexpires" with CMS_PREVIEW_SECRET, hex.'},
    )


class PreviewExit(Schema):
    path = F.String(
        validate=SITE_PATH,
        metadata={"description": "The page to open after leaving the preview (default /home)."},
    )


class WebhookEvent(Schema):
    class Meta:
        unknown = ma.INCLUDE  # Strapi sends more than we read

    event = F.String(required=True)
    model = F.String(allow_none=True)
    uid = F.String(allow_none=True)
    entry = F.Dict(allow_none=True)
    media = F.Dict(allow_none=True)


class Purged(Schema):
    purged = F.List(F.String(), required=True)


class PurgedAnswer(Schema):
    data = F.Nested(Purged, required=True)
