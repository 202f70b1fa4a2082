"""A member's puzzle dashboard: performance by theme over the last days, weak and strong themes.

As on Lichess's puzzle dashboard, each puzzle counts once, by the member's first (rated) attempt
at it, and a performance is a tournament performance against the puzzles: the mean, over the
puzzles played, of the puzzle's rating + 500 when solved and - 500 when failed (Lichess's
``puzzleRatingAvg - 500 + 1000 * firstWins / nb``). Themes that say nothing about a skill (a
puzzle's length, its evaluation, its source game's players) are listed but never weak nor
strong, as Lichess leaves them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .models import Puzzle, PuzzleRound, PuzzleTheme
from .themes import name_of

WINDOWS = (7, 30, 90)  # the days a dashboard looks back over
MIX_WINDOW = 30  # the window whose weak themes 'next?mix=weak' trains
SWING = 500  # a solve counts as the puzzle's rating + SWING, a failure as - SWING (Lichess)
# Enough to say anything: a member with fewer plays in the window sees no weak or strong theme.
ENOUGH_PLAYS = 5
# A theme is judged with at least this many plays and this share of the window's (Lichess's
# 1/40), so that one unlucky puzzle of a rare theme does not make it weak.
THEME_MIN_PLAYS = 3
THEME_MIN_SHARE = 1 / 40
# Weak: below the overall performance with at least two failures, and either clearly below
# (by GAP) or failed half the time. Strong: clearly above with at least three solves.
GAP = 50
WEAK_MIN_FAILED = 2
HIGH_FAILURE_SHARE = 0.5
STRONG_MIN_SOLVED = 3
LISTED = 8  # weak and strong themes shown at most (Lichess's 8)
THEMES_LISTED = 100  # every theme played, in practice (the Lichess database has about 60)

# Lichess's themes that describe a puzzle, not a skill to train (its dashboard's irrelevant ones).
NOT_SKILLS = frozenset(
    {
        "oneMove",
        "short",
        "long",
        "veryLong",
        "mateIn1",
        "mateIn2",
        "mateIn3",
        "mateIn4",
        "mateIn5",
        "equality",
        "advantage",
        "crushing",
        "master",
        "masterVsMaster",
        "superGM",
    }
)


@dataclass(frozen=True)
class Results:
    """One theme's puzzles in the window (``theme`` None: all of them)."""

    theme: str | None
    plays: int
    solved: int
    rating_sum: float

    @property
    def failed(self) -> int:
        return self.plays - self.solved

    @property
    def performance(self) -> int:
        """The mean of each puzzle's rating +/- SWING by its outcome."""
        swing = SWING * (2 * self.solved - self.plays)
        return round((self.rating_sum + swing) / self.plays)

    def judged(self, overall: Results) -> bool:
        """Played enough, and a large enough share of the window, to be weak or strong."""
        return (
            self.theme not in NOT_SKILLS
            and self.plays >= THEME_MIN_PLAYS
            and self.plays >= THEME_MIN_SHARE * overall.plays
        )

    def weak(self, overall: Results) -> bool:
        below = self.performance < overall.performance
        clearly = self.performance <= overall.performance - GAP
        often = self.failed >= HIGH_FAILURE_SHARE * self.plays
        return (
            self.judged(overall) and self.failed >= WEAK_MIN_FAILED and below and (clearly or often)
        )

    def strong(self, overall: Results) -> bool:
        return (
            self.judged(overall)
            and self.solved >= STRONG_MIN_SOLVED
            and self.performance >= overall.performance + GAP
        )

    def answer(self) -> dict[str, Any]:
        return {
            "theme": self.theme,
            "name": name_of(self.theme or ""),
            "plays": self.plays,
            "solved": self.solved,
            "solved_share": round(self.solved / self.plays, 2),
            "performance": self.performance,
        }


@dataclass(frozen=True)
class Dashboard:
    days: int
    since: datetime
    overall: Results | None  # None: nothing played in the window
    themes: list[Results]

    @property
    def enough(self) -> bool:
        return self.overall is not None and self.overall.plays >= ENOUGH_PLAYS

    @property
    def weak(self) -> list[Results]:
        if not self.enough:
            return []
        assert self.overall is not None
        found = [each for each in self.themes if each.weak(self.overall)]
        found.sort(key=lambda each: (-each.failed, each.performance, each.theme))
        return found[:LISTED]

    @property
    def strong(self) -> list[Results]:
        if not self.enough:
            return []
        assert self.overall is not None
        found = [each for each in self.themes if each.strong(self.overall)]
        found.sort(key=lambda each: (-each.performance, -each.plays, each.theme))
        return found[:LISTED]

    def others(self) -> list[str]:
        """The themes played that are neither weak nor mere descriptions, the most played first:
        the rest of a weak-themes mix."""
        weak = {each.theme for each in self.weak}
        return [
            each.theme
            for each in self.themes
            if each.theme is not None and each.theme not in weak and each.theme not in NOT_SKILLS
        ]


def _window(user_id: int, since: datetime) -> sa.Select[str, bool | None, float]:
    """The member's first attempts played since ``since``, each with its puzzle's rating."""
    return (
        sa.select(PuzzleRound.puzzle_id, PuzzleRound.solved, Puzzle.rating)
        .join(Puzzle, Puzzle.id == PuzzleRound.puzzle_id)
        .where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.rated.is_(True),  # a member's first attempt at a puzzle, as Lichess
            PuzzleRound.played_at.is_not(None),
            PuzzleRound.played_at >= since,
        )
    )


def dashboard(session: Session, user_id: int, *, days: int, now: datetime) -> Dashboard:
    """The member's results over the last ``days`` days: one statement, the overall row and
    one row a theme (the member's rounds read once, by their index, then grouped)."""
    since = now - timedelta(days=days)
    played = _window(user_id, since).cte("played")
    solved = sa.func.sum(sa.case((played.c.solved.is_(True), 1), else_=0))
    overall = sa.select(
        sa.literal(None, sa.String).label("theme"),
        sa.func.count().label("plays"),
        solved.label("solved"),
        sa.func.sum(played.c.rating).label("rating_sum"),
    ).select_from(played)
    by_theme = (
        sa.select(
            PuzzleTheme.theme,
            sa.func.count().label("plays"),
            solved.label("solved"),
            sa.func.sum(played.c.rating).label("rating_sum"),
        )
        .select_from(played)
        .join(PuzzleTheme, PuzzleTheme.puzzle_id == played.c.puzzle_id)
        .group_by(PuzzleTheme.theme)
    )
    rows = session.execute(sa.union_all(overall, by_theme)).all()
    found = [
        Results(theme, int(plays), int(won or 0), float(ratings or 0))
        for theme, plays, won, ratings in rows
        if plays
    ]
    total = next((each for each in found if each.theme is None), None)
    themes = sorted(
        (each for each in found if each.theme is not None),
        key=lambda each: (-each.plays, each.theme),
    )
    return Dashboard(days, since, total, themes[:THEMES_LISTED])


def answer(found: Dashboard) -> dict[str, Any]:
    overall = found.overall
    return {
        "days": found.days,
        "enough": found.enough,
        "overall": {
            "plays": overall.plays if overall else 0,
            "solved": overall.solved if overall else 0,
            "solved_share": round(overall.solved / overall.plays, 2) if overall else None,
            "performance": overall.performance if overall else None,
        },
        "themes": [each.answer() for each in found.themes],
        "weak": [each.answer() for each in found.weak],
        "strong": [each.answer() for each in found.strong],
    }
