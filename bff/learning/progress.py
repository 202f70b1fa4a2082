"""Learning progress in programs: recorded per member and subchapter, summed per chapter and
program, and written into the gateway's program and chapter answers after the cache.

A subchapter has no id of its own in the CMS: the gateway names each by its chapter and its
1-based position in it (chapter 12's third video is "12:3", cms.normalize.subchapter_id), and
the client sends that id back as it got it.
"""

from __future__ import annotations

import math
import re
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from ..platform.extensions import db
from .models import SubchapterProgress

PROGRESS_TYPES = ("program_subchapter_video",)
# '<chapter id>:<1-based position>', exactly (the OpenAPI document says this pattern too).
SUBCHAPTER_ID_PATTERN = r"^([0-9]{1,9}):([1-9][0-9]{0,3})$"
SUBCHAPTER_ID = re.compile(SUBCHAPTER_ID_PATTERN.removesuffix("$") + r"\Z")

# chapter id -> {position: progress 0-100}
Progress = dict[int, dict[int, int]]


def parse_subchapter_id(value: str) -> tuple[int, int]:
    match = SUBCHAPTER_ID.match(str(value))
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
    """Keep the member's furthest progress in the subchapter (it never goes back). Run again
    when a second tab recorded the same subchapter just now."""

    def keep() -> SubchapterProgress:
        row = session.scalar(
            sa.select(SubchapterProgress).where(
                SubchapterProgress.user_id == user_id,
                SubchapterProgress.chapter_id == chapter_id,
                SubchapterProgress.position == position,
            )
        )
        if row is None:
            row = SubchapterProgress(
                user_id=user_id, chapter_id=chapter_id, position=position, progress=progress
            )
            session.add(row)
        else:
            row.progress = max(row.progress, progress)
        row.updated_at = now
        return row

    return commit_retrying_conflicts(session, keep).progress


def progress_in(session: Session, user_id: int | None, chapter_ids: list[int]) -> Progress:
    """The member's progress in these chapters (nothing for guests), in one query."""
    if user_id is None or not chapter_ids:
        return {}
    found: Progress = {}
    rows = session.execute(
        sa.select(
            SubchapterProgress.chapter_id, SubchapterProgress.position, SubchapterProgress.progress
        ).where(
            SubchapterProgress.user_id == user_id,
            SubchapterProgress.chapter_id.in_(sorted(set(chapter_ids))),
        )
    )
    for chapter_id, position, progress in rows:
        found.setdefault(chapter_id, {})[position] = progress
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
    return program


class _AnswerProgress:
    """The viewer's progress in the gateway's program and chapter answers, in one query each
    (bff.cms.routes.AnswerProgress)."""

    def in_program(self, program: dict, user_id: int | None) -> dict:
        chapter_ids = [chapter["id"] for chapter in program.get("chapters") or []]
        return with_program_progress(program, progress_in(db.session, user_id, chapter_ids))

    def in_chapter(self, chapter: dict, user_id: int | None) -> dict:
        chapter_ids = [chapter["id"], *(other["id"] for other in chapter["chapters"])]
        return with_chapter_progress(chapter, progress_in(db.session, user_id, chapter_ids))


ANSWER_PROGRESS = _AnswerProgress()
