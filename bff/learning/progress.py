"""Learning progress written into the gateway's answers after the cache, per member: per
program subchapter, chapter and program (and how many of a program's videos are done), per lesson
chapter and lesson, per masterclass episode. An item's progress is the furthest percent watched,
or 100 once completed (positions.COMPLETED_AT). Also the older /content/progress, which records a
bare percent for a program subchapter.

A subchapter has no id of its own in the CMS: the gateway names each by its chapter and its
1-based position in it (chapter 12's third video is "12:3", cms.normalize.subchapter_id), and
the client sends that id back as it got it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import Session

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..platform.errors import ApiError
from ..platform.extensions import db
from . import positions
from .items import EPISODE, LESSON_CHAPTER, PART_ID, PART_ID_PATTERN, SUBCHAPTER

PROGRESS_TYPES = ("program_subchapter_video",)
# '<chapter id>:<1-based position>', exactly (the OpenAPI document says this pattern too).
SUBCHAPTER_ID_PATTERN = PART_ID_PATTERN

# chapter id -> {position: progress 0-100}
Progress = dict[int, dict[int, int]]


def parse_subchapter_id(value: str) -> tuple[int, int]:
    match = PART_ID.match(str(value))
    if not match:
        raise ApiError(
            400,
            "invalid_progress_id",
            fields={"id": "Use '<chapter id>:<subchapter position>', e.g. '12:3'."},
        )
    return int(match.group(1)), int(match.group(2))


def check_position(chapter: dict, position: int) -> None:
    """The position must name one of the chapter's subchapters (as the gateway answered it)."""
    if position > len(chapter.get("subchapters") or []):
        raise ApiError(404, "not_found", "We couldn't find that subchapter.")


def record_progress(
    session: Session, user_id: int, chapter_id: int, position: int, progress: int, *, now: datetime
) -> int:
    """Keep the member's furthest percent in the subchapter (it never goes back)."""
    item_id = f"{chapter_id}:{position}"
    report = positions.Report(progress=progress, event="tick")
    return positions.record(session, user_id, SUBCHAPTER, item_id, report, now=now).progress


def shown(place: positions.Place) -> int:
    """An item's progress as answers show it: 100 once completed, else the furthest percent."""
    return 100 if place.completed else place.progress


def progress_in(session: Session, user_id: int | None, chapter_ids: list[int]) -> Progress:
    """The member's progress in these program chapters (nothing for guests), in one query."""
    found: Progress = {}
    for item_id, place in positions.places_under(session, user_id, SUBCHAPTER, chapter_ids).items():
        chapter, position = parse_subchapter_id(item_id)
        found.setdefault(chapter, {})[position] = shown(place)
    return found


def percent(total: float, count: int) -> int:
    """A share of `count` items as a whole percentage, halves rounded up."""
    return min(100, math.floor(total / count + 0.5)) if count else 0


def chapter_totals(lesson_count: int, done: dict[int, int]) -> dict:
    values = [done.get(position, 0) for position in range(1, lesson_count + 1)]
    return {
        "progress": percent(sum(values), lesson_count),
        "completed_lessons": sum(1 for value in values if value >= 100),
        "lesson_count": lesson_count,
    }


def with_chapter_progress(chapter: dict, progress: Progress) -> dict:
    """A /cms/program-chapters answer with this viewer's progress (in place): per subchapter,
    for the chapter, and for each chapter of its program."""
    done = progress.get(chapter["id"], {})
    subchapters = chapter.get("subchapters") or []
    for position, sub in enumerate(subchapters, start=1):
        sub["progress"] = done.get(position, 0)
    chapter.update(chapter_totals(len(subchapters), done))
    for other in chapter.get("chapters") or []:
        other.update(chapter_totals(other.get("lesson_count") or 0, progress.get(other["id"], {})))
    return chapter


def with_program_progress(program: dict, progress: Progress) -> dict:
    """A /cms/programs/{id} answer with this viewer's progress per chapter and overall."""
    total = lessons = 0
    for chapter in program.get("chapters") or []:
        count = chapter.get("lesson_count") or 0
        done = progress.get(chapter["id"], {})
        chapter.update(chapter_totals(count, done))
        total += sum(done.get(position, 0) for position in range(1, count + 1))
        lessons += count
    program["progress"] = percent(total, lessons)
    program["completed_lessons"] = sum(
        c["completed_lessons"] for c in program.get("chapters") or []
    )
    program["lesson_count"] = lessons
    return program


def with_lesson_progress(lesson: dict, places: dict[str, positions.Place]) -> dict:
    """A /cms/lessons/{id} answer with this viewer's progress per chapter and overall."""
    values = []
    for chapter in lesson.get("chapters") or []:
        place = places.get(f"{lesson['id']}:{chapter['id']}", positions.NOT_STARTED)
        chapter["progress"] = shown(place)
        values.append(chapter["progress"])
    lesson["progress"] = percent(sum(values), len(values))
    lesson["completed_chapters"] = sum(1 for value in values if value >= 100)
    return lesson


