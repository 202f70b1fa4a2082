"""The tactical themes of a puzzle's line, each the rule of its Lichess definition: a function of
the line (motifs.line.Line) that says whether the theme is in it."""

from __future__ import annotations

import math
from collections.abc import Callable

import chess

from .board import (
    SLIDERS,
    attacked_enemies,
    forks,
    hanging,
    in_bad_spot,
    material,
    pawn_shield,
    pin_cost,
    pinned,
    skewered_behind,
    trapped,
    value,
)
from .line import Line
from .mates import phase

Evaluate = Callable[[chess.Board], int]  # centipawns for the side to move


def fork(line: Line) -> bool:
    """A move of a piece other than the king that attacks two pieces it would win one of, from
    a square where it is safe. The last move counts when it takes nothing and does not mate:
    the line may stop at the fork, before the win."""
    last = line.solver[-1]
    for i in line.solver:
        if line.mover(i) == chess.KING or line.boards[i + 1].is_checkmate():
            continue
        if i == last and line.is_capture(i) and line.solver_moves > 1:
            continue
        if forks(line.boards[i + 1], line.moves[i].to_square):
            return True
    return False


def pin(line: Line) -> bool:
    """A piece pinned to its king cannot take what it attacks, or cannot step away from a
    cheaper attacker; the pin is made by the line, or the line uses it."""
    for i in line.solver:
        after = line.boards[i + 1]
        before = line.boards[i]
        for square in pinned(after, not line.pov):
            if not pin_cost(after, square, line.pov):
                continue
            new = not before.is_pinned(not line.pov, square)
            hit = square in after.attacks(line.moves[i].to_square)
            taken = any(line.moves[j].to_square == square for j in line.solver if j > i)
            if new or hit or taken:
                return True
    return False


def skewer(line: Line) -> bool:
    """A piece is attacked along a line, steps away, and the piece behind it (worth no more, and
    never a pawn) is taken. When the line stops at the skewering move itself, a check or an
    attack on a piece worth more than the slider with such a piece behind it counts."""
    for i in line.later:
        taken = line.captured(i)
        move, reply = line.moves[i], line.moves[i - 1]
        if taken is None or taken.piece_type in (chess.PAWN, chess.KING):
            continue
        if line.mover(i) not in SLIDERS or line.boards[i + 1].is_checkmate():
            continue
        if reply.to_square == move.to_square:
            continue
        if reply.from_square not in chess.SquareSet.between(move.from_square, move.to_square):
            continue
        board = line.boards[i - 1]
        front = board.piece_at(reply.from_square)
        slider = board.piece_at(move.from_square)
        if front is None or slider is None or value(front) < value(taken):
            continue
        # the front piece had to go: it was checked, or attacked by something worth less, or loose
        pressed = (
            front.piece_type == chess.KING
            or value(front) > value(slider)
            or hanging(board, reply.from_square)
        )
        if pressed and in_bad_spot(line.boards[i], move.to_square):
            return True
    last = line.solver[-1]
    after = line.boards[last + 1]
    square = line.moves[last].to_square
    if after.is_checkmate() or line.is_capture(last) or in_bad_spot(after, square):
        return False
    slider = after.piece_at(square)
    for target in attacked_enemies(after, square):
        front = after.piece_at(target)
        assert front is not None and slider is not None
        loose = hanging(after, target)
        pressed = front.piece_type == chess.KING or value(front) > value(slider) or loose
        if pressed and skewered_behind(after, square, target) is not None:
            return True
    return False


def discovered_attack(line: Line) -> bool:
    """A move uncovers a check, or a piece moves out of a slider's way and the slider then takes
    through the square it left; or the line's last move uncovers a slider's attack on a piece
    worth more than the slider, or loose (the line stops before the taking)."""
    for i in line.solver:
        checkers = line.boards[i + 1].checkers()
        if checkers and any(square != line.moves[i].to_square for square in checkers):
            return True
    for i in line.later:
        move, reply, opener = line.moves[i], line.moves[i - 1], line.moves[i - 2]
        if not line.is_capture(i) or reply.to_square == move.to_square:
            continue
        if line.boards[i - 2].is_castling(opener):
            continue
        if (
            opener.from_square in chess.SquareSet.between(move.from_square, move.to_square)
            and move.to_square != opener.to_square
            and move.from_square != opener.to_square
        ):
            return True
    return _uncovers(line, line.solver[-1])


