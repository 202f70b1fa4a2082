"""Learning progress written into the gateway's answers after the cache, per member.

A video's progress is the furthest percent watched, or 100
once completed (positions.COMPLETED_AT: the player's reports from 90 % or 'ended'); a chapter,
lesson or program counts its videos watched and exercises solved (``videos_watched`` of
``videos_total``, ``exercises_solved`` of ``exercises_total``) and its ``progress`` weighs every
video (its percent) and every exercise (100 once solved) alike. Also the older
/content/progress, which records a bare percent for a program subchapter.

A subchapter has no id of its own in the CMS: the gateway names each by its chapter and its
1-based position in it (chapter 12's third video is "12:3", cms.normalize.subchapter_id), and
the client sends that id back as it got it."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..cms.normalize import EXERCISE_IDS
from ..platform.errors import ApiError
from ..platform.extensions import db
from . import exercises, positions
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


NONE_SOLVED: frozenset[str] = frozenset()


def tally(
    videos: Iterable[int], exercise_ids: Iterable[str], solved: Collection[str]
) -> dict[str, int]:
    """What a chapter, lesson or program shows of a member's work: videos watched (each video's
    progress, 100 once watched) and exercises solved, and a progress weighing each alike."""
    values = list(videos)
    ids = list(exercise_ids)
    done = sum(1 for exercise_id in ids if exercise_id in solved)
    return {
        "progress": percent(sum(values) + 100 * done, len(values) + len(ids)),
        "videos_watched": sum(1 for value in values if value >= 100),
        "videos_total": len(values),
        "exercises_solved": done,
        "exercises_total": len(ids),
    }


def _exercise_ids(items: Iterable[dict]) -> list[str]:
    return [exercise["id"] for item in items for exercise in item.get("exercises") or []]


def _line_ids(items: Iterable[dict]) -> list[str]:
    """The ids of the items' drill lines (they count in no total, but show what is known)."""
    return [line["id"] for item in items for line in (item.get("drill") or {}).get("lines") or []]


def _mark_solved(items: Iterable[dict], solved: Collection[str]) -> None:
    for item in items:
        for exercise in item.get("exercises") or []:
            exercise["solved"] = exercise["id"] in solved
        for line in (item.get("drill") or {}).get("lines") or []:
            line["solved"] = line["id"] in solved


def chapter_totals(
    lesson_count: int,
    done: dict[int, int],
    exercise_ids: Iterable[str] = (),
    solved: Collection[str] = NONE_SOLVED,
) -> dict:
    """A program chapter's figures: its videos ('lessons') and exercises."""
    values = [done.get(position, 0) for position in range(1, lesson_count + 1)]
    figures = tally(values, exercise_ids, solved)
    return {
        **figures,
        "completed_lessons": figures["videos_watched"],
        "lesson_count": lesson_count,
    }


def _summary_parts(chapter: dict, progress: Progress) -> tuple[list[int], list[str]]:
    """A chapter summary's videos' progress and its exercise ids, taken out of it (they are not
    an answer's field)."""
    done = progress.get(chapter["id"], {})
    values = [
        done.get(position, 0) for position in range(1, (chapter.get("lesson_count") or 0) + 1)
    ]
    return values, chapter.pop(EXERCISE_IDS, None) or []


def _summary_totals(
    chapter: dict, progress: Progress, solved: Collection[str]
) -> tuple[list[int], list[str]]:
    values, ids = _summary_parts(chapter, progress)
    chapter.update(chapter_totals(len(values), dict(enumerate(values, start=1)), ids, solved))
    return values, ids


