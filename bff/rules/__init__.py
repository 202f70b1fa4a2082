"""Chess rules on the server: positions (FEN) and lines (UCI) read and checked with python-chess,
and a learner's moves held against a solution. python-chess is GPL: it stays on the server and is
never shipped to browsers or apps (README: Licences)."""

from __future__ import annotations

import re

import chess

UCI = re.compile(r"\A[a-h][1-8][a-h][1-8][qrbn]?\Z")
MAX_FEN = 100


def position(fen: str) -> chess.Board | None:
    """The position a FEN names, or None when it is not one a game can reach the rules of (a
    malformed FEN, a missing king, the side not to move in check...)."""
    if not isinstance(fen, str) or len(fen) > MAX_FEN:
        return None
    try:
        board = chess.Board(fen)
    except ValueError:
        return None
    return board if board.is_valid() else None


def line_problem(fen: str, moves: list[str]) -> str | None:
    """Why a line cannot be played from a FEN (None when it can): each move UCI and legal in
    turn."""
    board = position(fen)
    if board is None:
        return "the FEN is not a legal position"
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str) or not UCI.match(text):
            return f"move {number} ({text!r}) is not a UCI move"
        move = chess.Move.from_uci(text)
        if move not in board.legal_moves:
            return f"move {number} ({text}) is not legal in the position"
        board.push(move)
    return None


def solves(fen: str, line: list[str], played: list[str]) -> bool:
    """Whether ``played`` solves ``line`` from ``fen``: the learner's moves (the first, third...)
    and the replies as the line has them, except that a move that mates solves at once, as on
    Lichess. A line that stops early solves nothing."""
    board = position(fen)
    if board is None or not line or len(played) > len(line):
        return False
    for index, text in enumerate(played):
        if not isinstance(text, str) or not UCI.match(text):
            return False
        move = chess.Move.from_uci(text)
        if move not in board.legal_moves:
            return False
        learners = index % 2 == 0
        if learners and text != line[index]:
            board.push(move)
            return board.is_checkmate()
        if not learners and text != line[index]:
            return False
        board.push(move)
        if learners and board.is_checkmate():
            return True
    return len(played) == len(line)


def after(fen: str, moves: list[str]) -> str:
    """The FEN after a line (checked before) is played from ``fen``."""
    board = chess.Board(fen)
    for text in moves:
        board.push_uci(text)
    return board.fen()