def _uncovers(line: Line, i: int) -> bool:
    before, after, move = line.boards[i], line.boards[i + 1], line.moves[i]
    if after.is_checkmate() or before.is_castling(move):
        return False
    for slider in chess.SquareSet(after.occupied_co[line.pov]):
        piece = after.piece_at(slider)
        if slider == move.to_square or piece is None or piece.piece_type not in SLIDERS:
            continue
        for target in after.attacks(slider) & ~before.attacks(slider):
            other = after.piece_at(target)
            if (
                other is None
                or other.color == line.pov
                or other.piece_type in (chess.PAWN, chess.KING)
            ):
                continue
            if move.from_square not in chess.SquareSet.between(slider, target):
                continue
            if value(other) > value(piece) or hanging(after, target):
                return True
    return False


def double_check(line: Line) -> bool:
    return any(len(line.boards[i + 1].checkers()) > 1 for i in line.solver)


def deflection(line: Line) -> bool:
    """A forced reply (a recapture, or an answer to check) takes a piece away from guarding a
    square, and the solver then takes or promotes there."""
    for i in line.later:
        move, reply, earlier = line.moves[i], line.moves[i - 1], line.moves[i - 2]
        taken = line.captured(i)
        if taken is None and not move.promotion:
            continue
        if taken is not None and value(taken) > value(chess.Piece(line.mover(i), line.pov)):
            continue  # winning a bigger piece needs no deflection
        earlier_taken = line.captured(i - 2)
        if earlier_taken is not None and value(earlier_taken) >= value(
            chess.Piece(line.mover(i - 1), not line.pov)
        ):
            continue  # the earlier move was a plain trade
        square = move.to_square
        if square in (reply.to_square, earlier.to_square):
            continue
        forced = reply.to_square == earlier.to_square or line.boards[i - 1].is_check()
        guarded_before = square in line.boards[i - 1].attacks(reply.from_square)
        guarded_after = square in line.boards[i].attacks(reply.to_square)
        if forced and guarded_before and not guarded_after:
            return True
    return False


def attraction(line: Line) -> bool:
    """A sacrifice on a square that a king, queen or rook must take, after which the solver
    attacks the taker there and checks it (a king) or takes it."""
    for i in line.solver:
        if i + 2 >= len(line.moves):
            break
        square = line.moves[i].to_square
        reply = line.moves[i + 1]
        if reply.to_square != square:
            continue
        attracted = line.mover(i + 1)
        if attracted not in (chess.KING, chess.QUEEN, chess.ROOK):
            continue
        follow = line.moves[i + 2]
        if follow.to_square not in line.boards[i + 3].attackers(line.pov, square):
            continue
        if attracted == chess.KING:
            return True
        later = line.move(i + 4)
        if later is not None and later.to_square == square:
            return True
    return False


def clearance(line: Line) -> bool:
    """A move (not a plain capture) empties a square or a line, and a slider then moves onto or
    through it."""
    for i in line.later:
        move, earlier = line.moves[i], line.moves[i - 2]
        if line.is_capture(i) or line.mover(i) not in SLIDERS:
            continue
        if earlier.promotion or earlier.to_square in (move.from_square, move.to_square):
            continue
        if line.boards[i].is_check():
            continue
        if line.boards[i + 1].is_check() and line.mover(i - 1) == chess.KING:
            continue
        vacated = (
            earlier.from_square == move.to_square
            or earlier.from_square in chess.SquareSet.between(move.from_square, move.to_square)
        )
        if not vacated:
            continue
        if not line.is_capture(i - 2) or in_bad_spot(line.boards[i - 1], earlier.to_square):
            return True
    return False


def interference(line: Line) -> bool:
    """A piece steps between a defending slider and what it defends (the solver's, or an
    opponent's own), and the solver takes what was defended."""
    for i in line.later:
        square = line.moves[i].to_square
        taken = line.boards[i].piece_at(square)
        if taken is None or not hanging(line.boards[i], square):
            continue
        # by the solver: the solver's previous move cut the line
        if square != line.moves[i - 1].to_square and _cut(
            line.boards[i - 2], square, taken.color, line.moves[i - 2]
        ):
            return True
        # by the opponent: its own move cut the line
        if _cut(line.boards[i - 1], square, taken.color, line.moves[i - 1]):
            return True
    return False


def _cut(board: chess.Board, square: chess.Square, color: chess.Color, move: chess.Move) -> bool:
    for defender in board.attackers(color, square):
        if board.piece_type_at(defender) in SLIDERS and move.to_square in chess.SquareSet.between(
            square, defender
        ):
            return True
    return False


def x_ray_attack(line: Line) -> bool:
    """The solver takes, the opponent takes back, and a slider of the solver's that stood behind
    the taker takes again, through the square the taker came from."""
    for i in line.later:
        move, reply, earlier = line.moves[i], line.moves[i - 1], line.moves[i - 2]
        if (
            not line.is_capture(i)
            or reply.to_square != move.to_square
            or line.mover(i - 1) == chess.KING
        ):
            continue
        if earlier.to_square != reply.to_square:
            continue
        if reply.from_square in chess.SquareSet.between(move.from_square, move.to_square):
            return True
    return False