def with_chapter_progress(
    chapter: dict, progress: Progress, solved: Collection[str] = NONE_SOLVED
) -> dict:
    """A /cms/program-chapters answer with this viewer's progress (in place): per subchapter
    (and whether each exercise is solved), for the chapter, and for each chapter of its
    program."""
    done = progress.get(chapter["id"], {})
    subchapters = chapter.get("subchapters") or []
    for position, sub in enumerate(subchapters, start=1):
        sub["progress"] = done.get(position, 0)
    _mark_solved(subchapters, solved)
    chapter.pop(EXERCISE_IDS, None)
    chapter.update(chapter_totals(len(subchapters), done, _exercise_ids(subchapters), solved))
    for other in chapter.get("chapters") or []:
        _summary_totals(other, progress, solved)
    return chapter


def with_program_progress(
    program: dict, progress: Progress, solved: Collection[str] = NONE_SOLVED
) -> dict:
    """A /cms/programs/{id} answer with this viewer's progress per chapter and overall."""
    values: list[int] = []
    ids: list[str] = []
    for chapter in program.get("chapters") or []:
        chapter_values, chapter_ids = _summary_totals(chapter, progress, solved)
        values += chapter_values
        ids += chapter_ids
    whole = tally(values, ids, solved)
    program.update(whole)
    program["completed_lessons"] = whole["videos_watched"]
    program["lesson_count"] = whole["videos_total"]
    return program


def with_lesson_progress(
    lesson: dict, places: dict[str, positions.Place], solved: Collection[str] = NONE_SOLVED
) -> dict:
    """A /cms/lessons/{id} answer with this viewer's progress per chapter and overall. A chapter
    is completed once its video is watched and its exercises solved."""
    chapters = lesson.get("chapters") or []
    _mark_solved(chapters, solved)
    completed = 0
    for chapter in chapters:
        place = places.get(f"{lesson['id']}:{chapter['id']}", positions.NOT_STARTED)
        chapter["progress"] = shown(place)
        found = tally([chapter["progress"]], _exercise_ids([chapter]), solved)
        chapter.update({key: value for key, value in found.items() if key != "progress"})
        done = found["videos_watched"] + found["exercises_solved"]
        completed += done == 1 + found["exercises_total"]
    lesson.update(
        tally([chapter["progress"] for chapter in chapters], _exercise_ids(chapters), solved)
    )
    lesson["completed_chapters"] = completed
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

FIGURES = ("videos_watched", "videos_total", "exercises_solved", "exercises_total")


def lesson_card(
    lesson: dict, places: dict[str, positions.Place], solved: Collection[str] = NONE_SOLVED
) -> dict:
    """A lesson's progress as its detail answer gives it, and completed chapters of how many."""
    chapters = [
        {
            "id": chapter["id"],
            "exercises": [{"id": e["id"]} for e in chapter.get("exercises") or []],
        }
        for chapter in lesson.get("chapters") or []
    ]
    found = with_lesson_progress({"id": lesson["id"], "chapters": chapters}, places, solved)
    return {
        "progress": found["progress"],
        "completed": found["completed_chapters"],
        "count": len(chapters),
        **{key: found[key] for key in FIGURES},
    }


