"""The embedded content store: the seed of cms-schema/seed, answered as Strapi v5's REST API would.

It reads the same content-type schemas editors get in Strapi and applies the same populate,
filter, sort and pagination rules, so the gateway cannot tell it from a real Strapi; the contract
tests hold both to identical answers.
"""

from __future__ import annotations

import contextlib
import ctypes
import heapq
import json
from array import array
from collections.abc import Iterator
from functools import cached_property, partial
from pathlib import Path

from .. import scheduled
from ..content_types import PUBLIC_ID, ContentType, Model, load_model
from ..query import Query
from . import UpstreamUnavailable
from .seed_rows import (
    Ranks,
    Rows,
    SeedChanged,
    SizedMemo,
    array_size,
    decoded_memo,
    ids_of,
    index_size,
)

MAX_PAGE = 100  # Strapi's default maxLimit
# What a store keeps besides where its entries lie (seed_rows.py), built on first use and dropped
# least recently used first, each bounded in bytes. The gateway asks for a few sorts and filters
# per collection (bff/cms/listings.py): at 100 times the seed, its sort orders (an array of ids
# per collection and sort, and for filtered pages each id's place: 8 and 12 bytes an entry) take
# about 1 MB and its filter maps (one per collection and filtered field) about 2 MB, so these
# bounds hold them all; the entries read last stay decoded: the taxonomy and the pages asked for.
ORDERS_BYTES = 4 << 20
FILTER_INDEXES_BYTES = 4 << 20
DECODED_BYTES = 4 << 20


