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
    or a bare percent (the older /content/progress, which knows no position). ``reported_at``
    is when the position was taken, as the device says (None: when it arrives)."""

    position: float | None = None
    duration: float | None = None
    event: str = "tick"
    progress: int = 0
    reported_at: datetime | None = None


def record(
    session: Session, user_id: int, item_type: str, item_id: str, report: Report, *, now: datetime
) -> Place:
    """Keep a report, the position clamped to [0, duration], in one conditional UPDATE (an
    INSERT for the first). The position and duration are replaced only by a report taken at or
    after the one kept (``reported_at``; a time ahead of the server's counts as now, so a device
    whose clock runs fast cannot freeze its position): a stale report sent late by a device that
    was offline loses to a newer one, whatever order they arrive in. The furthest percent and
    completion take every report, old or new (they never go back)."""
    taken = min(report.reported_at or now, now)
    position = duration = None
    reached = report.progress
    if report.duration is not None and report.position is not None:
        duration = report.duration
        position = min(max(report.position, 0.0), duration)
        reached = share(position, duration)
    completes = reached >= COMPLETED_AT or report.event == "ended"

    def keep() -> None:
        if _update(
            session, user_id, item_type, item_id, position, duration, reached, completes, taken, now
        ):
            return
        session.add(
            WatchPosition(
                user_id=user_id,
                item_type=item_type,
                item_id=item_id,
                position=position or 0.0,
                duration=duration or 0.0,
                progress=reached,
                completed=completes,
                updated_at=now,
                reported_at=taken if position is not None else None,
            )
        )
        session.flush()  # a second tab's row inserted just now: IntegrityError, run again

    commit_retrying_conflicts(session, keep)
    row = _row(session, user_id, item_type, item_id)
    assert row is not None
    return place_from(row)


def _update(
    session: Session,
    user_id: int,
    item_type: str,
    item_id: str,
    position: float | None,
    duration: float | None,
    reached: int,
    completes: bool,
    taken: datetime,
    now: datetime,
) -> bool:
    """The conditional UPDATE of an existing row; False when there is none."""
    table: sa.Table = WatchPosition.__table__  # type: ignore[assignment]
    values: dict[Any, Any] = {
        table.c.progress: sa.case((table.c.progress < reached, reached), else_=table.c.progress),
        table.c.completed: sa.or_(table.c.completed, sa.true() if completes else sa.false()),
    }
    if position is not None:
        # Newer (or as new): this report's place; older: the kept one stays, every column of it.
        newer = sa.or_(table.c.reported_at.is_(None), table.c.reported_at <= taken)
        values[table.c.position] = sa.case((newer, position), else_=table.c.position)
        values[table.c.duration] = sa.case((newer, duration), else_=table.c.duration)
        values[table.c.updated_at] = sa.case((newer, now), else_=table.c.updated_at)
        values[table.c.reported_at] = sa.case((newer, taken), else_=table.c.reported_at)
    else:
        values[table.c.updated_at] = now
    done = session.execute(
        sa.update(table)
        .where(
            table.c.user_id == user_id,
            table.c.item_type == item_type,
            table.c.item_id == item_id,
        )
        .values(values),
    )
    return bool(done.rowcount)  # type: ignore[attr-defined]


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
