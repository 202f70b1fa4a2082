"""The watchable items, as the gateway names them, read through the catalogue for one viewer.

Four kinds of item play a video: a lesson's chapter ('lesson_chapter', '<lesson id>:<chapter
number>'), a masterclass episode ('masterclass_episode', '<episode id>'), a program's subchapter
('program_subchapter', '<chapter id>:<position>') and a video ('video', '<video id>'). Chapters and
subchapters are components without ids of their own: their parent and their 1-based place name
them, as the gateway's answers do. What a card needs is read here, from the catalogue with the
viewer's rights: a locked item raises 403 content_locked, an unknown one 404 not_found, and a card
never carries a video-host id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..platform.errors import ApiError

LESSON_CHAPTER = "lesson_chapter"
EPISODE = "masterclass_episode"
SUBCHAPTER = "program_subchapter"
VIDEO = "video"
ITEM_TYPES = (LESSON_CHAPTER, EPISODE, SUBCHAPTER, VIDEO)

# '<parent id>:<1-based place>' for the parts of a lesson or a program chapter; '<id>' else.
PART_ID_PATTERN = r"^([0-9]{1,9}):([1-9][0-9]{0,3})$"
ENTRY_ID_PATTERN = r"^([0-9]{1,9})$"
ID_PATTERN = r"^[0-9]{1,9}(:[1-9][0-9]{0,3})?$"
PART_ID = re.compile(PART_ID_PATTERN.removesuffix("$") + r"\Z")
_ENTRY_ID = re.compile(ENTRY_ID_PATTERN.removesuffix("$") + r"\Z")
ID_HELP = (
    "'<lesson id>:<chapter number>' for a lesson_chapter, '<chapter id>:<position>' for a"
    " program_subchapter (as the gateway names them, e.g. '12:3'), the entry's id otherwise"
)


@dataclass(frozen=True)
class Item:
    type: str
    id: str
    parent_id: int  # the entry the item lives in (its own entry for episodes and videos)
    place: int  # its 1-based place in the entry (1 for episodes and videos)


def item(item_type: str, item_id: str) -> Item:
    """The item a type and id name; 404 not_found for an unknown type or an id that names no
    item of the type (a subchapter's id without its position, say)."""
    has_parts = item_type in (LESSON_CHAPTER, SUBCHAPTER)
    match = (PART_ID if has_parts else _ENTRY_ID).match(item_id)
    if item_type not in ITEM_TYPES or not match:
        raise ApiError(404, "not_found", "We couldn't find that item.")
    place = int(match.group(2)) if has_parts else 1
    return Item(item_type, item_id, int(match.group(1)), place)


def card(catalogue: Catalogue, found: Item, rights: Rights) -> dict[str, Any]:
    """What a continue-learning card shows of the item, read with the viewer's rights: title,
    thumbnail URL, duration and the ids its link needs."""
    return _CARDS[found.type](catalogue, found, rights)


def _part(parts: list[dict[str, Any]], place: int, name: str) -> dict[str, Any]:
    if place > len(parts):
        raise ApiError(404, "not_found", f"We couldn't find that {name}.")
    return parts[place - 1]


def _card(
    played: dict[str, Any], subtitle: Any, thumbnail: str | None, link: dict[str, Any]
) -> dict[str, Any]:
    """A card of what plays: its title and duration, under the subtitle of what holds it."""
    return {
        "title": played.get("title"),
        "subtitle": subtitle,
        "thumbnail": thumbnail,
        "duration": played.get("duration"),
        "link": link,
    }


def _lesson_chapter(catalogue: Catalogue, found: Item, rights: Rights) -> dict[str, Any]:
    lesson = catalogue.lesson(found.parent_id, rights)
    chapter = _part(lesson.get("chapters") or [], found.place, "lesson chapter")
    link = {"lesson_id": lesson["id"], "chapter": found.place}
    return _card(chapter, lesson.get("title"), _image_url(lesson.get("thumbnail")), link)


def _episode(catalogue: Catalogue, found: Item, rights: Rights) -> dict[str, Any]:
    episode = catalogue.episode(found.parent_id, rights)
    link = {"masterclass_episode_id": episode["id"]}
    return _card(episode, episode.get("chapter_title"), _image_url(episode.get("thumbnail")), link)


def _subchapter(catalogue: Catalogue, found: Item, rights: Rights) -> dict[str, Any]:
    chapter = catalogue.program_chapter(found.parent_id, rights)
    sub = _part(chapter.get("subchapters") or [], found.place, "subchapter")
    program = chapter.get("program") or {}
    thumbnail = (sub.get("dm_data") or {}).get("thumbnail_720_url")
    link = {"program_id": program.get("id"), "chapter_id": chapter["id"]}
    return _card(sub, chapter.get("title"), thumbnail, link)


def _video(catalogue: Catalogue, found: Item, rights: Rights) -> dict[str, Any]:
    video = catalogue.video(found.parent_id, rights)
    link = {"entry_id": video["id"]}
    return _card(video, video.get("subhead"), _image_url(video.get("hero_image")), link)


def _image_url(image: dict[str, Any] | None) -> str | None:
    """A card-sized picture: the image's small format when it has one."""
    if not image:
        return None
    small = (image.get("formats") or {}).get("small") or {}
    url = small.get("url") or image.get("url")
    return str(url) if url else None


_CARDS: dict[str, Callable[[Catalogue, Item, Rights], dict[str, Any]]] = {
    LESSON_CHAPTER: _lesson_chapter,
    EPISODE: _episode,
    SUBCHAPTER: _subchapter,
    VIDEO: _video,
}
