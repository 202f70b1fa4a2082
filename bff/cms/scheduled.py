"""Entries published for a time to come: off the site until then, and purged at that moment.

An editor publishes an entry with a "Publish at" (``publish_at``) in the future, or an article
with a "Date posted" to come: both upstreams leave it out of every list, count and page until
that time (``visible_now`` below, applied to the published content only; a preview session sees
it). What was cached before then does not know it is due, so ``release_due`` purges the tags of
the entries whose time came, as Strapi's webhook does on a publish (run every minute:
``flask --app bff cms release-scheduled``). Without it they show within CMS_CACHE_TTL.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import UTC, date, datetime, time, timedelta

from flask import has_app_context

from .content_types import ContentType

PUBLISH_AT = "publish_at"
DATE_POSTED = "date_posted"
SCHEDULING_FIELDS = (PUBLISH_AT, DATE_POSTED)


def scheduling_fields(content_type: ContentType) -> tuple[str, ...]:
    """The fields of the type that hold an entry back until their time."""
    return tuple(
        name
        for name in SCHEDULING_FIELDS
        if content_type.attributes.get(name, {}).get("type") in ("datetime", "date")
    )


def current_time() -> datetime:
    """Now, by the application's clock (which tests move) when there is an application."""
    if has_app_context():
        from ..access.clock import clock

        return clock()
    return datetime.now(UTC)


def moment(value: object) -> datetime | None:
    """A field's value as the moment it releases the entry: a datetime as given (UTC when it
    says no zone), a date at its first instant in UTC; None for no value or an unreadable one."""
    if not value or not isinstance(value, str):
        return None
    try:
        if "T" not in value:
            return datetime.combine(date.fromisoformat(value), time(), tzinfo=UTC)
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def strapi_visibility_params(content_type: ContentType, now: datetime) -> list[tuple[str, str]]:
    """Strapi filters keeping the entries whose every scheduling field is empty or past."""
    params = []
    for n, name in enumerate(scheduling_fields(content_type)):
        bound = strapi_bound(content_type, name, now)
        params += [
            (f"filters[$and][{n}][$or][0][{name}][$null]", "true"),
            (f"filters[$and][{n}][$or][1][{name}][$lte]", bound),
        ]
    return params


def strapi_bound(content_type: ContentType, name: str, now: datetime) -> str:
    """``now`` as Strapi compares it with the field: a date, or an ISO time in UTC."""
    utc = now.astimezone(UTC)
    if content_type.attributes[name]["type"] == "date":
        return utc.date().isoformat()
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def hidden_values(values: Collection[object], now: datetime) -> list[object]:
    """Which of a field's values hold an entry back at ``now``."""
    return [value for value in values if (at := moment(value)) is not None and at > now]


def released_between(values: Collection[object], since: datetime, until: datetime) -> list:
    """Which of a field's values release an entry in (since, until]."""
    return [value for value in values if (at := moment(value)) is not None and since < at <= until]


def release_tags(content_type: ContentType, entry_ids: Collection[int]) -> set[str]:
    """What a release purges: what a publish of those entries purges (webhook.purge_tags)."""
    if not entry_ids:
        return set()
    return {content_type.rest_path} | {f"{content_type.plural}:{i}" for i in entry_ids}


def release_due(
    find_released: Callable[[ContentType, datetime, datetime], list[int]],
    types: Collection[ContentType],
    now: datetime,
    window: timedelta,
) -> set[str]:
    """The tags of every entry whose time came in the last ``window`` (a job run every minute
    with a window of two sees each release at least once; a second purge costs nothing)."""
    tags: set[str] = set()
    for content_type in types:
        if scheduling_fields(content_type) and content_type.kind == "collectionType":
            tags |= release_tags(content_type, find_released(content_type, now - window, now))
    return tags
