"""The next puzzle of several themes: those asked (themes=fork,pin) or a mix of the member's weak
themes and their others (mix=weak). The theme of the round is chosen here and the ordinary
'next' serves it, so a free member's five, the races and the day's puzzle stay as 'next' keeps
them; a theme with nothing left passes to the next one."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.errors import ApiError
from . import dashboard, selection
from .models import Puzzle, PuzzleRound, PuzzleTheme

MAX_THEMES = 10
WEAK_SHARE = 0.7  # of a mix's rounds, those of a weak theme (the rest of the member's others)
OTHERS = 10  # the member's other themes a mix draws from, the most played first


@dataclass(frozen=True)
class Chosen:
    puzzle: Puzzle
    source: str
    theme: str | None  # the theme it was chosen for; None: no theme (a mix without weak themes)
    weak: bool


def checked(asked: str, known: set[str]) -> list[str]:
    """The themes of ``themes=`` in their order, once each; 400 validation_failed for more than
    MAX_THEMES or one no puzzle has."""
    themes = list(dict.fromkeys(part.strip() for part in asked.split(",") if part.strip()))
    if not themes:
        raise ApiError(400, "validation_failed", fields={"themes": "Name at least one theme."})
    if len(themes) > MAX_THEMES:
        raise ApiError(
            400, "validation_failed", fields={"themes": f"At most {MAX_THEMES} themes at once."}
        )
    unknown = [theme for theme in themes if theme not in known]
    if unknown:
        raise ApiError(
            400, "validation_failed", fields={"themes": f"Unknown theme: {', '.join(unknown)}."}
        )
    return themes


def order(first: list[str], second: list[str], share: float, rng: random.Random) -> list[str]:
    """The themes to try, in order: one of ``first`` with probability ``share`` (else one of
    ``second``; of either when the other is empty), then the rest of its group, then the other
    group's, each shuffled."""
    first, second = first[:], second[:]
    rng.shuffle(first)
    rng.shuffle(second)
    if not second or (first and rng.random() < share):
        return first + second
    return second + first


def _waiting_themes(session: Session, user_id: int) -> list[str]:
    """The themes of the puzzle 'next' last gave the member and they have not played: a mix
    gives it again until it is played, as 'next' does."""
    latest = (
        sa.select(PuzzleRound.puzzle_id)
        .where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.source == "next",
            PuzzleRound.played_at.is_(None),
        )
        .order_by(PuzzleRound.served_at.desc(), PuzzleRound.id.desc())
        .limit(1)
        .scalar_subquery()
    )
    return list(
        session.scalars(sa.select(PuzzleTheme.theme).where(PuzzleTheme.puzzle_id == latest))
    )


def next_of(
    session: Session,
    user_id: int,
    *,
    is_pro: bool,
    themes: list[str] | None,
    mix: str | None,
    rating: float | None,
    now: datetime,
    rng: random.Random,
) -> Chosen:
    """The next puzzle of one of ``themes`` (each as likely), or with mix='weak' of a weak theme
    of the last 30 days about WEAK_SHARE of the time and else of another theme the member
    played (the plain next puzzle when they have no weak theme yet). 404 when no theme has a
    puzzle left; 403 as 'next' refuses."""
    if mix == "weak":
        found = dashboard.dashboard(session, user_id, days=dashboard.MIX_WINDOW, now=now)
        weak = [each.theme for each in found.weak if each.theme is not None]
        others = found.others()[:OTHERS]
        if not weak:
            return _served(session, user_id, is_pro, None, rating, now, rng, weak=False)
        tried = order(weak, others, WEAK_SHARE, rng)
    else:
        weak, tried = [], order(themes or [], [], 1.0, rng)
    waiting = next((theme for theme in _waiting_themes(session, user_id) if theme in tried), None)
    if waiting is not None:  # the one given and not played yet comes first
        tried.remove(waiting)
        tried.insert(0, waiting)
    waiting_refusal: ApiError | None = None
    for theme in tried:
        try:
            return _served(session, user_id, is_pro, theme, rating, now, rng, weak=theme in weak)
        except ApiError as refused:
            # None left of this theme, or a free member's five waiting are of other themes:
            # the next theme may have one (one of those waiting, perhaps).
            if refused.code == "puzzles_waiting":
                waiting_refusal = waiting_refusal or refused
            elif refused.status != 404:
                raise
    if waiting_refusal is not None:
        raise waiting_refusal
    raise ApiError(404, "not_found", "You have played every puzzle of these themes.")


def _served(
    session: Session,
    user_id: int,
    is_pro: bool,
    theme: str | None,
    rating: float | None,
    now: datetime,
    rng: random.Random,
    *,
    weak: bool,
) -> Chosen:
    puzzle, source = selection.next_puzzle(
        session,
        user_id,
        is_pro=is_pro,
        theme=theme,
        rating=rating,
        from_review=False,
        now=now,
        rng=rng,
    )
    return Chosen(puzzle, source, theme, weak)
