"""Themes of how a line ends and where it happens: the mate and its pattern, the phase of the
game, the kind of endgame, the line's length."""

from __future__ import annotations

import chess

from .line import Line


def mate_in(line: Line) -> str | None:
    if not line.mates:
        return None
    return f"mateIn{min(line.solver_moves, 5)}"


def _mated(board: chess.Board) -> tuple[chess.Board, chess.Square, chess.Move, chess.PieceType]:
    """The mated position, the king's square, the mating move and the piece that made it (the
    board's last move)."""
    king = board.king(board.turn)
    assert king is not None
    move = board.peek()
    piece = board.piece_type_at(move.to_square)
    assert piece is not None
    return board, king, move, piece


def _around(king: chess.Square) -> chess.SquareSet:
    return chess.SquareSet(chess.BB_KING_ATTACKS[king])


def back_rank_mate(board: chess.Board) -> bool:
    """Mate on the king's home rank, by a piece on that rank, the squares in front of the king
    filled with its own pieces."""
    board, king, _, _ = _mated(board)
    home = 0 if board.turn == chess.WHITE else 7
    if chess.square_rank(king) != home:
        return False
    ahead = [sq for sq in _around(king) if chess.square_rank(sq) != home]
    for square in ahead:
        piece = board.piece_at(square)
        if piece is None or piece.color != board.turn or board.attackers(not board.turn, square):
            return False
    return any(chess.square_rank(checker) == home for checker in board.checkers())


def smothered_mate(board: chess.Board) -> bool:
    """A knight mates a king whose every neighbouring square holds one of its own pieces."""
    board, king, _, _ = _mated(board)
    if not any(board.piece_type_at(sq) == chess.KNIGHT for sq in board.checkers()):
        return False
    return all(
        (piece := board.piece_at(sq)) is not None and piece.color == board.turn
        for sq in _around(king)
    )


def anastasia_mate(board: chess.Board) -> bool:
    """A rook or queen mates along the edge file, the king shut in by its own piece beside it
    and a knight covering the squares diagonally in front of that piece."""
    board, king, move, piece = _mated(board)
    file, rank = chess.square_file(king), chess.square_rank(king)
    if file not in (0, 7) or rank in (0, 7) or piece not in (chess.ROOK, chess.QUEEN):
        return False
    if chess.square_file(move.to_square) != file:
        return False
    inward = 1 if file == 0 else 6
    beside = board.piece_at(chess.square(inward, rank))
    if beside is None or beside.color != board.turn:
        return False
    knights = board.pieces(chess.KNIGHT, not board.turn)
    diagonals = [chess.square(inward, rank + 1), chess.square(inward, rank - 1)]
    return all(any(sq in board.attacks(knight) for knight in knights) for sq in diagonals)


def arabian_mate(board: chess.Board) -> bool:
    """A rook mates a cornered king from beside it, guarded by a knight that also covers the
    square diagonally in front of the king."""
    board, king, move, piece = _mated(board)
    if chess.square_file(king) not in (0, 7) or chess.square_rank(king) not in (0, 7):
        return False
    if piece != chess.ROOK or chess.square_distance(move.to_square, king) != 1:
        return False
    return any(
        board.piece_type_at(guard) == chess.KNIGHT and chess.square_distance(guard, king) == 2
        for guard in board.attackers(not board.turn, move.to_square)
    )


def hook_mate(board: chess.Board) -> bool:
    """A rook mates from beside the king, guarded by a knight that a pawn guards, an enemy pawn
    taking one of the king's squares."""
    board, king, move, piece = _mated(board)
    if piece != chess.ROOK or chess.square_distance(move.to_square, king) != 1:
        return False
    if not any(board.piece_at(sq) == chess.Piece(chess.PAWN, board.turn) for sq in _around(king)):
        return False
    for guard in board.attackers(not board.turn, move.to_square):
        if board.piece_type_at(guard) != chess.KNIGHT:
            continue
        if any(
            board.piece_type_at(sq) == chess.PAWN for sq in board.attackers(not board.turn, guard)
        ):
            return True
    return False


