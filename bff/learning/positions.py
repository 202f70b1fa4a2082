"""Watch positions: where a member stopped in an item, and which items they finished.

A player reports its position and the video's duration while it plays (a 'tick' every 15 s or
so), when it pauses, when the viewer leaves and when the video ends. The last position is kept
(a rewind moves it back), the furthest percent too (it never goes back), and the item counts as
completed from COMPLETED_AT percent or on 'ended', for good. The same report twice leaves the
same state, so a retried call does no harm."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from .models import WatchPosition

COMPLETED_AT = 90  # percent
EVENTS = ("tick", "pause", "leave", "ended")
# The rows the continue row looks through: its cards drop what the member may no longer play.
CONTINUE_SCAN = 100


@dataclass(frozen=True)
class Place:
    position: float
    duration: float
    progress: int  # the furthest percent watched
    completed: bool
    updated_at: datetime | None

    @property
    def percent(self) -> int:
        """Where the position is, as a percent of the duration."""
        return share(self.position, self.duration)


NOT_STARTED = Place(position=0.0, duration=0.0, progress=0, completed=False, updated_at=None)


def answer(item_type: str, item_id: str, place: Place) -> dict[str, Any]:
    """A place as the positions calls answer it."""
    return {
        "type": item_type,
        "id": item_id,
        "position": place.position,
        "duration": place.duration,
        "percent": place.percent,
        "progress": place.progress,
        "started": place.updated_at is not None,
        "completed": place.completed,
        "updated_at": place.updated_at,
    }


def share(position: float, duration: float) -> int:
    return min(100, math.floor(position / duration * 100)) if duration > 0 else 0


def place_from(row: WatchPosition) -> Place:
    return Place(row.position, row.duration, row.progress, row.completed, row.updated_at)


def _row(session: Session, user_id: int, item_type: str, item_id: str) -> WatchPosition | None:
    return session.scalar(
        sa.select(WatchPosition).where(
            WatchPosition.user_id == user_id,
            WatchPosition.item_type == item_type,
            WatchPosition.item_id == item_id,
        )
    )


def place_of(session: Session, user_id: int, item_type: str, item_id: str) -> Place:
    row = _row(session, user_id, item_type, item_id)
    return NOT_STARTED if row is None else place_from(row)


@dataclass(frozen=True)
class Report:
    """What is reported of an item: a player's position in a duration and why (one of EVENTS),
    or a bare percent (the older /content/progress, which knows no position)."""

    position: float | None = None
    duration: float | None = None
    event: str = "tick"
    progress: int = 0


def record(
    session: Session, user_id: int, item_type: str, item_id: str, report: Report, *, now: datetime
) -> Place:
    """Keep a report, the position clamped to [0, duration]. Run again when a second tab
    recorded the same item just now."""

    def keep() -> WatchPosition:
        row = _row(session, user_id, item_type, item_id)
        if row is None:
            row = WatchPosition(
                user_id=user_id,
                item_type=item_type,
                item_id=item_id,
                position=0.0,
                duration=0.0,
                progress=0,
                completed=False,
            )
            session.add(row)
        reached = report.progress
        if report.duration is not None and report.position is not None:
            row.duration = report.duration
            row.position = min(max(report.position, 0.0), report.duration)
            reached = share(row.position, report.duration)
        row.progress = max(row.progress or 0, reached)
        row.completed = (
            bool(row.completed) or row.progress >= COMPLETED_AT or report.event == "ended"
        )
        row.updated_at = now
        return row

    return place_from(commit_retrying_conflicts(session, keep))


def places_in(
    session: Session, user_id: int | None, item_type: str, item_ids: list[str]
) -> dict[str, Place]:
    """The member's places in these items of one type (nothing for guests), in one query."""
    if not item_ids:
        return {}
    return _places(session, user_id, item_type, WatchPosition.item_id.in_(sorted(set(item_ids))))


def places_under(
    session: Session, user_id: int | None, item_type: str, parent_ids: list[int]
) -> dict[str, Place]:
    """The member's places in the parts of these parents ('<parent id>:<place>' items of one
    type: a lesson's chapters, a program chapter's subchapters), in one query."""
    if not parent_ids:
        return {}
    parts = (WatchPosition.item_id.like(f"{int(parent)}:%") for parent in set(parent_ids))
    return _places(session, user_id, item_type, sa.or_(*parts))


def _places(
    session: Session, user_id: int | None, item_type: str, which: sa.ColumnElement[bool]
) -> dict[str, Place]:
    if user_id is None:
        return {}
    rows = session.scalars(
        sa.select(WatchPosition).where(
            WatchPosition.user_id == user_id, WatchPosition.item_type == item_type, which
        )
    )
    return {row.item_id: place_from(row) for row in rows}


def recent(session: Session, user_id: int) -> list[tuple[str, str, Place]]:
    """The member's items, finished or not, most recent first (type, id, place): what tells
    which lessons and programs they started."""
    rows = session.scalars(
        sa.select(WatchPosition)
        .where(WatchPosition.user_id == user_id)
        .order_by(WatchPosition.updated_at.desc(), WatchPosition.id.desc())
        .limit(CONTINUE_SCAN)
    )
    return [(row.item_type, row.item_id, place_from(row)) for row in rows]


def shown_completed(place: Place | None) -> bool:
    """Whether the member watched the item (completed), for a place that may not exist."""
    return place is not None and place.completed
