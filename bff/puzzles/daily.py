"""The day's puzzle as everyone gets it, from the shared cache; a member's part merged after.

The answer is the same for every caller but for two fields of a member's (whether they played
it today and solved it), and the day's puzzle page is the busiest of the puzzles: the shared
part is kept in the shared cache (Redis when there is one, as the /cms answers are), so a guest's
request reads no database at all and a member's reads only their own rows. It is kept under the
day's key for KEPT seconds (the puzzle's rating and plays move as it is played) and never past
the day's end: the next day's first request chooses and keeps the next puzzle.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from sqlalchemy.orm import Session

from ..platform.cache import Cache
from . import answers, days, lookup, play

KEPT = 300  # seconds, as the CMS's answers (CMS_CACHE_TTL's default)


def key_of(day: date) -> str:
    return f"puzzles:daily:{day.isoformat()}"


def shared(session: Session, cache: Cache, now: datetime) -> dict[str, Any]:
    """The day's puzzle as everyone gets it (its id, position, solution, rating, themes)."""
    kept = cache.get(key_of(now.date()))
    if kept is not None:
        found: dict[str, Any] = json.loads(kept)
        return found
    puzzle = lookup.daily(session, now.date())
    session.commit()  # chosen for the day: everyone gets this one
    answer = answers.puzzle_answer(puzzle)
    left = (days.tomorrow(now) - now).total_seconds()
    if left > 0:
        cache.set(key_of(now.date()), json.dumps(answer).encode(), min(KEPT, left))
    return answer


def members_part(
    session: Session, user_id: int, puzzle_id: str, now: datetime
) -> tuple[bool, bool | None]:
    """Whether the member played the day's puzzle today and solved it; from now on they have
    had it (play.the_daily: its attempt counts for today even when sent after midnight)."""
    played, solved = play.played_on(session, user_id, puzzle_id, now)
    if not played:
        play.had_daily(session, user_id, puzzle_id, now)
    session.commit()
    return played, solved
