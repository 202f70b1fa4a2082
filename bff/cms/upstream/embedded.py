"""The embedded content store: the seed of cms-schema/seed, answered as Strapi v5's REST API would.

It reads the same content-type schemas editors get in Strapi and applies the same populate,
filter, sort and pagination rules, so the gateway cannot tell it from a real Strapi; the contract
tests hold both to identical answers.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from ..model import PUBLIC_ID, ContentType, Model, load_model
from ..query import Query

MAX_PAGE = 100  # Strapi's default maxLimit


class EmbeddedStore:
    kind = "embedded"

    def __init__(self, seed_path: Path, model: Model | None = None):
        self.seed_path = seed_path
        self._model = model

    def ping(self) -> None:
        if not (self.seed_path / "index.json").is_file():
            raise RuntimeError(f"seed content not found at {self.seed_path}")

    # The upstream interface -------------------------------------------------------------

    def find(self, query: Query) -> dict:
        """A page of a collection: ``{"data": [...], "meta": {"pagination": {...}}}``."""
        content_type = self.model.by_path(query.collection)
        entries = [
            raw
            for raw in self._entries[content_type.uid].values()
            if self._matches(content_type, raw, query)
        ]
        for path, direction in reversed((*query.sort, ("id", "asc"))):
            entries.sort(
                key=lambda raw, path=path: _sort_key(self._value_at(content_type, raw, path)),
                reverse=direction == "desc",
            )
        limit = min(query.limit, MAX_PAGE)
        page = entries[query.start : query.start + limit]
        return {
            "data": [self._render(content_type, raw, query.populate) for raw in page],
            "meta": {"pagination": {"start": query.start, "limit": limit, "total": len(entries)}},
        }

    def single(self, rest_path: str, populate: dict) -> dict | None:
        """A single type's one entry, or None when editors have not created it."""
        content_type = self.model.by_path(rest_path)
        raw = next(iter(self._entries[content_type.uid].values()), None)
        return None if raw is None else {"data": self._render(content_type, raw, populate)}

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
    def _index(self) -> dict:
        return json.loads((self.seed_path / "index.json").read_text())

    @cached_property
    def _entries(self) -> dict[str, dict[int, dict]]:
        """Every seed entry by content-type uid, then id."""
        entries: dict[str, dict[int, dict]] = {uid: {} for uid in self.model.types}
        for item in self._index["content_types"]:
            loaded = json.loads((self.seed_path / item["file"]).read_text())
            rows = loaded if isinstance(loaded, list) else [loaded]
            entries[item["uid"]] = {row["id"]: row for row in rows}
        return entries

    @cached_property
    def _media(self) -> dict[str, dict]:
        """Seed media by key, shaped as Strapi's upload plugin answers them."""
        stored = json.loads((self.seed_path / self._index.get("media", "media.json")).read_text())
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

    @cached_property
    def _inverse(self) -> dict[tuple[str, str], dict[int, list[int]]]:
        """For each (uid, attribute) on the mappedBy side: owner id -> related ids, in id order."""
        inverse: dict[tuple[str, str], dict[int, list[int]]] = {}
        for content_type in self.model.types.values():
            for name, attribute in content_type.attributes.items():
                mapped_by = attribute.get("mappedBy")
                if attribute.get("type") != "relation" or not mapped_by:
                    continue
                links: dict[int, list[int]] = {}
                for raw in self._entries[attribute["target"]].values():
                    for owner in _ids(raw.get(mapped_by)):
                        links.setdefault(owner, []).append(raw["id"])
                inverse[(content_type.uid, name)] = links
        return inverse

    # Rendering --------------------------------------------------------------------------

    def _related_ids(self, content_type: ContentType, raw: dict, name: str) -> list[int]:
        attribute = content_type.attributes[name]
        if attribute.get("mappedBy"):
            return self._inverse[(content_type.uid, name)].get(raw["id"], [])
        return _ids(raw.get(name))

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
        value = raw.get(name)
        component = self.model.components[attribute["component"]]
        if attribute.get("repeatable"):
            return [
                self._component(component, item, nested, n) for n, item in enumerate(value or [], 1)
            ]
        return None if value is None else self._component(component, value, nested, 1)

    def _component(self, attributes: dict, value: dict, populate: dict, number: int) -> dict:
        rendered = {"id": number}
        for name, attribute in attributes.items():
            if attribute.get("type") == "media":
                if name in populate:
                    key = value.get(name)
                    rendered[name] = self._media.get(key) if key else None
            else:
                rendered[name] = value.get(name)
        return rendered

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

    def _matches(self, content_type: ContentType, raw: dict, query: Query) -> bool:
        for condition in query.filters:
            relation, _, name = condition.path.rpartition(".")  # "teacher.id" or a plain field
            if relation:
                target = self.model.types[content_type.attributes[relation]["target"]]
                related = self._related_ids(content_type, raw, relation)
                present = {self._entries[target.uid][i].get(name) for i in related}
            else:
                present = {raw.get(condition.path)}
            if not present & set(condition.values):
                return False
        return True


def _ids(value) -> list[int]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _sort_key(value):
    # Nulls first, as SQLite orders them (PostgreSQL puts them last): sort fields are never empty.
    return (value is not None, value if value is not None else 0)