def bishops_mate(board: chess.Board) -> str | None:
    """Two bishops mate: every square of the king's that is covered is covered by bishops only.
    Boden's mate when they come from either side of the king (criss-crossing diagonals), the
    double bishop mate when they stand on the same side (neighbouring diagonals)."""
    board, king, _, _ = _mated(board)
    attacker = not board.turn
    bishops = list(board.pieces(chess.BISHOP, attacker))
    if len(bishops) != 2:
        return None
    used: set[chess.Square] = set()
    for square in [king, *_around(king)]:
        covering = board.attackers(attacker, square)
        if any(board.piece_type_at(sq) != chess.BISHOP for sq in covering):
            return None
        used |= set(covering)
    if used != set(bishops):
        return None
    king_file = chess.square_file(king)
    sides = {
        (chess.square_file(sq) > king_file) - (chess.square_file(sq) < king_file) for sq in bishops
    }
    return "bodenMate" if sides == {-1, 1} else "doubleBishopMate"


def dovetail_mate(board: chess.Board) -> bool:
    """A queen mates from a square diagonally next to the king, away from the edge, the two
    squares it does not cover filled by the king's own pieces."""
    board, king, move, piece = _mated(board)
    if chess.square_file(king) in (0, 7) or chess.square_rank(king) in (0, 7):
        return False
    queen = move.to_square
    if piece != chess.QUEEN or chess.square_distance(queen, king) != 1:
        return False
    if chess.square_file(queen) == chess.square_file(king) or chess.square_rank(
        queen
    ) == chess.square_rank(king):
        return False
    for square in _around(king):
        if square == queen:
            continue
        covering = list(board.attackers(not board.turn, square))
        if covering == [queen]:
            if board.piece_at(square) is not None:
                return False
        elif covering:
            return False
    return True


def mate_patterns(line: Line) -> set[str]:
    """The patterns of the line's mate (each rule takes the mated position, its last move
    played)."""
    if not line.mates:
        return set()
    board = line.boards[-2].copy(stack=False)
    board.push(line.moves[-1])
    return patterns(board)


def patterns(board: chess.Board) -> set[str]:
    """The patterns of a mate: ``board`` is the mated position with the mating move on its
    stack."""
    if not board.is_checkmate() or not board.move_stack:
        return set()
    found = {
        name
        for name, rule in (
            ("backRankMate", back_rank_mate),
            ("smotheredMate", smothered_mate),
            ("anastasiaMate", anastasia_mate),
            ("arabianMate", arabian_mate),
            ("hookMate", hook_mate),
            ("dovetailMate", dovetail_mate),
        )
        if rule(board)
    }
    bishops = bishops_mate(board)
    if bishops:
        found.add(bishops)
    return found


# Where and how long ---------------------------------------------------------------------------

MINOR_AND_MAJOR = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
OPENING_MOVES = 12  # a tactic up to move 12 is an opening one, unless the board is an endgame
ENDGAME_PIECES = 6  # queens, rooks, bishops and knights on the board, both sides, at most


def phase(board: chess.Board) -> str:
    pieces = sum(
        len(board.pieces(kind, color)) for kind in MINOR_AND_MAJOR for color in chess.COLORS
    )
    if pieces <= ENDGAME_PIECES:
        return "endgame"
    if board.fullmove_number <= OPENING_MOVES:
        return "opening"
    return "middlegame"


ENDGAMES = {
    "pawnEndgame": (),
    "knightEndgame": (chess.KNIGHT,),
    "bishopEndgame": (chess.BISHOP,),
    "rookEndgame": (chess.ROOK,),
    "queenEndgame": (chess.QUEEN,),
    "queenRookEndgame": (chess.QUEEN, chess.ROOK),
}


def endgame_kind(line: Line) -> str | None:
    """The kind of endgame, when the pieces besides kings and pawns are all of one kind (queens
    and rooks together for the queen and rook ending), before and after the solver's first
    move."""
    boards = [line.start, line.boards[line.first + 1]]
    for name, kinds in ENDGAMES.items():
        if all(_only(board, kinds) for board in boards):
            return name
    return None


def _only(board: chess.Board, kinds: tuple[chess.PieceType, ...]) -> bool:
    present = {piece.piece_type for piece in board.piece_map().values()} - {chess.KING, chess.PAWN}
    return present == set(kinds)


def length(line: Line) -> str:
    return ["oneMove", "short", "long", "veryLong"][min(line.solver_moves, 4) - 1]
