"""What one position says about one piece: its worth, whether it is defended, loose, trapped,
forking, pinned; the building blocks of the line's themes (line.py, tactics.py, mates.py)."""

from __future__ import annotations

import chess

# Pawns, as every chess book counts; the king counts as more than everything, so that a piece
# attacking it counts as attacking something worth more than itself.
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
KING_VALUES = {**VALUES, chess.KING: 99}
SLIDERS = (chess.BISHOP, chess.ROOK, chess.QUEEN)


def value(piece: chess.Piece) -> int:
    return KING_VALUES[piece.piece_type]


def material(board: chess.Board, color: chess.Color) -> int:
    """``color``'s material minus the other side's, in pawns."""
    return sum(
        VALUES.get(piece.piece_type, 0) * (1 if piece.color == color else -1)
        for piece in board.piece_map().values()
    )


def defended(board: chess.Board, square: chess.Square) -> bool:
    """A friendly piece guards ``square``, directly or through an enemy slider that attacks it
    (an x-ray: the slider takes, and is taken by the piece behind it)."""
    piece = board.piece_at(square)
    if piece is None:
        return False
    if board.attackers(piece.color, square):
        return True
    for attacker in board.attackers(not piece.color, square):
        if board.piece_type_at(attacker) in SLIDERS:
            through = board.copy(stack=False)
            through.remove_piece_at(attacker)
            if through.attackers(piece.color, square) & chess.SquareSet.ray(attacker, square):
                return True
    return False


def hanging(board: chess.Board, square: chess.Square) -> bool:
    return not defended(board, square)


def in_bad_spot(board: chess.Board, square: chess.Square) -> bool:
    """The piece on ``square`` can be taken at a profit: it is attacked and either undefended or
    attacked by something worth less."""
    piece = board.piece_at(square)
    if piece is None:
        return False
    attackers = board.attackers(not piece.color, square)
    if not attackers:
        return False
    if hanging(board, square):
        return True
    return any(
        (taker := board.piece_at(sq)) is not None
        and taker.piece_type != chess.KING
        and value(taker) < value(piece)
        for sq in attackers
    )


def trapped(board: chess.Board, square: chess.Square) -> bool:
    """The piece on ``square`` (its side to move) is in a bad spot and every move it has leaves
    it in one, short of taking something worth as much."""
    piece = board.piece_at(square)
    if piece is None or piece.piece_type in (chess.PAWN, chess.KING) or piece.color != board.turn:
        return False
    if board.is_check() or board.is_pinned(piece.color, square) or not in_bad_spot(board, square):
        return False
    for escape in board.legal_moves:
        if escape.from_square != square:
            continue
        taken = board.piece_at(escape.to_square)
        if taken is not None and value(taken) >= value(piece):
            return False
        board.push(escape)
        still_bad = in_bad_spot(board, escape.to_square)
        board.pop()
        if not still_bad:
            return False
    return True


def attacked_enemies(board: chess.Board, square: chess.Square) -> list[chess.Square]:
    """The enemy pieces the piece on ``square`` attacks."""
    piece = board.piece_at(square)
    if piece is None:
        return []
    return [
        target
        for target in board.attacks(square)
        if (other := board.piece_at(target)) is not None and other.color != piece.color
    ]


def fork_targets(board: chess.Board, square: chess.Square) -> list[chess.Square]:
    """The pieces the piece on ``square`` wins one of if it forks them: not pawns; each worth
    more than the forker (the king most of all), or loose and unable to take the forker."""
    forker = board.piece_at(square)
    if forker is None or forker.piece_type == chess.KING:
        return []
    targets = []
    for target in attacked_enemies(board, square):
        other = board.piece_at(target)
        assert other is not None
        if other.piece_type == chess.PAWN:
            continue
        if value(other) > value(forker) or (
            hanging(board, target) and target not in board.attackers(other.color, square)
        ):
            targets.append(target)
    return targets


def forks(board: chess.Board, square: chess.Square) -> bool:
    """The piece on ``square`` (it just moved) attacks two targets and stands safe."""
    return not in_bad_spot(board, square) and len(fork_targets(board, square)) >= 2


def pinned(board: chess.Board, color: chess.Color) -> list[chess.Square]:
    """``color``'s pieces pinned to their king."""
    return [
        square
        for square, piece in board.piece_map().items()
        if piece.color == color
        and piece.piece_type != chess.KING
        and board.is_pinned(color, square)
    ]


def pin_cost(board: chess.Board, square: chess.Square, pov: chess.Color) -> bool:
    """The pin of the piece on ``square`` costs its side something: it cannot take a piece of
    ``pov`` worth more than itself or loose, or it cannot step away from a cheaper attacker."""
    piece = board.piece_at(square)
    assert piece is not None
    line = board.pin(piece.color, square)
    for target in board.attacks(square):
        other = board.piece_at(target)
        if (
            other is not None
            and other.color == pov
            and target not in line
            and (value(other) > value(piece) or hanging(board, target))
        ):
            return True
    for attacker in board.attackers(pov, square):
        if attacker not in line:
            continue
        attacking = board.piece_at(attacker)
        assert attacking is not None
        if value(piece) > value(attacking):
            return True
        if hanging(board, square) and square not in board.attackers(piece.color, attacker):
            return True
    return False


def skewered_behind(
    board: chess.Board, slider: chess.Square, front: chess.Square
) -> chess.Square | None:
    """The piece behind ``front`` on the slider's line, when the slider's attack on ``front``
    is a skewer: the front piece is worth as much as or more than the one behind, which is a
    real piece (never a pawn) and would be won once the front one steps aside."""
    attacker = board.piece_at(slider)
    first = board.piece_at(front)
    if attacker is None or attacker.piece_type not in SLIDERS or first is None:
        return None
    if first.color == attacker.color or first.piece_type == chess.PAWN:
        return None
    beyond = chess.SquareSet.ray(slider, front) & ~chess.SquareSet.between(slider, front)
    beyond = [
        sq
        for sq in beyond
        if chess.square_distance(slider, sq) > chess.square_distance(slider, front)
    ]
    for square in sorted(beyond, key=lambda sq: chess.square_distance(slider, sq)):
        behind = board.piece_at(square)
        if behind is None:
            continue
        if (
            behind.color == first.color
            and behind.piece_type not in (chess.PAWN, chess.KING)
            and value(first) >= value(behind)
        ):
            cleared = board.copy(stack=False)
            cleared.remove_piece_at(front)
            cleared.turn = attacker.color
            if value(behind) > value(attacker) or hanging(cleared, square):
                return square
        return None
    return None


def pawn_shield(board: chess.Board, king: chess.Square) -> int:
    """Friendly pawns on the three squares in front of the king."""
    color = board.color_at(king)
    assert color is not None
    step = 1 if color == chess.WHITE else -1
    rank = chess.square_rank(king) + step
    if not 0 <= rank < 8:
        return 0
    return sum(
        1
        for file in range(chess.square_file(king) - 1, chess.square_file(king) + 2)
        if 0 <= file < 8
        and board.piece_at(chess.square(file, rank)) == chess.Piece(chess.PAWN, color)
    )