class EmbeddedStore:
    kind = "embedded"

    def __init__(self, seed_path: Path, model: Model | None = None):
        self.seed_path = seed_path
        self._model = model
        self._order = SizedMemo(self._build_order, ORDERS_BYTES // 2, array_size)
        self._rank = SizedMemo(self._build_rank, ORDERS_BYTES // 2, lambda ranks, *_: ranks.size)
        self._index_of = SizedMemo(self._build_index, FILTER_INDEXES_BYTES, index_size)
        self._decoded = decoded_memo(DECODED_BYTES)

    def ping(self) -> None:
        if not (self.seed_path / "index.json").is_file():
            raise RuntimeError(f"seed content not found at {self.seed_path}")

    # The upstream interface -------------------------------------------------------------

    def find(self, query: Query) -> dict:
        """A page of a collection: ``{"data": [...], "meta": {"pagination": {...}}}``.

        Answered from indexes, as a database would: the entries matching the filters come from
        one map per filtered field, their order from the collection pre-sorted once per sort;
        only the page's entries are read and rendered (docs/content-gateway.md)."""
        with _reading_seed():
            return self._find(query)

    def _find(self, query: Query) -> dict:
        content_type = self.model.by_path(query.collection)
        limit = min(query.limit, MAX_PAGE)
        end = query.start + limit
        matching = self._matching(content_type, query.filters)
        hidden = self._scheduled_hidden(content_type)
        if hidden:  # published for a time to come (scheduled.py)
            everything = self._index_of(content_type.uid, "id")
            matching = (set(everything) if matching is None else matching) - hidden
        if matching is not None and len(matching) <= 1:  # a detail: nothing to put in order
            total, page = len(matching), list(matching)[query.start : end]
        else:
            sort = (*query.sort, ("id", "asc"))
            order = self._order(content_type.uid, sort)
            if matching is None:
                total, page = len(order), order[query.start : end]
            else:
                rank = partial(self._rank, content_type.uid, sort)  # made only when needed
                total, page = len(matching), _first(end, matching, order, rank)[query.start :]
        entries = self._entries[content_type.uid]
        return {
            "data": [self._render(content_type, entries[i], query.populate) for i in page],
            "meta": {"pagination": {"start": query.start, "limit": limit, "total": total}},
        }

    def single(self, rest_path: str, populate: dict) -> dict | None:
        """A single type's one entry, or None when editors have not created it."""
        content_type = self.model.by_path(rest_path)
        with _reading_seed():
            raw = next(iter(self._entries[content_type.uid].values()), None)
            return None if raw is None else {"data": self._render(content_type, raw, populate)}

    def released(self, content_type: ContentType, since, until) -> list[int]:
        """The ids of the entries whose scheduled time came in (since, until]."""
        found: set[int] = set()
        with _reading_seed():
            for name in scheduled.scheduling_fields(content_type):
                index = self._index_of(content_type.uid, name)
                for value in scheduled.released_between(index, since, until):
                    found |= index[value]
        return sorted(found)

    def _scheduled_hidden(self, content_type: ContentType) -> set[int]:
        """The entries held back now: a field's values are read from its index, not entry by
        entry (what the seed holds is published: the site's content is all there is)."""
        hidden: set[int] = set()
        fields = scheduled.scheduling_fields(content_type)
        if not fields:
            return hidden
        now = scheduled.current_time()
        for name in fields:
            index = self._index_of(content_type.uid, name)
            for value in scheduled.hidden_values(index, now):
                hidden |= index[value]
        return hidden

    def drafts(self) -> EmbeddedStore:
        """The seed has no drafts: everything in it is published."""
        return self

    def media_file(self, relative: str) -> Path | None:
        """The file behind a /media/... url, if the seed has it."""
        candidate = (self.seed_path / "media" / relative).resolve()
        media_root = (self.seed_path / "media").resolve()
        if media_root in candidate.parents and candidate.is_file():
            return candidate
        return None

    # Loading ----------------------------------------------------------------------------

    @property
    def model(self) -> Model:
        if self._model is None:
            self._model = load_model()
        return self._model

    @cached_property
    def _seed_index(self) -> dict:
        return json.loads((self.seed_path / "index.json").read_text())

    @cached_property
    def _entries(self) -> Collections:
        """Every seed entry by content-type uid, then id; a collection is read on first use."""
        return Collections(self._load)

    def _load(self, uid: str) -> Rows:
        # The relations whose other side is derived from this collection's entries
        # (a teacher's lessons from the lessons' teacher): collected as the entries are read.
        linked = {
            attribute["mappedBy"]
            for content_type in self.model.types.values()
            for attribute in content_type.attributes.values()
            if attribute.get("type") == "relation"
            and attribute.get("mappedBy")
            and attribute["target"] == uid
        }
        files = {item["uid"]: item["file"] for item in self._seed_index["content_types"]}
        path = self.seed_path / files[uid] if uid in files else None
        rows = Rows(path, self._decoded, tuple(sorted(linked)))
        _release_freed_memory()
        return rows

    @cached_property
    def _media(self) -> dict[str, dict]:
        """Seed media by key, shaped as Strapi's upload plugin answers them."""
        stored = json.loads(
            (self.seed_path / self._seed_index.get("media", "media.json")).read_text()
        )
        media = {}
        for number, key in enumerate(sorted(stored), start=1):
            item = stored[key]
            media[key] = {
                "id": number,
                "documentId": f"media{number:08d}",
                "name": item["name"],
                "alternativeText": item.get("alternativeText"),
                "caption": None,
                "width": item.get("width"),
                "height": item.get("height"),
                "formats": item.get("formats"),
                "ext": Path(item["url"]).suffix,
                "mime": item.get("mime"),
                "url": item["url"],
                "provider": "local",
            }
        return media

    # Rendering --------------------------------------------------------------------------

    def _related_ids(self, content_type: ContentType, raw: dict, name: str) -> list[int]:
        attribute = content_type.attributes[name]
        if attribute.get("mappedBy"):
            links = self._entries[attribute["target"]].links[attribute["mappedBy"]]
            return links.get(raw["id"], [])
        return ids_of(raw.get(name))

    def _render(self, content_type: ContentType, raw: dict, populate: dict) -> dict:
        # The seed's ids are the entries' public ids: the entry answers as the gateway's
        # translation of Strapi does (strapi.py).
        entry = {"id": raw["id"], "documentId": f"{content_type.singular}{raw['id']:08d}"}
        for name, attribute in content_type.attributes.items():
            kind = attribute.get("type")
            if name == PUBLIC_ID:
                continue
            if kind in ("relation", "media", "component"):
                if name in populate:
                    entry[name] = self._populated(
                        content_type, raw, name, attribute, populate[name]
                    )
            else:
                entry[name] = raw.get(name, attribute.get("default"))
        created = raw.get("created_at")
        entry.update(createdAt=created, updatedAt=created, publishedAt=created)
        return entry

    def _populated(self, content_type, raw, name, attribute, nested: dict):
        kind = attribute["type"]
        if kind == "relation":
            target = self.model.types[attribute["target"]]
            rows = [
                self._entries[target.uid][i] for i in self._related_ids(content_type, raw, name)
            ]
            rendered = [self._render(target, row, nested) for row in rows]
            return (
                rendered if attribute["relation"].endswith("ToMany") else next(iter(rendered), None)
            )
        if kind == "media":
            keys = raw.get(name)
            if attribute.get("multiple"):
                return [self._media[key] for key in keys or []] or None
            return self._media.get(keys) if keys else None
        return self._nested(attribute, raw.get(name), nested)

    def _component(self, attributes: dict, value: dict, populate: dict, number: int) -> dict:
        rendered = {"id": number}
        for name, attribute in attributes.items():
            kind = attribute.get("type")
            if kind == "media":
                if name in populate:
                    key = value.get(name)
                    rendered[name] = self._media.get(key) if key else None
            elif kind == "component":
                # As in Strapi, a component inside a component is there only when populated.
                if name in populate:
                    rendered[name] = self._nested(attribute, value.get(name), populate[name])
            else:
                rendered[name] = value.get(name)
        return rendered

    def _nested(self, attribute: dict, value, populate: dict):
        component = self.model.components[attribute["component"]]
        if attribute.get("repeatable"):
            return [
                self._component(component, item, populate, n)
                for n, item in enumerate(value or [], 1)
            ]
        return None if value is None else self._component(component, value, populate, 1)

    # Querying ---------------------------------------------------------------------------

    def _value_at(self, content_type: ContentType, raw: dict, path: str):
        """A field, or a field of a to-one relation (``difficulty_level.rank``)."""
        head, _, rest = path.partition(".")
        if head == "createdAt":
            return raw.get("created_at")
        if not rest:
            return raw.get(head)
        attribute = content_type.attributes[head]
        target = self.model.types[attribute["target"]]
        related = self._related_ids(content_type, raw, head)
        return (
            self._value_at(target, self._entries[target.uid][related[0]], rest) if related else None
        )

    def _matching(self, content_type: ContentType, filters) -> set[int] | None:
        """The ids of the entries that pass every filter; None when there is none to pass."""
        matching: set[int] | None = None
        for condition in filters:
            if condition.path == "id":  # the primary key: no index needed
                entries = self._entries[content_type.uid]
                found = {value for value in condition.values if value in entries}
            else:
                index = self._index_of(content_type.uid, condition.path)
                found = set().union(*(index.get(value, ()) for value in condition.values))
            matching = found if matching is None else matching & found
            if not matching:
                break
        return matching

    def _build_index(self, uid: str, path: str) -> dict:
        """``path``'s value -> the ids of the entries that have it (a to-many relation's entry
        is under each of its related entries' values)."""
        content_type = self.model.types[uid]
        relation, _, name = path.rpartition(".")  # "teacher.id" or a plain field
        index: dict = {}
        for raw in self._entries[uid].values():
            if relation:
                target = self.model.types[content_type.attributes[relation]["target"]]
                related = self._related_ids(content_type, raw, relation)
                present = {self._entries[target.uid][i].get(name) for i in related}
            else:
                present = {raw.get(path)}
            for value in present:
                index.setdefault(value, set()).add(raw["id"])
        return {value: frozenset(ids) for value, ids in index.items()}

    def _build_order(self, uid: str, sort: tuple) -> array:
        """Every id of the collection in ``sort`` order. Only the sort keys are held, one entry
        decoded at a time."""
        content_type = self.model.types[uid]
        paths = [path for path, _ in sort]
        keyed = [
            (raw["id"], [_sort_key(self._value_at(content_type, raw, path)) for path in paths])
            for raw in self._entries[uid].values()
        ]
        for place, (_, direction) in reversed(list(enumerate(sort))):
            keyed.sort(key=lambda item, place=place: item[1][place], reverse=direction == "desc")
        return array("q", (entry_id for entry_id, _ in keyed))

    def _build_rank(self, uid: str, sort: tuple) -> Ranks:
        """Each id's place in ``sort`` order, for picking the first of few matches."""
        return Ranks(self._order(uid, sort))


class Collections(dict):
    """Collections by uid, each read the first time it is asked for: a lessons page does not
    wait for the program chapters to be read."""

    def __init__(self, load):
        super().__init__()
        self._load = load

    def __missing__(self, uid: str) -> Rows:
        rows = self[uid] = self._load(uid)
        return rows


@contextlib.contextmanager
def _reading_seed() -> Iterator[None]:
    """A seed file rewritten under the running store fails as an unreachable CMS does (a stale
    copy, else 503), not with pieces of two seeds."""
    try:
        yield
    except SeedChanged as error:
        raise UpstreamUnavailable(str(error)) from error


def _release_freed_memory() -> None:
    """Hands the memory freed after reading a seed file (its bytes and text, each entry decoded
    once) back to the system: glibc keeps it otherwise, and a worker would stay as large as its
    largest file made it."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _first(count: int, ids: set[int], order: array, rank) -> list[int]:
    """The first ``count`` of ``ids`` in ``order``: by their places (``rank()``, id -> place)
    when they are few, by walking the order when they are so many that the first come early."""
    if count * len(order) < len(ids) * len(ids):
        first = []
        for entry_id in order:
            if entry_id in ids:
                first.append(entry_id)
                if len(first) == count:
                    break
        return first
    return heapq.nsmallest(count, ids, key=rank().__getitem__)


def _sort_key(value):
    # Nulls first, as SQLite orders them (PostgreSQL puts them last): sort fields are never empty.
    return (value is not None, value if value is not None else 0)
