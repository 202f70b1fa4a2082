"""Exercises: a member's moves checked against the line, and what is kept of each exercise.

An exercise is named as the gateway names it, by its item and key ('lesson_chapter:12:3:e1',
'program_subchapter:40:2:e1', 'masterclass_episode:5:e1'). The moves a learner played (theirs
and the replies, as far as they got) are judged here, never trusted from the client: the
learner's moves must be the line's or follow one of its alternatives (moves as good as the
line's), and any mate is right at the last move. ``solved`` once true stays true, ``failed``
remembers a wrong move or giving up (Show solution), ``hints`` keeps the most shown; the same
report twice leaves one state. A report may carry the client's ``attempt_id``: the same attempt
sent again (a retry after a lost answer, a device's offline queue) changes nothing at all, so a
failure replayed is not a second failure for review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review
from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..cms.chess_content import LINE_PREFIX, is_line
from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from ..rules import Branch, NotPlayable, Verdict, judge
from .items import EPISODE, LESSON_CHAPTER, SUBCHAPTER
from .models import ExerciseAttempt

KEY_PATTERN = r"[a-z0-9][a-z0-9-]{0,31}"
ID_PATTERN = (
    rf"^(?:(?:{LESSON_CHAPTER}|{SUBCHAPTER}):[0-9]{{1,9}}:[1-9][0-9]{{0,3}}"
    rf"|{EPISODE}:[0-9]{{1,9}}):{KEY_PATTERN}$"
)
_ID = re.compile(ID_PATTERN.removesuffix("$") + r"\Z")
ID_HELP = (
    "'<item type>:<item id>:<key>' as the gateway gives it: 'lesson_chapter:12:3:e1',"
    " 'program_subchapter:40:2:e1' or 'masterclass_episode:5:e1'"
)


@dataclass(frozen=True)
class Attempt:
    """What a learner's device reports of one attempt."""

    moves: list[str]  # theirs and the replies, in UCI, as far as they got
    hints: int
    gave_up: bool = False  # they asked for the solution
    attempt_id: str | None = None  # the client's id: the same one again is a replay


@dataclass(frozen=True)
class Record:
    id: str
    solved: bool
    hints: int
    failed: bool
    alternative: Branch | None = None


def answer(record: Record) -> dict[str, Any]:
    branch = record.alternative
    return {
        "id": record.id,
        "solved": record.solved,
        "hints": record.hints,
        "failed": record.failed,
        "alternative": None
        if branch is None
        else {"at": branch.at, "moves": list(branch.moves), "comment": branch.comment},
    }


def find(catalogue: Catalogue, exercise_id: str, rights: Rights) -> dict[str, Any]:
    """The exercise (or a drill's line: a key 'line-...') as the viewer's answer gives it, its
    line included: 403 content_locked when its item is locked for them, 404 not_found when there
    is no such exercise."""
    if not _ID.match(exercise_id):
        raise ApiError(404, "not_found", "We couldn't find that exercise.")
    item_type, rest = exercise_id.split(":", 1)
    item_id, key = rest.rsplit(":", 1)
    holder = _holder(catalogue, item_type, item_id, rights)
    lines = (holder.get("drill") or {}).get("lines") or []
    for exercise in (lines if key.startswith(LINE_PREFIX) else holder.get("exercises")) or []:
        if exercise["key"] == key:
            return dict(exercise)
    raise ApiError(404, "not_found", "We couldn't find that exercise.")


def _holder(catalogue: Catalogue, item_type: str, item_id: str, rights: Rights) -> dict[str, Any]:
    """The chapter, subchapter or episode holding the exercises (403 or 404 as the detail)."""
    if item_type == EPISODE:
        return catalogue.episode(int(item_id), rights)
    parent, place = (int(part) for part in item_id.split(":"))
    if item_type == LESSON_CHAPTER:
        parts = catalogue.lesson(parent, rights).get("chapters") or []
    else:
        parts = catalogue.program_chapter(parent, rights).get("subchapters") or []
    if place > len(parts):
        raise ApiError(404, "not_found", "We couldn't find that exercise.")
    holder: dict[str, Any] = parts[place - 1]
    return holder


def alternatives(exercise: dict[str, Any]) -> tuple[Branch, ...]:
    """The exercise's alternatives as the rules judge them."""
    return tuple(
        Branch(branch["at"], tuple(branch["moves"]), branch.get("comment"))
        for branch in exercise.get("alternatives") or []
    )