def trapped_piece(line: Line) -> bool:
    """A piece with nowhere safe to go is taken, or (the line's last move) is shut in."""
    for i in line.later:
        taken = line.captured(i)
        if taken is None or taken.piece_type == chess.PAWN:
            continue
        square = line.moves[i].to_square
        if line.moves[i - 1].to_square == square:
            square = line.moves[i - 1].from_square
        if trapped(line.boards[i - 1], square):
            return True
    last = line.solver[-1]
    after = line.boards[last + 1]
    if line.is_capture(last) or after.is_check():
        return False
    return any(
        trapped(after, target) and not _trapped_before(line.boards[last], target)
        for target in attacked_enemies(after, line.moves[last].to_square)
    )


def _trapped_before(board: chess.Board, square: chess.Square) -> bool:
    passed = board.copy(stack=False)
    passed.push(chess.Move.null())
    return trapped(passed, square)


def hanging_piece(line: Line) -> bool:
    """The solver's first move takes an undefended piece (not a pawn), and keeps what it took."""
    i = line.first
    board = line.boards[i]
    taken = line.captured(i)
    if board.is_check() and (taken is None or taken.piece_type == chess.PAWN):
        return False
    if taken is None or taken.piece_type == chess.PAWN:
        return False
    square = line.moves[i].to_square
    if not hanging(board, square):
        return False
    if i >= 1:
        opponent = line.moves[i - 1]
        took = line.boards[i - 1].piece_at(opponent.to_square)
        if took is not None and opponent.to_square == square and value(took) >= value(taken):
            return False  # a recapture
    if len(line.moves) - i < 3:
        return True
    return material(line.boards[i + 3], line.pov) >= material(line.boards[i + 1], line.pov)


def capturing_defender(line: Line) -> bool:
    """The solver takes a piece that guarded another, which is then taken (or the square it
    guarded mated on)."""
    for i in line.later:
        move = line.moves[i]
        taken = line.captured(i)
        mover = line.mover(i)
        follow_up = line.boards[i + 1].is_checkmate() or (
            taken is not None
            and mover != chess.KING
            and value(taken) <= value(chess.Piece(mover, line.pov))
            and hanging(line.boards[i], move.to_square)
            and line.moves[i - 1].to_square != move.to_square
        )
        if not follow_up:
            continue
        earlier = line.moves[i - 2]
        if line.boards[i - 1].is_check() or earlier.to_square == move.from_square:
            continue
        init = line.boards[i - 2]
        defender = init.piece_at(earlier.to_square)
        if (
            defender is not None
            and defender.color != line.pov
            and earlier.to_square in init.attackers(defender.color, move.to_square)
            and not init.is_check()
        ):
            return True
    return False


def intermezzo(line: Line) -> bool:
    """The opponent took on a square; instead of taking back at once the solver plays a move
    that must be answered, then takes back."""
    for i in line.later:
        if i < 3 or not line.is_capture(i):
            continue
        square = line.moves[i].to_square
        reply, between, taking = line.moves[i - 1], line.moves[i - 2], line.moves[i - 3]
        if reply.from_square in line.boards[i - 1].attackers(not line.pov, square):
            continue
        if between.to_square == square:
            continue
        if (
            taking.to_square == square
            and line.is_capture(i - 3)
            and line.moves[i] in line.boards[i - 2].legal_moves
        ):
            return True
    return False


def _advanced_pawn_move(line: Line, i: int, ranks: int) -> bool:
    """A pawn move to the last ``ranks`` ranks before promotion (or a promotion)."""
    move = line.moves[i]
    if move.promotion:
        return True
    if line.mover(i) != chess.PAWN:
        return False
    rank = chess.square_rank(move.to_square)
    relative = rank if line.boards[i].turn == chess.WHITE else 7 - rank
    return relative >= 7 - ranks


def _threatens_nothing(line: Line, i: int) -> bool:
    after = line.boards[i + 1]
    return (
        not after.is_check()
        and not line.is_capture(i)
        and not attacked_enemies(after, line.moves[i].to_square)
        and not _advanced_pawn_move(line, i, 3)
    )


def quiet_move(line: Line) -> bool:
    """A move before the last that neither checks, takes nor threatens anything (nor pushes a
    far pawn, nor moves the king), yet sets up what follows."""
    for i in line.solver[:-1]:
        if (
            not line.boards[i].is_check()
            and line.mover(i) != chess.KING
            and _threatens_nothing(line, i)
        ):
            return True
    return False


