"""Chess rules on the server (python-chess): positions, lines and a learner's moves judged.

python-chess is GPL: it stays on the server and is never shipped to browsers or apps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import chess

# The UCI of a move, as answers give it and requests may carry it.
UCI_PATTERN = r"^[a-h][1-8][a-h][1-8][qrbn]?$"
MAX_FEN = 100


def board_of(fen: Any) -> chess.Board | None:
    """The position of a FEN, or None when it is not a legal position (a malformed FEN, a
    missing king, the side not to move in check...)."""
    if not isinstance(fen, str) or not fen.strip() or len(fen) > MAX_FEN:
        return None
    try:
        board = chess.Board(fen.strip())
    except ValueError:
        return None
    return board if board.is_valid() else None


def legal_move(board: chess.Board, text: str) -> chess.Move | None:
    """The move a UCI text names, when it is legal in the position."""
    try:
        move = board.parse_uci(text.strip())
    except ValueError:  # not UCI, or not legal there
        return None
    return move if move else None


def line_of(fen: Any, moves: list[str]) -> tuple[chess.Board, list[str]] | str:
    """The start of a line and its moves in UCI, or why the line cannot be played from the FEN."""
    board = board_of(fen)
    if board is None:
        return f"illegal FEN {fen!r}"
    played = board.copy()
    uci = []
    for number, text in enumerate(moves, start=1):
        move = legal_move(played, text) if isinstance(text, str) else None
        if move is None:
            return f"move {number} '{text}' is not legal in {played.fen()!r}"
        uci.append(move.uci())
        played.push(move)
    return board, uci


def after(fen: str, moves: list[str]) -> str:
    """The FEN after a line (checked before) is played from ``fen``."""
    board = chess.Board(fen)
    for text in moves:
        board.push_uci(text)
    return board.fen()


@dataclass(frozen=True)
class Branch:
    """A line that leaves the exercise's line at the learner's move ``at`` (an index into the
    line): a move as good as the line's (and the rest of its own line), or a tempting mistake and
    its refutation."""

    at: int
    moves: tuple[str, ...]
    comment: str | None = None


@dataclass(frozen=True)
class Verdict:
    solved: bool  # every move of the line (or of an alternative) was played right
    failed: bool  # a learner's move went wrong
    alternative: Branch | None = None  # the alternative the learner's moves followed


class NotPlayable(ValueError):
    """Moves that cannot have been played from the position: an illegal move, a reply that is
    not the line's, or more moves than the line."""


def judge(
    fen: str, line: list[str], played: list[str], alternatives: tuple[Branch, ...] = ()
) -> Verdict:
    """The learner's moves (and the replies they got) against the line. At each learner turn the
    move must be the line's or one of the alternatives from that turn, which the learner then
    follows to its own end; at the last move any mate is right too."""
    board = chess.Board(fen)
    path, branch = line, None
    for number, text in enumerate(played):
        if number >= len(path):
            raise NotPlayable("more moves than the line has")
        move = legal_move(board, text)
        if move is None:
            raise NotPlayable(f"move {number + 1} '{text}' is not legal there")
        learner = number % 2 == 0
        if move.uci() != path[number]:
            taken = _alternative(alternatives, number, move.uci()) if branch is None else None
            if learner and taken is not None:
                path, branch = [*line[:number], *taken.moves], taken
                board.push(move)
                continue
            if not learner:
                raise NotPlayable(f"move {number + 1} '{text}' is not the line's reply")
            board.push(move)
            if number == len(path) - 1 and board.is_checkmate():
                return Verdict(solved=True, failed=False, alternative=branch)
            return Verdict(solved=False, failed=True, alternative=branch)
        board.push(move)
    return Verdict(solved=len(played) == len(path), failed=False, alternative=branch)


def _alternative(alternatives: tuple[Branch, ...], at: int, uci: str) -> Branch | None:
    return next((b for b in alternatives if b.at == at and b.moves[0] == uci), None)
