"""What the index holds for each searchable item, read from the content the gateway reads.

An item is indexed as three texts, ranked in this order: its title, the people it is by (a
lesson's teacher, a program's trainers, an article's author) and its descriptions and body. Its
result is its public card: what a result shows, with the ``_entitlement`` marker the gateway's
locks turn into ``locked`` per viewer (bff/cms/locks.py). No video-host id is ever indexed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..cms.catalogue import Catalogue
from ..cms.normalize import Normalizer, entitlement
from .text import indexed_text

IMAGE: dict[str, Any] = {}


@dataclass(frozen=True)
class Document:
    kind: str
    item_id: int
    title: str  # normalised words (text.indexed_text)
    people: str
    body: str
    result: dict[str, Any]


@dataclass(frozen=True)
class Source:
    """One searchable content type: the collection it is read from, what to populate, and how
    an entry becomes a document (given the normaliser and the masterclass's id)."""

    kind: str
    collection: str
    populate: dict[str, Any]
    document: Callable[[dict[str, Any], Normalizer, int], Document]


def _result(
    kind: str,
    entry: dict[str, Any],
    path: str,
    summary: str | None,
    people: list[str],
    image: dict[str, Any] | None,
    marker: dict[str, Any] | None,
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "type": kind,
        "id": entry["id"],
        "title": entry.get("title") or "",
        "summary": summary,
        "people": ", ".join(people) or None,
        "image": image,
        "path": path,
        "subscription_level": entry.get("subscription_level"),
    }
    if marker is None:
        result["locked"] = False  # free to read for everyone (articles)
    else:
        result["_entitlement"] = marker
    return result


def _document(
    kind: str,
    entry: dict[str, Any],
    people: list[str],
    body: list[str | None],
    result: dict[str, Any],
) -> Document:
    return Document(
        kind=kind,
        item_id=entry["id"],
        title=indexed_text(entry.get("title")),
        people=indexed_text(*people),
        body=indexed_text(*body),
        result=result,
    )


def _names(people: Any) -> list[str]:
    found = people if isinstance(people, list) else [people]
    return [p["name"] for p in found if isinstance(p, dict) and p.get("name")]


def _lesson(entry: dict[str, Any], normalize: Normalizer, _masterclass: int) -> Document:
    people = _names(entry.get("teacher"))
    category = _names(entry.get("lesson_category"))
    summary = entry.get("description_short") or entry.get("description")
    marker = entitlement("lesson", entry["id"], entry.get("subscription_level"))
    image = normalize.image(entry.get("thumbnail"))
    result = _result("lesson", entry, f"/lessons/{entry['id']}", summary, people, image, marker)
    body = [entry.get("description_short"), entry.get("description"), *category]
    return _document("lesson", entry, people, body, result)


def _program(entry: dict[str, Any], normalize: Normalizer, _masterclass: int) -> Document:
    people = _names(entry.get("trainers"))
    bullets = [b.get("text") for b in entry.get("bullet_points") or []]
    marker = entitlement("program", entry["id"], entry.get("subscription_level"))
    image = normalize.image(entry.get("hero_image"))
    path = f"/program/{entry['id']}"
    result = _result("program", entry, path, entry.get("description"), people, image, marker)
    body = [entry.get("description"), *bullets, *_names(entry.get("topic"))]
    return _document("program", entry, people, body, result)


def _article(entry: dict[str, Any], normalize: Normalizer, _masterclass: int) -> Document:
    people = _names(entry.get("author"))
    path = f"/articles/{entry.get('slug') or entry['id']}"
    image = normalize.image(entry.get("hero_image"))
    result = _result("article", entry, path, entry.get("lede"), people, image, None)
    return _document("article", entry, people, [entry.get("lede"), entry.get("content")], result)


def _video(entry: dict[str, Any], normalize: Normalizer, _masterclass: int) -> Document:
    marker = entitlement("video", entry["id"], entry.get("subscription_level"))
    image = normalize.image(entry.get("hero_image"))
    summary = entry.get("subhead") or entry.get("description")
    result = _result("video", entry, f"/videos/{entry['id']}", summary, [], image, marker)
    body = [entry.get("subhead"), entry.get("description")]
    return _document("video", entry, [], body, result)


def _episode(entry: dict[str, Any], normalize: Normalizer, masterclass: int) -> Document:
    # A masterclass purchase covers every episode: the lock is the masterclass's (as on its page).
    marker = entitlement("masterclass", masterclass, entry.get("subscription_level"))
    image = normalize.image(entry.get("thumbnail"))
    path = f"/masterclass/chapter/{entry['id']}"
    chapter = entry.get("chapter") or {}
    result = _result("episode", entry, path, entry.get("description"), [], image, marker)
    body = [entry.get("description"), chapter.get("title")]
    return _document("episode", entry, [], body, result)


SOURCES = (
    Source(
        "lesson",
        "lessons",
        {"thumbnail": IMAGE, "teacher": {}, "lesson_category": {}},
        _lesson,
    ),
    Source(
        "program",
        "programs",
        {"hero_image": IMAGE, "trainers": {}, "topic": {}, "bullet_points": {}},
        _program,
    ),
    Source("article", "articles", {"hero_image": IMAGE, "author": {}}, _article),
    Source("video", "videos", {"hero_image": IMAGE}, _video),
    Source("episode", "masterclass-episodes", {"thumbnail": IMAGE, "chapter": {}}, _episode),
)
BY_KIND = {source.kind: source for source in SOURCES}
KINDS = tuple(BY_KIND)


def _masterclass_id(catalogue: Catalogue) -> int:
    masterclass = catalogue.single_entry("masterclass", {})
    return int(masterclass["id"]) if masterclass else 0


def documents(catalogue: Catalogue, kind: str, ids: tuple[int, ...] = ()) -> Iterator[Document]:
    """The documents of every published item of ``kind`` (or of those of ``ids``)."""
    source = BY_KIND[kind]
    masterclass = _masterclass_id(catalogue) if kind == "episode" else 0
    for entry in catalogue.entries(source.collection, source.populate, ids):
        yield source.document(entry, catalogue.normalize, masterclass)
