"""A puzzle as every puzzle call answers it."""

from __future__ import annotations

from typing import Any

from .models import Puzzle
from .themes import name_of


def puzzle_answer(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle with its solution: ``moves`` starts with the opponent's move, so the solver
    is the side not to move in ``fen``."""
    white_to_move = puzzle.fen.split()[1] == "w"
    themes = puzzle.themes.split()
    return {
        "id": puzzle.id,
        "fen": puzzle.fen,
        "moves": puzzle.moves.split(),
        "solver": "black" if white_to_move else "white",
        "rating": round(puzzle.rating),
        "plays": puzzle.plays,
        "themes": [{"theme": theme, "name": name_of(theme)} for theme in themes],
        "game_url": puzzle.game_url or None,
        "opening_tags": puzzle.opening_tags.split(),
    }
