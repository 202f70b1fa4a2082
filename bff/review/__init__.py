"""Review: what a member failed comes back on a spaced-repetition schedule (FSRS).

A failed puzzle or lesson exercise (or one given up) comes back again ten minutes after a
failure, then further apart each time it is solved, sooner again each time it is failed. A
drill's line is in review from the first time it is played, right or wrong. The
member's one queue of everything due is served by bff/review_queue.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from fsrs import Card, Rating, Scheduler, State
from marshmallow import fields as F
from sqlalchemy.orm import Session

from ..access.clock import iso
from ..platform.database import UTCDateTime
from .models import ReviewCard
from .schemas import KINDS, ExportedReviewItem

PUZZLE, EXERCISE, LINE = KINDS

SCHEDULER = Scheduler(
    learning_steps=(timedelta(minutes=10),),
    relearning_steps=(timedelta(minutes=10),),
    # The same answer for the same history: a member's queue does not shuffle between devices.
    enable_fuzzing=False,
)


@dataclass(frozen=True)
class Due:
    kind: str
    item_id: str
    due: datetime


def record(
    session: Session,
    user_id: int,
    kind: str,
    item_id: str,
    *,
    solved: bool,
    now: datetime,
    enter: bool = False,
) -> None:
    """Schedule an item after the member played it: a failure enters it in the member's review
    (or brings it back sooner), a success of an item under review sends it further away; a
    success of anything else changes nothing, unless ``enter`` (a drill's line is learnt from
    its first success). Flushed; the caller commits."""
    row = _card_row(session, user_id, kind, item_id)
    if row is None and solved and not enter:
        return
    card = Card(card_id=1, due=now) if row is None else _card(row)
    card, _ = SCHEDULER.review_card(card, Rating.Good if solved else Rating.Again, now)
    if row is None:
        row = ReviewCard(user_id=user_id, kind=kind, item_id=item_id, reviews=0)
        session.add(row)
    row.due, row.state, row.step = card.due, card.state.value, card.step
    row.stability, row.difficulty, row.last_review = card.stability, card.difficulty, now
    row.reviews += 1
    session.flush()


def due(
    session: Session, user_id: int, until: datetime, kind: str | None = None, limit: int = 50
) -> list[Due]:
    """The member's items due by ``until``, the longest waiting first."""
    query = sa.select(ReviewCard.kind, ReviewCard.item_id, ReviewCard.due).where(
        ReviewCard.user_id == user_id, ReviewCard.due <= until
    )
    if kind is not None:
        query = query.where(ReviewCard.kind == kind)
    rows = session.execute(query.order_by(ReviewCard.due, ReviewCard.id).limit(limit)).all()
    return [Due(*row) for row in rows]


def due_count(session: Session, user_id: int, until: datetime) -> int:
    """How many of the member's items are due by ``until`` (the end of their day, say)."""
    count = session.scalar(
        sa.select(sa.func.count())
        .select_from(ReviewCard)
        .where(ReviewCard.user_id == user_id, ReviewCard.due <= until)
    )
    return int(count or 0)


@dataclass(frozen=True)
class Standing:
    """How much of one kind is due: now, by the end of the day, and when the next comes."""

    kind: str
    due_now: int
    due_today: int
    next_due: datetime | None  # the first not yet due, if any


def standing(session: Session, user_id: int, now: datetime, end_of_day: datetime) -> list[Standing]:
    """The member's review by kind (every kind, in ``KINDS`` order), in one query."""
    counted = {
        kind: (int(now_count or 0), int(today or 0), next_due)
        for kind, now_count, today, next_due in session.execute(
            sa.select(
                ReviewCard.kind,
                sa.func.sum(sa.case((ReviewCard.due <= now, 1), else_=0)),
                sa.func.sum(sa.case((ReviewCard.due <= end_of_day, 1), else_=0)),
                sa.type_coerce(
                    sa.func.min(sa.case((ReviewCard.due > now, ReviewCard.due), else_=None)),
                    UTCDateTime(),
                ),
            )
            .where(ReviewCard.user_id == user_id)
            .group_by(ReviewCard.kind)
        )
    }
    return [Standing(kind, *counted.get(kind, (0, 0, None))) for kind in KINDS]


def is_known(session: Session, user_id: int, kind: str, item_id: str) -> bool:
    """Whether the item is in the member's review at all."""
    return _card_row(session, user_id, kind, item_id) is not None


def _card_row(session: Session, user_id: int, kind: str, item_id: str) -> ReviewCard | None:
    return session.scalar(
        sa.select(ReviewCard).where(
            ReviewCard.user_id == user_id, ReviewCard.kind == kind, ReviewCard.item_id == item_id
        )
    )


def is_due(session: Session, user_id: int, kind: str, item_id: str, now: datetime) -> bool:
    found = session.scalar(
        sa.select(ReviewCard.id).where(
            ReviewCard.user_id == user_id,
            ReviewCard.kind == kind,
            ReviewCard.item_id == item_id,
            ReviewCard.due <= now,
        )
    )
    return found is not None


def _card(row: ReviewCard) -> Card:
    return Card(
        card_id=1,
        state=State(row.state),
        step=row.step,
        stability=row.stability,
        difficulty=row.difficulty,
        due=row.due,
        last_review=row.last_review,
    )


class ReviewData:
    """What review keeps about a member, for "Download my data" and "Delete my account"."""

    # The part of Download my data it answers, as the API document shows it.
    export_fields = {"review": F.List(F.Nested(ExportedReviewItem), required=True)}

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        rows = session.scalars(
            sa.select(ReviewCard).where(ReviewCard.user_id == user_id).order_by(ReviewCard.id)
        ).all()
        return {
            "review": [
                {
                    "kind": row.kind,
                    "id": row.item_id,
                    "due": iso(row.due),
                    "reviews": row.reviews,
                    "last_review": iso(row.last_review),
                }
                for row in rows
            ]
        }

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """Nothing outside the database."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """Review keeps no address."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        session.execute(sa.delete(ReviewCard).where(ReviewCard.user_id == user_id))
        session.flush()


REVIEW_DATA = ReviewData()
