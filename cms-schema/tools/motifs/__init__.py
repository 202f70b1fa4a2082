"""The themes of a chess puzzle, as Lichess's puzzle themes define them, read from the board.

One rule per theme, used by every tool that names what a line is about (make_puzzles.py for the
puzzles, chess_checks.py for the exercises). ``themes`` takes a position and a line and answers
Lichess's theme keys; the evaluation themes (advantage, crushing, equality) need an engine's
score and are added by the caller that has one, and zugzwang is looked for only when an
``evaluate`` function is given. cms-schema/README.md lists the themes and what each means.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from . import mates, tactics
from .board import (
    VALUES,
    defended,
    fork_targets,
    forks,
    hanging,
    material,
    pinned,
    skewered_behind,
    trapped,
)
from .line import Line
from .tactics import Evaluate, win_chance

# The rules of the tactical themes, by Lichess key.
TACTICS = {
    "fork": tactics.fork,
    "pin": tactics.pin,
    "skewer": tactics.skewer,
    "discoveredAttack": tactics.discovered_attack,
    "doubleCheck": tactics.double_check,
    "deflection": tactics.deflection,
    "attraction": tactics.attraction,
    "clearance": tactics.clearance,
    "interference": tactics.interference,
    "xRayAttack": tactics.x_ray_attack,
    "trappedPiece": tactics.trapped_piece,
    "hangingPiece": tactics.hanging_piece,
    "capturingDefender": tactics.capturing_defender,
    "intermezzo": tactics.intermezzo,
    "quietMove": tactics.quiet_move,
    "sacrifice": tactics.sacrifice,
    "advancedPawn": tactics.advanced_pawn,
    "promotion": tactics.promotion,
    "underPromotion": tactics.under_promotion,
    "enPassant": tactics.en_passant,
    "castling": tactics.castling,
    "exposedKing": tactics.exposed_king,
    "kingsideAttack": tactics.kingside_attack,
    "queensideAttack": tactics.queenside_attack,
}

EVALUATION_THEMES = ("advantage", "crushing", "equality")


def themes(
    board: chess.Board,
    moves: Sequence[chess.Move | str],
    *,
    opponent_first: bool = True,
    evaluate: Evaluate | None = None,
) -> list[str]:
    """The Lichess theme keys of a line, sorted. ``board`` is the position before ``moves``;
    as in a Lichess row the first move is the opponent's (``opponent_first=False`` when the line
    starts with the solver's move, as an exercise's does) and the solver has the last.
    ``evaluate(board)`` (centipawns for the side to move) lets zugzwang be looked for."""
    line = Line.of(
        board, [chess.Move.from_uci(m) if isinstance(m, str) else m for m in moves], opponent_first
    )
    return sorted(themes_of(line, evaluate))


def themes_of(line: Line, evaluate: Evaluate | None = None) -> set[str]:
    found = {name for name, rule in TACTICS.items() if rule(line)}
    mate = mates.mate_in(line)
    if mate:
        found |= {"mate", mate} | mates.mate_patterns(line)
    elif tactics.defensive_move(line):
        found.add("defensiveMove")
    if evaluate is not None and not mate and tactics.zugzwang(line, evaluate):
        found.add("zugzwang")
    found.add(mates.phase(line.start))
    kind = mates.endgame_kind(line)
    if kind:
        found.add(kind)
    found.add(mates.length(line))
    return found


__all__ = [
    "EVALUATION_THEMES",
    "Line",
    "TACTICS",
    "VALUES",
    "defended",
    "fork_targets",
    "forks",
    "hanging",
    "material",
    "pinned",
    "skewered_behind",
    "themes",
    "themes_of",
    "trapped",
    "win_chance",
]
