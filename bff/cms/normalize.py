"""Strapi v5 entries turned into the shapes the client reads, the same for every viewer.

Lockable items carry an ``_entitlement`` marker ({kind, id, level}) that locks.apply_locks turns
into ``locked`` per viewer after the cache, removing video-host ids and solutions (an exercise's
moves, a model game) the viewer may not have. Lesson chapters, program subchapters and episodes
carry their key positions, model game and exercises, checked with python-chess here
(chess_content.py), so once per cached answer."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from .chess_content import LogOnce, Report, Where, exercises, learning_fields

MediaUrl = Callable[[str], str]

FORMATS = ("thumbnail", "small", "medium", "large")


def focal_point(point) -> dict | None:
    """Strapi's focal point of an image (``{x, y}``, percents from the top left), when it is
    one."""
    if not isinstance(point, dict):
        return None
    x, y = point.get("x"), point.get("y")
    for value in (x, y):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
            return None
    return {"x": x, "y": y}


# A program chapter summary's exercise ids: not an answer's field (bff.learning.progress).
EXERCISE_IDS = "_exercise_ids"


def entitlement(kind: str, item_id: int, level: str | None) -> dict:
    return {"kind": kind, "id": item_id, "level": level or "free"}


def as_is(entry: dict, *names: str) -> dict:
    """Fields of the entry that reach the client as the CMS gives them."""
    return {name: entry.get(name) for name in names}


def own_card(kind: str, entry: dict) -> dict:
    """How the card of an item unlocked as itself (a lesson, program or video) starts: its
    entitlement, id and title."""
    return {
        "_entitlement": entitlement(kind, entry["id"], entry.get("subscription_level")),
        "id": entry["id"],
        "title": entry.get("title"),
    }


class Normalizer:
    def __init__(self, media_url: MediaUrl = lambda url: url, report: Report | None = None):
        self.media_url = media_url
        # Where dropped positions and exercises go: logged once per worker by default, listed
        # by `flask --app bff cms check-chess`.
        self.report: Report = report or LogOnce()

    def learning(self, entry: dict, item_type: str, item_id: str) -> dict:
        """The key positions, model game and exercises of a chapter, subchapter or episode."""
        return learning_fields(entry, Where(item_type, item_id, entry.get("title")), self.report)

    # Shared pieces ----------------------------------------------------------------------

    def image(self, media: dict | None) -> dict | None:
        if not media:
            return None
        formats = media.get("formats") or {}
        image = {
            "url": self.media_url(media["url"]),
            "width": media.get("width"),
            "height": media.get("height"),
            "alternativeText": media.get("alternativeText"),
            "formats": {
                name: {
                    "url": self.media_url(formats[name]["url"]),
                    "width": formats[name].get("width"),
                    "height": formats[name].get("height"),
                }
                for name in FORMATS
                if formats.get(name)
            },
        }
        point = focal_point(media.get("focalPoint"))
        if point is not None:
            image["focalPoint"] = point
        return image

    def poster(self, video: dict, size: str) -> str | None:
        """The address of a video's poster (a media field) in one of its sizes: medium (750
        pixels wide) where a 720p still was, small (500) where a 480p one was; the original when
        the media library made no such size."""
        image = self.image(video.get("poster"))
        if image is None:
            return None
        return (image["formats"].get(size) or {}).get("url") or image["url"]

    def level(self, level: dict | None) -> dict | None:
        if not level:
            return None
        return {k: level.get(k) for k in ("id", "value", "label", "color", "rank")}

    def person(self, person: dict | None, picture: str = "thumbnail") -> dict | None:
        if not person:
            return None
        return {
            "id": person["id"],
            "name": person.get("name"),
            "bio": person.get("bio"),
            picture: self.image(person.get(picture)),
        }

    def named(self, entry: dict | None) -> dict | None:
        return None if not entry else {"id": entry["id"], "name": entry.get("name")}

    # Lessons ----------------------------------------------------------------------------

    def lesson_card(self, lesson: dict) -> dict:
        return {
            **own_card("lesson", lesson),
            **as_is(lesson, "description_short", "subscription_level"),
            "duration": lesson_duration(lesson),
            "thumbnail": self.image(lesson.get("thumbnail")),
            "difficulty_level": self.level(lesson.get("difficulty_level")),
            "teacher": self.named(lesson.get("teacher")),
            "lesson_category": self.named(lesson.get("lesson_category")),
        }

    def lesson(self, lesson: dict) -> dict:
        return {
            **self.lesson_card(lesson),
            "description": lesson.get("description"),
            "teacher": self.person(lesson.get("teacher")),
            # Components have no ids of their own that mean anything outside one CMS database:
            # their place in the list identifies them.
            "chapters": [
                {
                    "id": number,
                    "title": chapter.get("title"),
                    "duration": chapter.get("duration"),
                    "video_id": chapter.get("video_id"),
                    **self.learning(chapter, "lesson_chapter", f"{lesson['id']}:{number}"),
                }
                for number, chapter in enumerate(lesson.get("chapters") or [], start=1)
            ],
        }

    # Programs ---------------------------------------------------------------------------

    def program_card(self, program: dict) -> dict:
        return {
            **own_card("program", program),
            "subscription_level": program.get("subscription_level"),
            "hero_image": self.image(program.get("hero_image")),
            "carousel_image": self.image(program.get("carousel_image")),
            "trainers": [self.person(t) for t in program.get("trainers") or []],
            "level": self.level(program.get("level")),
            "topic": self.named(program.get("topic")),
            "chapter_count": len(program.get("chapters") or []),
            "_price": sale("program", program["id"], program),
        }

    def program(self, program: dict) -> dict:
        intro = program.get("introduction_video") or None
        related = program.get("related_program")
        return {
            **self.program_card(program),
            "description": program.get("description"),
            "bullet_points": [b.get("text") for b in program.get("bullet_points") or []],
            "chapters": [
                self.chapter_summary(chapter) for chapter in by_position(program.get("chapters"))
            ],
            "related_program": self.program_card(related) if related else None,
            "introduction_video": self.host_video(intro) if intro else None,
            "dm_data": {"thumbnail_480_url": self.poster(intro, "small")} if intro else None,
        }

    def host_video(self, video: dict) -> dict:
        return {
            "title": video.get("title"),
            "video_id": video.get("video_id"),
            "duration": video.get("duration"),
            "dm_data": {
                "thumbnail_720_url": self.poster(video, "medium"),
                "thumbnail_480_url": self.poster(video, "small"),
                "duration": video.get("duration"),
            },
        }

    def chapter_summary(self, chapter: dict) -> dict:
        summary = {
            "id": chapter["id"],
            "title": chapter.get("title"),
            "description": chapter.get("description"),
            "position": chapter.get("position"),
        }
        if "subchapters" in chapter:
            subchapters = chapter.get("subchapters") or []
            summary["lesson_count"] = len(subchapters)
            # The ids of its exercises, for the member's count of those solved; taken out when
            # the viewer's progress is written in (bff.learning.progress).
            summary[EXERCISE_IDS] = [
                exercise["id"]
                for number, sub in enumerate(subchapters, start=1)
                for exercise in exercises(
                    sub.get("exercises"),
                    Where(
                        "program_subchapter", subchapter_id(chapter["id"], number), sub.get("title")
                    ),
                    self.report,
                )
            ]
        return summary

    def program_chapter(self, chapter: dict) -> dict:
        program = chapter.get("program") or {}
        return {
            "_entitlement": entitlement(
                "program", program.get("id"), program.get("subscription_level")
            ),
            **self.chapter_summary(chapter),
            "subscription_level": program.get("subscription_level"),
            "program": {"id": program.get("id"), "title": program.get("title")}
            if program
            else None,
            "subchapters": [
                {
                    "id": subchapter_id(chapter["id"], number),
                    "__component": "program.subchapter",
                    "title": sub.get("title"),
                    "description": sub.get("description"),
                    "duration": sub.get("duration"),
                    "video_id": sub.get("video_id"),
                    "dm_data": {"thumbnail_720_url": self.poster(sub, "medium")},
                    **self.learning(
                        sub, "program_subchapter", subchapter_id(chapter["id"], number)
                    ),
                }
                for number, sub in enumerate(chapter.get("subchapters") or [], start=1)
            ],
            "chapters": [self.chapter_summary(c) for c in by_position(program.get("chapters"))],
        }

    # Masterclass ------------------------------------------------------------------------

    def episode_card(self, episode: dict, masterclass_id: int) -> dict:
        return {
            "_entitlement": entitlement(
                "masterclass", masterclass_id, episode.get("subscription_level")
            ),
            "id": episode["id"],
            "masterclass_episode_id": episode["id"],
            "title": episode.get("title"),
            "description": episode.get("description"),
            "duration": episode.get("duration"),
            "position": episode.get("position"),
            "subscription_level": episode.get("subscription_level"),
            "thumbnail": self.image(episode.get("thumbnail")),
        }

    def episode(self, episode: dict, masterclass_id: int) -> dict:
        chapter = episode.get("chapter") or {}
        return {
            **self.episode_card(episode, masterclass_id),
            "video_id": episode.get("video_id"),
            "dm_data": {"duration": episode.get("duration")},
            "chapter_title": chapter.get("title"),
            **self.learning(episode, "masterclass_episode", str(episode["id"])),
            "chapter": [
                self.episode_card(sibling, masterclass_id)
                for sibling in by_position(chapter.get("episodes"))
            ],
        }

    def masterclass(self, masterclass: dict, chapters: list[dict]) -> dict:
        iap = masterclass.get("iap")
        return {
            "id": masterclass["id"],
            "slug": masterclass.get("slug"),
            "title": masterclass.get("title"),
            "hero_title": masterclass.get("hero_title"),
            "intro": masterclass.get("intro"),
            "hero_image": self.image(masterclass.get("hero_image")),
            "iap": (
                {
                    "product_id": iap.get("product_id"),
                    "title": iap.get("title"),
                    "description": iap.get("description"),
                    "entity": "masterclass",
                    "entityId": masterclass["id"],
                    "price": price_of(masterclass),
                    "_price": sale("masterclass", masterclass["id"], masterclass),
                }
                if iap
                else None
            ),
            "chapters": [
                {
                    "id": chapter["id"],
                    "title": chapter.get("title"),
                    "description": chapter.get("description"),
                    "position": chapter.get("position"),
                    "episodes": [
                        self.episode_card(e, masterclass["id"])
                        for e in by_position(chapter.get("episodes"))
                    ],
                }
                for chapter in by_position(chapters)
            ],
        }

    # Videos -----------------------------------------------------------------------------

    def video_card(self, video: dict) -> dict:
        return {
            **own_card("video", video),
            **as_is(video, "subhead", "duration", "subscription_level"),
            "hero_image": self.image(video.get("hero_image")),
            "_price": sale("video", video["id"], video),
        }

    def video(self, video: dict) -> dict:
        return {
            **self.video_card(video),
            "description": video.get("description"),
            "video_id": video.get("video_id"),
            "video_category": self.named(video.get("video_category")),
            "related": [self.video_card(v) for v in video.get("related_videos") or []],
        }

    # Articles ---------------------------------------------------------------------------

    def article_card(self, article: dict) -> dict:
        return {
            "id": article["id"],
            "title": article.get("title"),
            "lede": article.get("lede"),
            "date_posted": article.get("date_posted"),
            "time_to_read": article.get("time_to_read"),
            "hero_image": self.image(article.get("hero_image")),
        }

    def article(self, article: dict) -> dict:
        return {
            **self.article_card(article),
            "slug": article.get("slug"),
            "content": article.get("content"),
            "author": self.person(article.get("author"), picture="avatar"),
        }

    # Filter options ---------------------------------------------------------------------

    def option(self, entry: dict) -> dict:
        """Teachers, trainers, topics, categories and levels as the filter panels list them."""
        option = {"id": entry["id"]}
        for key in ("name", "value", "label", "color", "rank", "slug"):
            if key in entry:
                option[key] = entry[key]
        return option


def subchapter_id(chapter_id: int, position: int) -> str:
    """A subchapter's id: components have no id that means anything outside one CMS database,
    so a subchapter is named by its chapter and its 1-based place in it ("241:2")."""
    return f"{chapter_id}:{position}"


def by_position(entries: list[dict] | None) -> list[dict]:
    return sorted(
        entries or [], key=lambda e: (e.get("position") is None, e.get("position") or 0, e["id"])
    )


def sale(entity: str, entity_id: int, entry: dict) -> dict:
    """A purchasable item's marker: what it is and its list price (None: not for sale).

    The catalogue turns it into ``currentUserPrice`` per viewer, after the cache."""
    return {"entity": entity, "entityId": entity_id, "price": price_of(entry)}


def price_of(entry: dict) -> dict | None:
    """An item's list price; billing decides what a given user pays (currentUserPrice)."""
    try:
        amount = Decimal(str(entry.get("price")))
    except InvalidOperation:
        return None
    if not amount.is_finite() or amount <= 0:
        return None
    return {"price": f"{amount:.2f}", "currency": entry.get("currency") or "USD"}


def lesson_duration(lesson: dict) -> int | None:
    """The lesson's duration as editors set it, or else the sum of its chapters' (when they are
    populated: a lesson's page; cards read the field alone). Editors leave it empty to have the
    site add the chapters up, so a chapter added later counts without a second edit."""
    if lesson.get("duration") is not None:
        return lesson["duration"]
    chapters = lesson.get("chapters")
    if not isinstance(chapters, list):
        return None
    durations = [c.get("duration") for c in chapters if isinstance(c, dict)]
    known = [d for d in durations if isinstance(d, int)]
    return sum(known) if known else None
