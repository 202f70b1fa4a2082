"""A puzzle's line as the theme rules read it: every position, every move, whose move it is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import chess


@dataclass
class Line:
    """``boards[i]`` is the position before ``moves[i]`` (and ``boards[-1]`` the final one).
    ``first`` is the index of the solver's first move: 1 when the line starts, as a Lichess row
    does, with the opponent's move, 0 when it starts with the solver's."""

    boards: list[chess.Board]
    moves: list[chess.Move]
    pov: chess.Color
    first: int

    @classmethod
    def of(
        cls, board: chess.Board, moves: Sequence[chess.Move], opponent_first: bool = True
    ) -> Line:
        position = board.copy(stack=False)
        boards = [position.copy(stack=False)]
        for move in moves:
            if move not in position.legal_moves:
                raise ValueError(f"{move.uci()} is illegal in {position.fen()}")
            position.push(move)
            boards.append(position.copy(stack=False))
        first = 1 if opponent_first else 0
        if len(moves) <= first:
            raise ValueError("the line has no solver's move")
        return cls(boards, list(moves), boards[first].turn, first)

    @property
    def solver(self) -> range:
        """Indices of the solver's moves."""
        return range(self.first, len(self.moves), 2)

    @property
    def later(self) -> range:
        """The solver's moves after the first (those that follow up an earlier idea)."""
        return range(self.first + 2, len(self.moves), 2)

    @property
    def start(self) -> chess.Board:
        """The position the solver faces."""
        return self.boards[self.first]

    @property
    def end(self) -> chess.Board:
        return self.boards[-1]

    @property
    def solver_moves(self) -> int:
        return len(self.solver)

    @property
    def mates(self) -> bool:
        return self.end.is_checkmate()

    def mover(self, i: int) -> chess.PieceType:
        piece_type = self.boards[i].piece_type_at(self.moves[i].from_square)
        assert piece_type is not None
        return piece_type

    def captured(self, i: int) -> chess.Piece | None:
        """The piece ``moves[i]`` takes (the pawn, en passant)."""
        board, move = self.boards[i], self.moves[i]
        if board.is_en_passant(move):
            return chess.Piece(chess.PAWN, not board.turn)
        return board.piece_at(move.to_square)

    def is_capture(self, i: int) -> bool:
        return self.boards[i].is_capture(self.moves[i])

    def checks(self, i: int) -> bool:
        """``moves[i]`` gives check."""
        return self.boards[i + 1].is_check()

    def move(self, i: int) -> chess.Move | None:
        return self.moves[i] if 0 <= i < len(self.moves) else None
