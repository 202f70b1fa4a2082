"""Broken site links in content: a path of this site in a text, markdown or link field that
leads nowhere (`flask --app bff cms check-links`, for editors).

A link is read from markdown (`[text](/videos/11)`) and from a field that holds nothing but an
address (a home section's `link_url`); an address on the site's own host counts as its path.
It is broken when the client has no such page (``bff.pages.paths``) or when the page is an
entry's and the site does not show that entry (deleted, unpublished, or published for later).
Strapi refuses to delete or unpublish an entry others link to (cms-schema/src/editorial/links.js);
this finds what got past it: a link typed to an entry that never was, or content from before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..cms.content_types import ContentType, Model
from ..cms.query import MAX_LIMIT, Query
from ..cms.upstream import Upstream
from ..platform.site_paths import is_site_path
from . import paths

TEXT_TYPES = {"string", "text", "richtext"}
MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# The collection behind each kind of detail page (bff/pages/paths.py DETAILS).
DETAIL_COLLECTIONS = {
    "article": "articles",
    "lesson": "lessons",
    "episode": "masterclass-episodes",
    "video": "videos",
    "program": "programs",
    "program_chapter": "program-chapters",
}


@dataclass(frozen=True)
class BrokenLink:
    type: str  # the linking entry's collection or single type (articles, home-hub)
    id: str  # its id, or "" for a single type
    field: str  # where the link is: content, sections[2].link_url
    link: str
    reason: str


def site_path(link: str, own_hosts: set[str]) -> str | None:
    """The site path a link leads to, or None for another site, a mail link or an anchor."""
    parts = urlsplit(link.strip())
    if parts.scheme or parts.netloc:
        if parts.scheme not in ("http", "https") or parts.hostname not in own_hosts:
            return None
        path = parts.path or "/"
    else:
        path = parts.path
    return path if is_site_path(path) else None


def links_in(value: str, whole_field: bool) -> list[str]:
    """The links of a field: its markdown links, or the field itself when it is an address."""
    found = MARKDOWN_LINK.findall(value)
    stripped = value.strip()
    if whole_field and (stripped.startswith("/") or stripped.startswith("http")):
        found.append(stripped)
    return found


class LinkChecker:
    def __init__(self, upstream: Upstream, model: Model, own_hosts: set[str]):
        self.upstream = upstream
        self.model = model
        self.own_hosts = own_hosts
        self._shown: dict[str, tuple[set[int], set[str]]] = {}

    def broken(self) -> list[BrokenLink]:
        problems = []
        for content_type in sorted(self.model.types.values(), key=lambda t: t.rest_path):
            for entry in self._entries(content_type):
                entry_id = str(entry.get("id", "")) if content_type.kind == "collectionType" else ""
                for field, link in self._links(content_type.attributes, entry, ""):
                    reason = self._reason(link)
                    if reason:
                        problems.append(
                            BrokenLink(content_type.rest_path, entry_id, field, link, reason)
                        )
        return problems

    # Reading ----------------------------------------------------------------------------

    def _entries(self, content_type: ContentType) -> Iterator[dict[str, Any]]:
        populate = self._populate(content_type.attributes)
        if content_type.kind == "singleType":
            found = self.upstream.single(content_type.rest_path, populate)
            if found and found.get("data"):
                yield found["data"]
            return
        start = 0
        while True:
            query = Query(content_type.rest_path, start=start, limit=MAX_LIMIT, populate=populate)
            page = self.upstream.find(query)
            yield from page["data"]
            start += MAX_LIMIT
            if not page["data"] or start >= page["meta"]["pagination"]["total"]:
                return

    def _populate(self, attributes: dict[str, Any]) -> dict[str, Any]:
        """Every component, nested ones too (their text fields may hold links)."""
        return {
            name: self._populate(self.model.components.get(attribute["component"], {}))
            for name, attribute in attributes.items()
            if attribute.get("type") == "component"
        }

    def _links(
        self, attributes: dict[str, Any], entry: dict[str, Any], prefix: str
    ) -> Iterator[tuple[str, str]]:
        for name, attribute in attributes.items():
            value = entry.get(name)
            kind = attribute.get("type")
            if kind in TEXT_TYPES and isinstance(value, str):
                for link in links_in(value, whole_field=kind == "string"):
                    yield f"{prefix}{name}", link
            elif kind == "component" and value:
                nested = self.model.components.get(attribute["component"], {})
                items = value if isinstance(value, list) else [value]
                listed = isinstance(value, list)
                for n, item in enumerate(items):
                    where = f"{prefix}{name}[{n}]." if listed else f"{prefix}{name}."
                    if isinstance(item, dict):
                        yield from self._links(nested, item, where)

    # Judging ----------------------------------------------------------------------------

    def _reason(self, link: str) -> str | None:
        path = site_path(link, self.own_hosts)
        if path is None:
            return None
        resolved = paths.resolve(path)
        if resolved is paths.NOT_FOUND or resolved.kind == "not_found":
            return "no such page on the site"
        collection = DETAIL_COLLECTIONS.get(resolved.kind)
        if collection is None:
            return None
        ids, slugs = self._published(collection)
        if resolved.item in ids or resolved.item in slugs:
            return None
        return f"no published {resolved.kind.replace('_', ' ')} {resolved.item}"

    def _published(self, collection: str) -> tuple[set[int], set[str]]:
        """The ids (and slugs) of the entries of ``collection`` the site shows now."""
        if collection not in self._shown:
            ids: set[int] = set()
            slugs: set[str] = set()
            start = 0
            while True:
                page = self.upstream.find(Query(collection, start=start, limit=MAX_LIMIT))
                for entry in page["data"]:
                    ids.add(entry["id"])
                    if entry.get("slug"):
                        slugs.add(entry["slug"])
                start += MAX_LIMIT
                if not page["data"] or start >= page["meta"]["pagination"]["total"]:
                    break
            self._shown[collection] = (ids, slugs)
        return self._shown[collection]
