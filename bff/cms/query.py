"""Content queries: the /cms dialect (Strapi v3 style) parsed into one upstream-neutral form."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..platform.errors import ApiError

MAX_LIMIT = 100
DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class Filter:
    """Entries whose ``path`` is one of ``values``: a field (``slug``) or a relation's id
    (``teacher.id``; for a to-many relation, any related entry counts)."""

    path: str
    values: tuple[int | str, ...]


@dataclass(frozen=True)
class Query:
    """What to ask the CMS for, in terms both upstreams understand.

    ``sort`` holds (field path, "asc"|"desc") pairs; ``populate`` maps a relation, component or
    media field to what to populate inside it (an empty dict: the field itself).
    """

    collection: str
    start: int = 0
    limit: int = DEFAULT_LIMIT
    sort: tuple[tuple[str, str], ...] = ()
    filters: tuple[Filter, ...] = ()
    populate: dict = field(default_factory=dict, hash=False, compare=True)

    def cache_key(self) -> str:
        """The same question always gives the same key, whatever the order of its parts."""
        return json.dumps(
            {
                "c": self.collection,
                "s": self.start,
                "l": self.limit,
                "o": self.sort,
                "f": sorted((f.path, sorted(map(str, f.values))) for f in self.filters),
                "p": self.populate,
            },
            sort_keys=True,
            separators=(",", ":"),
        )


@dataclass(frozen=True)
class ListArgs:
    """The /cms list parameters after validation."""

    start: int
    limit: int
    sort: tuple[str, str] | None
    filters: dict[str, tuple[int, ...]]


def parse_sort(value: str, allowed: Mapping[str, str]) -> tuple[str, str]:
    """``title:asc`` → ("title", "asc"); the key must be one the list offers."""
    key, _, direction = value.partition(":")
    direction = direction or "asc"
    if key not in allowed or direction not in ("asc", "desc"):
        raise ApiError(
            400,
            "invalid_sort",
            f"Sort by one of {', '.join(sorted(allowed))}, followed by :asc or :desc.",
            fields={"_sort": f"Unknown sort {value!r}."},
        )
    return key, direction


def list_args(
    *,
    start: int | None,
    limit: int | None,
    sort: str | None,
    sort_by: str | None,
    filters: dict[str, list[int]],
    sort_keys: Mapping[str, str],
) -> ListArgs:
    """Check paging and sorting and collect filters; anything wrong is a 400 naming the field.
    ``_sort`` wins over ``_sortBy`` (the same parameter under its other name); both are checked."""
    sorts = [parse_sort(value, sort_keys) for value in (sort, sort_by) if value is not None]
    return ListArgs(
        start=start or 0,
        limit=DEFAULT_LIMIT if limit is None else min(limit, MAX_LIMIT),
        sort=next(iter(sorts), None),
        filters={name: tuple(values) for name, values in filters.items() if values},
    )