def record(
    session: Session,
    user_id: int,
    exercise: dict[str, Any],
    attempt: Attempt,
    *,
    now: datetime,
) -> Record:
    """Judge the moves and keep the outcome; 400 validation_failed for moves that cannot have
    been played from the exercise. Giving up before the moves solved it is a failure. The same
    ``attempt_id`` as the last one recorded changes nothing and answers the record. Run again
    when another device recorded it just now."""
    try:
        verdict = judge(exercise["fen"], exercise["moves"], attempt.moves, alternatives(exercise))
    except NotPlayable as error:
        raise ApiError(400, "validation_failed", fields={"moves": f"{error}."}) from None
    if attempt.gave_up and not verdict.solved:
        verdict = Verdict(solved=False, failed=True, alternative=verdict.alternative)
    hints = attempt.hints

    def keep() -> ExerciseAttempt:
        row = session.scalar(
            sa.select(ExerciseAttempt).where(
                ExerciseAttempt.user_id == user_id,
                ExerciseAttempt.exercise_id == exercise["id"],
            )
        )
        if row is None:
            row = ExerciseAttempt(
                user_id=user_id, exercise_id=exercise["id"], solved=False, failed=False, hints=0
            )
            session.add(row)
        elif attempt.attempt_id is not None and row.last_attempt_id == attempt.attempt_id:
            # A replay of the last attempt recorded: answer the record as it stands.
            return row
        row.last_attempt_id = attempt.attempt_id
        if is_line(exercise):
            _schedule_line(session, user_id, exercise["id"], verdict, now)
        else:
            _schedule_review(session, user_id, exercise["id"], verdict, bool(row.failed), now)
        row.solved = bool(row.solved) or verdict.solved
        row.failed = bool(row.failed) or verdict.failed
        row.hints = max(row.hints or 0, hints)
        row.updated_at = now
        return row

    row = commit_retrying_conflicts(session, keep)
    return Record(row.exercise_id, row.solved, row.hints, row.failed, verdict.alternative)


def _schedule_review(
    session: Session,
    user_id: int,
    exercise_id: str,
    verdict: Verdict,
    failed_before: bool,
    now: datetime,
) -> None:
    """A first failure enters the exercise in the member's review (bff/review), and so does a
    failure when it is due there; solving it when it is due sends it further away. A repeated
    attempt changes nothing more (after a failure it is due again only minutes later)."""
    due = review.is_due(session, user_id, review.EXERCISE, exercise_id, now)
    if verdict.failed and (not failed_before or due):
        review.record(session, user_id, review.EXERCISE, exercise_id, solved=False, now=now)
    elif verdict.solved and due:
        review.record(session, user_id, review.EXERCISE, exercise_id, solved=True, now=now)


def _schedule_line(
    session: Session, user_id: int, line_id: str, verdict: Verdict, now: datetime
) -> None:
    """A drill's line is in the member's review from its first time through: played right when
    new or due, it goes further away; played wrong, it comes back minutes later. Played right
    again before it is due (a repeat of the report, say) changes nothing."""
    if verdict.failed:
        review.record(session, user_id, review.LINE, line_id, solved=False, now=now)
    elif verdict.solved and (
        not review.is_known(session, user_id, review.LINE, line_id)
        or review.is_due(session, user_id, review.LINE, line_id, now)
    ):
        review.record(session, user_id, review.LINE, line_id, solved=True, now=now, enter=True)


def solved_among(session: Session, user_id: int | None, exercise_ids: Iterable[str]) -> set[str]:
    """Which of these exercises the member solved (none for guests), in one query."""
    ids = sorted(set(exercise_ids))
    if user_id is None or not ids:
        return set()
    return set(
        session.scalars(
            sa.select(ExerciseAttempt.exercise_id).where(
                ExerciseAttempt.user_id == user_id,
                ExerciseAttempt.solved.is_(True),
                ExerciseAttempt.exercise_id.in_(ids),
            )
        )
    )


def attempted_under(session: Session, user_id: int, prefixes: Iterable[str]) -> set[str]:
    """The member's exercises (attempted or solved) whose ids start with any of these prefixes
    ('lesson_chapter:12:'), in one query."""
    prefixes = sorted(set(prefixes))
    if not prefixes:
        return set()
    which = sa.or_(*(ExerciseAttempt.exercise_id.startswith(p, autoescape=True) for p in prefixes))
    return set(
        session.scalars(
            sa.select(ExerciseAttempt.exercise_id).where(ExerciseAttempt.user_id == user_id, which)
        )
    )


def recent(session: Session, user_id: int, limit: int) -> list[tuple[str, datetime]]:
    """The member's most recently attempted exercises (id, when), most recent first."""
    rows = session.execute(
        sa.select(ExerciseAttempt.exercise_id, ExerciseAttempt.updated_at)
        .where(ExerciseAttempt.user_id == user_id)
        .order_by(ExerciseAttempt.updated_at.desc(), ExerciseAttempt.id.desc())
        .limit(limit)
    )
    return [(exercise_id, at) for exercise_id, at in rows]