def defensive_move(line: Line) -> bool:
    """The last move saves something: it neither checks, takes nor threatens, out of at least
    three choices, and a piece of the solver's that could be taken at a profit no longer can."""
    last = line.solver[-1]
    if line.mates or line.boards[last].legal_moves.count() < 3 or line.moves[last].promotion:
        return False
    if not _threatens_nothing(line, last):
        return False
    before, after = line.boards[last], line.boards[last + 1]
    threatened = [
        square
        for square, piece in before.piece_map().items()
        if piece.color == line.pov and _loses(before, square)
    ]
    moved = line.moves[last]
    return bool(threatened) and all(
        not _loses(after, moved.to_square if square == moved.from_square else square)
        for square in threatened
    )


def _loses(board: chess.Board, square: chess.Square) -> bool:
    piece = board.piece_at(square)
    if piece is None or piece.piece_type in (chess.PAWN, chess.KING):
        return False
    passed = board.copy(stack=False)
    if passed.turn == piece.color:
        passed.push(chess.Move.null())  # the question is what the opponent threatens
    return in_bad_spot(passed, square)


def sacrifice(line: Line) -> bool:
    """The solver is two pawns' worth or more down on the starting position after one of its
    later moves (what was given is won back, or the king falls, after the line)."""
    if any(move.promotion for move in line.moves[line.first :]):
        return False
    initial = material(line.start, line.pov)
    return any(material(line.boards[i + 1], line.pov) - initial <= -2 for i in line.later)


def zugzwang(line: Line, evaluate: Evaluate) -> bool:
    """After a quiet move of the solver's the opponent would hold if it could pass, and every
    move it has loses (by a third of a win chance)."""
    for i in line.solver:
        after = line.boards[i + 1]
        if (
            after.is_game_over()
            or after.is_check()
            or line.is_capture(i)
            or after.legal_moves.count() > 15
        ):
            continue
        moving = evaluate(after)
        passed = after.copy(stack=False)
        passed.turn, passed.ep_square = line.pov, None  # the opponent passes
        passing = -evaluate(passed)
        if win_chance(passing) - win_chance(moving) >= 0.3:
            return True
    return False


def win_chance(cp: int) -> float:
    """Lichess's win chance of a centipawn score, from -1 (lost) to 1 (won)."""
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def advanced_pawn(line: Line) -> bool:
    """A pawn pushed to the seventh or eighth rank."""
    return any(_advanced_pawn_move(line, i, 1) for i in line.solver)


def promotion(line: Line) -> bool:
    return any(line.moves[i].promotion for i in line.solver)


def under_promotion(line: Line) -> bool:
    return any(line.moves[i].promotion not in (None, chess.QUEEN) for i in line.solver)


def en_passant(line: Line) -> bool:
    return any(line.boards[i].is_en_passant(line.moves[i]) for i in line.solver)


def castling(line: Line) -> bool:
    return any(line.boards[i].is_castling(line.moves[i]) for i in line.solver)


def exposed_king(line: Line) -> bool:
    """Outside the endgame, the opponent's king, at home but with no pawn in front of it, is
    checked again and again (twice or more, or in the middle of the line)."""
    board = line.start
    king = board.king(not line.pov)
    if king is None or phase(board) == "endgame":
        return False  # in the ending the king is meant to come out
    relative = chess.square_rank(king) if line.pov == chess.BLACK else 7 - chess.square_rank(king)
    if relative > 2:
        return False
    if pawn_shield(board, king):
        return False
    checks = [i for i in line.solver if line.checks(i)]
    middle = [i for i in checks if i not in (line.solver[0], line.solver[-1])]
    return len(checks) >= 2 or bool(middle)


def side_attack(line: Line, corner_file: int, king_files: tuple[int, ...], pieces: int) -> bool:
    """An attack on a king castled to one side: it checks, and takes near that corner."""
    back_rank = 7 if line.pov == chess.WHITE else 0
    board = line.start
    king = board.king(not line.pov)
    if (
        king is None
        or chess.square_rank(king) != back_rank
        or chess.square_file(king) not in king_files
        or len(board.piece_map()) < pieces
        or not any(line.checks(i) for i in line.solver)
    ):
        return False
    corner = chess.square(corner_file, back_rank)
    score = 0
    for i in line.solver:
        distance = chess.square_distance(corner, line.moves[i].to_square)
        if line.checks(i):
            score += 1
        if line.is_capture(i) and distance <= 3:
            score += 1
        elif distance >= 5:
            score -= 1
    return score >= 2


def kingside_attack(line: Line) -> bool:
    return side_attack(line, 7, (6, 7), 20)


def queenside_attack(line: Line) -> bool:
    return side_attack(line, 0, (0, 1, 2), 18)