def with_episodes_progress(cards: list[dict], places: dict[str, positions.Place]) -> None:
    """Masterclass episodes (cards or the episode itself) with this viewer's progress in each."""
    for card in cards:
        card["progress"] = shown(places.get(str(card["id"]), positions.NOT_STARTED))


def episodes_in_episode(episode: dict) -> list[dict]:
    """A /cms/masterclass_episodes/{id} answer's episodes: itself and those of its chapter."""
    return [episode, *(episode.get("chapter") or [])]


def episodes_in_masterclass(masterclass: dict) -> list[dict]:
    return [card for chapter in masterclass.get("chapters") or [] for card in chapter["episodes"]]


# Cards in lists -----------------------------------------------------------------------------
# The lists are kept rendered, the same for every viewer of the same rights: a member's figures
# for the cards on screen come from a call of their own (GET /content/progress/cards), worked out
# by the same functions as the detail answers from the same entries.


def lesson_card(lesson: dict, places: dict[str, positions.Place]) -> dict:
    """A lesson's progress as its detail answer gives it, and completed chapters of how many."""
    chapters = [{"id": chapter["id"]} for chapter in lesson.get("chapters") or []]
    found = with_lesson_progress({"id": lesson["id"], "chapters": chapters}, places)
    return {
        "progress": found["progress"],
        "completed": found["completed_chapters"],
        "count": len(chapters),
    }


def program_card(program: dict, progress: Progress) -> dict:
    """A program's progress as its detail answer gives it, and completed videos of how many."""
    chapters = [
        {"id": chapter["id"], "lesson_count": chapter.get("lesson_count") or 0}
        for chapter in program.get("chapters") or []
    ]
    found = with_program_progress({"chapters": chapters}, progress)
    return {
        "progress": found["progress"],
        "completed": found["completed_lessons"],
        "count": found["lesson_count"],
    }


def _entries(read: Callable[[int, Rights | None], dict], ids: list[int]) -> dict[int, dict]:
    """The entries that exist among these ids, read from the catalogue's cache before any lock
    (the figures are the member's own, also in an item locked since); unknown ones left out."""
    found = {}
    for entry_id in dict.fromkeys(ids):
        try:
            found[entry_id] = read(entry_id, None)
        except ApiError as error:
            if error.status != 404:
                raise
    return found


def cards_progress(
    catalogue: Catalogue,
    session: Session,
    user_id: int,
    lesson_ids: list[int],
    program_ids: list[int],
) -> dict:
    """The member's progress in these lesson and program cards, by id; those never started are
    left out. One query for the lessons' chapters and one for the programs' subchapters."""
    places = positions.places_under(session, user_id, LESSON_CHAPTER, lesson_ids)
    started = {int(item_id.split(":", 1)[0]) for item_id in places}
    lessons = _entries(catalogue.lesson, [i for i in lesson_ids if i in started])
    programs = _entries(catalogue.program, program_ids)
    chapters = {
        program_id: [chapter["id"] for chapter in program.get("chapters") or []]
        for program_id, program in programs.items()
    }
    progress = progress_in(session, user_id, [c for ids in chapters.values() for c in ids])
    return {
        "lessons": {str(i): lesson_card(lesson, places) for i, lesson in lessons.items()},
        "programs": {
            str(i): program_card(program, progress)
            for i, program in programs.items()
            if any(chapter in progress for chapter in chapters[i])
        },
    }


class _AnswerProgress:
    """The viewer's progress in the gateway's program, chapter, lesson, episode and masterclass
    answers, in one query each (bff.cms.routes.AnswerProgress)."""

    def in_program(self, program: dict, user_id: int | None) -> dict:
        chapter_ids = [chapter["id"] for chapter in program.get("chapters") or []]
        return with_program_progress(program, progress_in(db.session, user_id, chapter_ids))

    def in_chapter(self, chapter: dict, user_id: int | None) -> dict:
        chapter_ids = [chapter["id"], *(other["id"] for other in chapter["chapters"])]
        return with_chapter_progress(chapter, progress_in(db.session, user_id, chapter_ids))

    def in_lesson(self, lesson: dict, user_id: int | None) -> dict:
        ids = [f"{lesson['id']}:{chapter['id']}" for chapter in lesson.get("chapters") or []]
        places = positions.places_in(db.session, user_id, LESSON_CHAPTER, ids)
        return with_lesson_progress(lesson, places)

    def in_episode(self, episode: dict, user_id: int | None) -> dict:
        self._in_episodes(episodes_in_episode(episode), user_id)
        return episode

    def in_masterclass(self, masterclass: dict, user_id: int | None) -> dict:
        self._in_episodes(episodes_in_masterclass(masterclass), user_id)
        return masterclass

    def _in_episodes(self, cards: list[dict], user_id: int | None) -> None:
        ids = [str(card["id"]) for card in cards]
        with_episodes_progress(cards, positions.places_in(db.session, user_id, EPISODE, ids))


ANSWER_PROGRESS = _AnswerProgress()