def program_card(program: dict, progress: Progress, solved: Collection[str] = NONE_SOLVED) -> dict:
    """A program's progress as its detail answer gives it, and completed videos of how many."""
    chapters = [
        {
            "id": chapter["id"],
            "lesson_count": chapter.get("lesson_count") or 0,
            EXERCISE_IDS: list(chapter.get(EXERCISE_IDS) or []),
        }
        for chapter in program.get("chapters") or []
    ]
    found = with_program_progress({"chapters": chapters}, progress, solved)
    return {
        "progress": found["progress"],
        "completed": found["completed_lessons"],
        "count": found["lesson_count"],
        **{key: found[key] for key in FIGURES},
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
    """The member's progress in these lesson and program cards, by id; those never started (no
    video played, no exercise tried) are left out. One query for the lessons' chapters, one for
    the programs' subchapters and one for the exercises."""
    places = positions.places_under(session, user_id, LESSON_CHAPTER, lesson_ids)
    programs = _entries(catalogue.program, program_ids)
    chapters = {
        program_id: [chapter["id"] for chapter in program.get("chapters") or []]
        for program_id, program in programs.items()
    }
    tried = exercises.attempted_under(
        session,
        user_id,
        [f"{LESSON_CHAPTER}:{i}:" for i in lesson_ids]
        + [f"{SUBCHAPTER}:{c}:" for ids in chapters.values() for c in ids],
    )
    started = {int(item_id.split(":", 1)[0]) for item_id in places} | {
        int(exercise_id.split(":")[1])
        for exercise_id in tried
        if exercise_id.startswith(f"{LESSON_CHAPTER}:")
    }
    lessons = _entries(catalogue.lesson, [i for i in lesson_ids if i in started])
    progress = progress_in(session, user_id, [c for ids in chapters.values() for c in ids])
    tried_chapters = {
        int(exercise_id.split(":")[1])
        for exercise_id in tried
        if exercise_id.startswith(f"{SUBCHAPTER}:")
    }
    solved = exercises.solved_among(session, user_id, tried)
    return {
        "lessons": {str(i): lesson_card(lesson, places, solved) for i, lesson in lessons.items()},
        "programs": {
            str(i): program_card(program, progress, solved)
            for i, program in programs.items()
            if any(chapter in progress or chapter in tried_chapters for chapter in chapters[i])
        },
    }


class _AnswerProgress:
    """The viewer's progress in the gateway's program, chapter, lesson, episode and masterclass
    answers, in one query each for the videos and one for the exercises
    (bff.cms.routes.AnswerProgress)."""

    def in_program(self, program: dict, user_id: int | None) -> dict:
        chapters = program.get("chapters") or []
        ids = [
            exercise_id for chapter in chapters for exercise_id in chapter.get(EXERCISE_IDS) or []
        ]
        progress = progress_in(db.session, user_id, [chapter["id"] for chapter in chapters])
        return with_program_progress(program, progress, _solved(user_id, ids))

    def in_chapter(self, chapter: dict, user_id: int | None) -> dict:
        chapter_ids = [chapter["id"], *(other["id"] for other in chapter["chapters"])]
        subchapters = chapter.get("subchapters") or []
        ids = (
            _exercise_ids(subchapters)
            + _line_ids(subchapters)
            + [
                exercise_id
                for other in chapter["chapters"]
                for exercise_id in other.get(EXERCISE_IDS) or []
            ]
        )
        progress = progress_in(db.session, user_id, chapter_ids)
        return with_chapter_progress(chapter, progress, _solved(user_id, ids))

    def in_lesson(self, lesson: dict, user_id: int | None) -> dict:
        chapters = lesson.get("chapters") or []
        ids = [f"{lesson['id']}:{chapter['id']}" for chapter in chapters]
        places = positions.places_in(db.session, user_id, LESSON_CHAPTER, ids)
        return with_lesson_progress(lesson, places, _solved(user_id, _exercise_ids(chapters)))

    def in_episode(self, episode: dict, user_id: int | None) -> dict:
        self._in_episodes(episodes_in_episode(episode), user_id)
        _mark_solved([episode], _solved(user_id, _exercise_ids([episode])))
        return episode

    def in_masterclass(self, masterclass: dict, user_id: int | None) -> dict:
        self._in_episodes(episodes_in_masterclass(masterclass), user_id)
        return masterclass

    def _in_episodes(self, cards: list[dict], user_id: int | None) -> None:
        ids = [str(card["id"]) for card in cards]
        with_episodes_progress(cards, positions.places_in(db.session, user_id, EPISODE, ids))


def _solved(user_id: int | None, exercise_ids: list[str]) -> set[str]:
    """The viewer's solved exercises among these (none for guests, and no query)."""
    return exercises.solved_among(db.session, user_id, exercise_ids)


ANSWER_PROGRESS = _AnswerProgress()
