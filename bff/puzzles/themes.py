"""Puzzle themes: their names for people, and how many puzzles each has."""

from __future__ import annotations

import json
import re
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.cache import Cache
from .models import PuzzleTheme

KEPT = 600  # seconds the counts are kept: a million puzzles take a while to count

# The Lichess database's themes by their names on Lichess (any other key is split into words).
NAMES = {
    "mate": "Checkmate",
    "mateIn1": "Mate in 1",
    "mateIn2": "Mate in 2",
    "mateIn3": "Mate in 3",
    "mateIn4": "Mate in 4",
    "mateIn5": "Mate in 5 or more",
    "oneMove": "One-move puzzle",
    "short": "Short puzzle",
    "long": "Long puzzle",
    "veryLong": "Very long puzzle",
    "backRankMate": "Back-rank mate",
    "hangingPiece": "Hanging piece",
    "discoveredAttack": "Discovered attack",
    "doubleCheck": "Double check",
    "advantage": "Winning an advantage",
    "crushing": "Crushing",
    "equality": "Equality",
    "kingsideAttack": "Kingside attack",
    "queensideAttack": "Queenside attack",
    "enPassant": "En passant",
    "underPromotion": "Underpromotion",
    "advancedPawn": "Advanced pawn",
    "exposedKing": "Exposed king",
    "trappedPiece": "Trapped piece",
    "quietMove": "Quiet move",
    "xRayAttack": "X-ray attack",
    "pawnEndgame": "Pawn endgame",
    "rookEndgame": "Rook endgame",
    "queenEndgame": "Queen endgame",
    "bishopEndgame": "Bishop endgame",
    "knightEndgame": "Knight endgame",
    "queenRookEndgame": "Queen and rook endgame",
    "fork": "Fork",
    "pin": "Pin",
    "skewer": "Skewer",
    "deflection": "Deflection",
    "attraction": "Attraction",
    "clearance": "Clearance",
    "interference": "Interference",
    "intermezzo": "Intermezzo",
    "sacrifice": "Sacrifice",
    "zugzwang": "Zugzwang",
    "capturingDefender": "Capture the defender",
    "defensiveMove": "Defensive move",
    "promotion": "Promotion",
    "castling": "Castling",
    "opening": "Opening",
    "middlegame": "Middlegame",
    "endgame": "Endgame",
    "smotheredMate": "Smothered mate",
    "anastasiaMate": "Anastasia's mate",
    "arabianMate": "Arabian mate",
    "bodenMate": "Boden's mate",
    "doubleBishopMate": "Double bishop mate",
    "dovetailMate": "Dovetail mate",
    "hookMate": "Hook mate",
}


def name_of(theme: str) -> str:
    """A theme's name for people: its own, or its key in words ('smotheredMate': 'Smothered
    mate')."""
    if theme in NAMES:
        return NAMES[theme]
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", theme).lower()
    return words[:1].upper() + words[1:]


def counts(session: Session) -> list[dict[str, Any]]:
    """Every theme with its number of puzzles, the largest first."""
    rows = session.execute(
        sa.select(PuzzleTheme.theme, sa.func.count())
        .group_by(PuzzleTheme.theme)
        .order_by(sa.func.count().desc(), PuzzleTheme.theme)
    ).all()
    return [{"theme": theme, "name": name_of(theme), "count": count} for theme, count in rows]


def counts_kept(session: Session, cache: Cache) -> list[dict[str, Any]]:
    """``counts``, kept in the shared cache for ``KEPT`` seconds."""
    kept = cache.get("puzzles:themes")
    if kept is not None:
        found: list[dict[str, Any]] = json.loads(kept)
        return found
    counted = counts(session)
    cache.set("puzzles:themes", json.dumps(counted).encode(), KEPT)
    return counted
