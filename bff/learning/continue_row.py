"""The Continue learning row: a member's started, unfinished items and what comes next in each.

Items are read through the catalogue with the member's rights (an item locked since, or removed,
is left out); ``up_next`` is a lesson's or program's next unwatched video or unsolved exercise.
A started lesson or program shows even when no video in it is half-watched (one chapter done,
the next not begun)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..cms.normalize import subchapter_id
from ..platform.errors import ApiError
from . import exercises, items, positions
from .progress import progress_in

LESSON, PROGRAM = "lesson", "program"


@dataclass
class Course:
    """A started lesson or program: where the member was last, and what comes next."""

    kind: str
    id: int
    last_item: str  # the video or the exercise's video of the latest activity ('12:3')
    up_next: dict[str, Any] | None = None
    next_item: items.Item | None = None  # the video of what comes next
    unfinished: bool = False  # a video in it is half-watched: that card stands for it
    shown: bool = False


def cards(
    catalogue: Catalogue, session: Session, user_id: int, rights: Rights, limit: int
) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    row = _Row(catalogue, session, user_id, rights)
    for card in row.cards():
        found.append(card)
        if len(found) == limit:
            break
    return found


class _Row:
    def __init__(self, catalogue: Catalogue, session: Session, user_id: int, rights: Rights):
        self.catalogue = catalogue
        self.session = session
        self.user_id = user_id
        self.rights = rights
        self.courses: dict[tuple[str, int], Course | None] = {}
        self.program_of: dict[int, int | None] = {}  # chapter id -> program id

    def cards(self) -> Iterator[dict[str, Any]]:
        """The cards, most recent first: each half-watched item, and each started course with
        nothing half-watched at the place of its latest activity."""
        watched = positions.recent(self.session, self.user_id)
        tried = exercises.recent(self.session, self.user_id, positions.CONTINUE_SCAN)
        activity: list[tuple[datetime, str, str, positions.Place | None]] = [
            (place.updated_at or datetime.min, item_type, item_id, place)
            for item_type, item_id, place in watched
        ]
        for exercise_id, at in tried:
            item_type, rest = exercise_id.split(":", 1)
            activity.append((at, item_type, rest.rsplit(":", 1)[0], None))
        activity.sort(key=lambda entry: entry[0], reverse=True)
        for item_type, item_id, place in self._unfinished_first(activity):
            course = self._course(item_type, item_id)
            if place is not None and place.position > 0 and not place.completed:
                card = self._card(items.item(item_type, item_id), place)
                if card is not None:
                    yield {**card, "up_next": course.up_next if course else None}
            elif course is not None and not course.unfinished and not course.shown:
                course.shown = True
                if course.next_item is not None:
                    where = course.next_item
                    card = self._card(where, self._place(where))
                    if card is not None:
                        yield {**card, "up_next": course.up_next}

    def _unfinished_first(
        self, activity: list[tuple[datetime, str, str, positions.Place | None]]
    ) -> list[tuple[str, str, positions.Place | None]]:
        """The activity in order, each course marked when a half-watched video stands for it."""
        for _, item_type, item_id, place in activity:
            if place is not None and place.position > 0 and not place.completed:
                course = self._course(item_type, item_id)
                if course is not None:
                    course.unfinished = True
        return [(item_type, item_id, place) for _, item_type, item_id, place in activity]

    def _card(self, found: items.Item, place: positions.Place) -> dict[str, Any] | None:
        try:
            card = items.card(self.catalogue, found, self.rights)
        except ApiError as refused:
            if refused.status in (403, 404):  # locked since, or gone: not a card to show
                return None
            raise
        return {**positions.answer(found.type, found.id, place), **card}

    def _place(self, found: items.Item) -> positions.Place:
        return positions.place_of(self.session, self.user_id, found.type, found.id)

    # Courses -------------------------------------------------------------------------------

    def _course(self, item_type: str, item_id: str) -> Course | None:
        """The lesson or program an item belongs to, its next step worked out once (None for
        episodes and videos, and for what the member may no longer open)."""
        if item_type not in (items.LESSON_CHAPTER, items.SUBCHAPTER):
            return None
        parent, place = (int(part) for part in item_id.split(":"))
        if item_type == items.LESSON_CHAPTER:
            key = (LESSON, parent)
        else:
            program_id = self._program_of(parent)
            if program_id is None:
                return None
            key = (PROGRAM, program_id)
        if key not in self.courses:
            course = Course(key[0], key[1], f"{parent}:{place}")
            try:
                self._next_step(course)
            except ApiError as refused:
                if refused.status not in (403, 404):
                    raise
                self.courses[key] = None
                return None
            self.courses[key] = course
        return self.courses[key]

    def _program_of(self, chapter_id: int) -> int | None:
        if chapter_id not in self.program_of:
            try:
                chapter = self.catalogue.program_chapter(chapter_id, self.rights)
            except ApiError as refused:
                if refused.status not in (403, 404):
                    raise
                chapter = {}
            self.program_of[chapter_id] = (chapter.get("program") or {}).get("id")
        return self.program_of[chapter_id]

    def _next_step(self, course: Course) -> None:
        if course.kind == LESSON:
            lesson = self.catalogue.lesson(course.id, self.rights)
            chapters = lesson.get("chapters") or []
            places = positions.places_under(
                self.session, self.user_id, items.LESSON_CHAPTER, [course.id]
            )
            parts = [
                (
                    chapter,
                    items.Item(items.LESSON_CHAPTER, f"{course.id}:{number}", course.id, number),
                    {"lesson_id": course.id, "chapter": number},
                    positions.shown_completed(places.get(f"{course.id}:{number}")),
                )
                for number, chapter in enumerate(chapters, start=1)
            ]
        else:
            program = self.catalogue.program(course.id, self.rights)
            chapter_ids = [chapter["id"] for chapter in program.get("chapters") or []]
            done = progress_in(self.session, self.user_id, chapter_ids)
            parts = []
            for chapter_id in chapter_ids:
                chapter = self.catalogue.program_chapter(chapter_id, self.rights)
                for number, sub in enumerate(chapter.get("subchapters") or [], start=1):
                    sub_id = subchapter_id(chapter_id, number)
                    link = {
                        "program_id": course.id,
                        "chapter_id": chapter_id,
                        "subchapter_id": sub_id,
                    }
                    item = items.Item(items.SUBCHAPTER, sub_id, chapter_id, number)
                    parts.append((sub, item, link, done.get(chapter_id, {}).get(number, 0) >= 100))
        start = next((n for n, part in enumerate(parts) if part[1].id == course.last_item), 0)
        ids = [exercise["id"] for part in parts for exercise in part[0].get("exercises") or []]
        solved = exercises.solved_among(self.session, self.user_id, ids)
        for part, item, link, watched in parts[start:] + parts[:start]:
            if not watched:
                course.up_next = {"kind": "video", "title": part.get("title"), "link": link}
                course.next_item = item
                return
            for exercise in part.get("exercises") or []:
                if exercise["id"] not in solved:
                    course.up_next = {
                        "kind": "exercise",
                        "title": exercise.get("prompt") or part.get("title"),
                        "link": {**link, "exercise_id": exercise["id"]},
                    }
                    course.next_item = item
                    return
