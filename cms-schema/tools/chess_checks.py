"""Engine checks and move analysis shared by the tools that make exercises and puzzles.

Everything that says "this move is the only good one" goes through here, so the generator and
the tests apply the same rule with the same search:

- a position is searched by Stockfish with one thread, a fixed hash and a fresh game
  (``ucinewgame``) before every search, so a search gives the same answer on every run;
- a move is **the unique solution** when it is the engine's best at the given depth and either
  mates with no other move mating as fast, or is at least ``MARGIN`` centipawns better than
  the second best move;
- ``motifs`` names what a move does in chess words (fork, pin, skewer, discovered attack,
  back-rank mate...), ``explain`` and ``hint`` turn that into text for learners.

python-chess and Stockfish are GPL: they run in tools and tests only, never in the browser.
"""

from __future__ import annotations

import itertools
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine

STOCKFISH_PATHS = ("/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish")
DEPTH = 16
MARGIN = 150  # centipawns between the best and the second best move
HASH_MB = 16
MATE_SCORE = 100_000
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
PIECE_NAMES = {
    chess.PAWN: "pawn",
    chess.KNIGHT: "knight",
    chess.BISHOP: "bishop",
    chess.ROOK: "rook",
    chess.QUEEN: "queen",
    chess.KING: "king",
}
COLOR_NAMES = {chess.WHITE: "White", chess.BLACK: "Black"}


def stockfish_path() -> str | None:
    """The Stockfish binary: $STOCKFISH, Debian's /usr/games/stockfish, or one on the PATH."""
    candidates = [os.environ.get("STOCKFISH", ""), *STOCKFISH_PATHS, shutil.which("stockfish")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def open_engine(path: str | None = None) -> chess.engine.SimpleEngine:
    binary = path or stockfish_path()
    if binary is None:
        raise FileNotFoundError("Stockfish not found (apt-get install stockfish)")
    engine = chess.engine.SimpleEngine.popen_uci(binary)
    engine.configure({"Threads": 1, "Hash": HASH_MB})
    return engine


_games = itertools.count()


def analyse(
    engine: chess.engine.SimpleEngine, board: chess.Board, depth: int, multipv: int
) -> list[dict]:
    """A search from a fresh game, so the answer does not depend on earlier searches."""
    infos = engine.analyse(
        board, chess.engine.Limit(depth=depth), multipv=multipv, game=("game", next(_games))
    )
    return [info for info in infos if info.get("pv")]


def cp(score: chess.engine.PovScore, turn: chess.Color) -> int:
    return score.pov(turn).score(mate_score=MATE_SCORE)


@dataclass
class Verdict:
    """What a search says of the side to move's best move."""

    ok: bool  # a unique solution
    move: chess.Move | None
    score: int = 0  # centipawns for the side to move (mates as +-MATE_SCORE minus distance)
    second: int | None = None  # the second best move's score, None when there is one legal move
    mate: int | None = None  # moves to mate for the side to move (positive: it mates)
    pv: list[chess.Move] = field(default_factory=list)
    second_move: chess.Move | None = None

    @property
    def margin(self) -> int | None:
        return None if self.second is None else self.score - self.second


def judge(
    engine: chess.engine.SimpleEngine,
    board: chess.Board,
    depth: int = DEPTH,
    margin: int = MARGIN,
) -> Verdict:
    """The side to move's best move, and whether it is the unique solution."""
    if board.is_game_over():
        return Verdict(False, None)
    infos = analyse(engine, board, depth, 2)
    if not infos:
        return Verdict(False, None)
    turn = board.turn
    best = infos[0]
    pov = best["score"].pov(turn)
    verdict = Verdict(
        False,
        best["pv"][0],
        score=pov.score(mate_score=MATE_SCORE),
        mate=pov.mate(),
        pv=list(best["pv"]),
    )
    if len(infos) < 2:
        return verdict  # a forced move is not an exercise
    second = infos[1]["score"].pov(turn)
    verdict.second = second.score(mate_score=MATE_SCORE)
    verdict.second_move = infos[1]["pv"][0]
    if verdict.mate is not None and verdict.mate > 0:
        other = second.mate()
        verdict.ok = other is None or other <= 0 or other > verdict.mate
    else:
        verdict.ok = verdict.score - verdict.second >= margin
    return verdict


def check_line(
    engine: chess.engine.SimpleEngine, fen: str, moves: list[str], depth: int = DEPTH
) -> list[str]:
    """Problems of an exercise: an illegal FEN or move, an even line, a first move that is not
    the unique solution, a later learner move that is not the engine's best. [] when sound."""
    try:
        board = chess.Board(fen)
    except ValueError as error:
        return [f"illegal FEN: {error}"]
    if not board.is_valid():
        return [f"illegal position: {board.status()!r}"]
    if not moves or len(moves) % 2 == 0:
        return [f"the line has {len(moves)} moves; it must be odd (the learner moves last)"]
    problems = []
    for ply, uci in enumerate(moves):
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            return [*problems, f"move {ply + 1} {uci!r} is not UCI"]
        if move not in board.legal_moves:
            return [*problems, f"move {ply + 1} {uci} is illegal"]
        if ply % 2 == 0:
            last = ply == len(moves) - 1
            if last:
                after = board.copy(stack=False)
                after.push(move)
                if after.is_checkmate():
                    board.push(move)
                    continue  # any mate is accepted at the end, and this one mates
            verdict = judge(engine, board, depth)
            if verdict.move != move:
                best = board.san(verdict.move) if verdict.move else "none"
                problems.append(f"move {ply + 1} {uci}: the engine prefers {best}")
            elif ply == 0 and not verdict.ok:
                problems.append(
                    f"move 1 {uci} is not clearly best (margin {verdict.margin} cp, "
                    f"mate {verdict.mate})"
                )
        board.push(move)
    return problems


# -- what a move does ----------------------------------------------------------------------------


def material(board: chess.Board, color: chess.Color) -> int:
    return sum(
        VALUES.get(piece.piece_type, 0) * (1 if piece.color == color else -1)
        for piece in board.piece_map().values()
    )


def defended(board: chess.Board, square: chess.Square) -> bool:
    piece = board.piece_at(square)
    return piece is not None and board.is_attacked_by(piece.color, square)


def _name_at(board: chess.Board, square: chess.Square) -> str:
    piece = board.piece_at(square)
    assert piece is not None
    if piece.piece_type == chess.KING:
        return "the king"
    return f"the {PIECE_NAMES[piece.piece_type]} on {chess.square_name(square)}"


def fork_targets(board: chess.Board, square: chess.Square) -> list[chess.Square]:
    """Enemy pieces the piece on `square` attacks that it would win: the king, anything worth
    more than itself, or anything undefended."""
    piece = board.piece_at(square)
    if piece is None:
        return []
    own = VALUES.get(piece.piece_type, 0)
    targets = []
    for target in board.attacks(square):
        other = board.piece_at(target)
        if other is None or other.color == piece.color:
            continue
        valuable = other.piece_type == chess.KING or VALUES[other.piece_type] > own
        loose = other.piece_type != chess.PAWN and not defended(board, target)
        if valuable or loose:
            targets.append(target)
    return targets


def skewer(board: chess.Board, square: chess.Square) -> tuple[int, int] | None:
    """(front, behind): a slider on `square` attacks a valuable piece with a lesser one behind
    it on the same line."""
    piece = board.piece_at(square)
    if piece is None or piece.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN):
        return None
    for front in board.attacks(square):
        first = board.piece_at(front)
        if first is None or first.color == piece.color or first.piece_type == chess.PAWN:
            continue
        step_file = _sign(chess.square_file(front) - chess.square_file(square))
        step_rank = _sign(chess.square_rank(front) - chess.square_rank(square))
        file, rank = chess.square_file(front) + step_file, chess.square_rank(front) + step_rank
        while 0 <= file < 8 and 0 <= rank < 8:
            behind = board.piece_at(chess.square(file, rank))
            if behind is not None:
                front_value = 100 if first.piece_type == chess.KING else VALUES[first.piece_type]
                if (
                    behind.color != piece.color
                    and behind.piece_type not in (chess.PAWN, chess.KING)
                    and front_value > VALUES[behind.piece_type]
                ):
                    return front, chess.square(file, rank)
                break
            file, rank = file + step_file, rank + step_rank
    return None


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def back_rank_mate(board: chess.Board) -> bool:
    """The side to move is mated on its back rank by a rook or queen along that rank."""
    if not board.is_checkmate():
        return False
    king = board.king(board.turn)
    assert king is not None
    rank = 0 if board.turn == chess.WHITE else 7
    if chess.square_rank(king) != rank:
        return False
    return any(
        chess.square_rank(sq) == rank and board.piece_type_at(sq) in (chess.ROOK, chess.QUEEN)
        for sq in board.checkers()
    )


def smothered_mate(board: chess.Board) -> bool:
    if not board.is_checkmate():
        return False
    king = board.king(board.turn)
    checkers = list(board.checkers())
    if king is None or len(checkers) != 1 or board.piece_type_at(checkers[0]) != chess.KNIGHT:
        return False
    return all(
        (piece := board.piece_at(sq)) is not None and piece.color == board.turn
        for sq in board.attacks(king)
    )


@dataclass
class Motifs:
    tags: list[str]
    phrase: str  # what the first move does, in words ("forks the king and the queen")


def motifs(board: chess.Board, line: list[chess.Move]) -> Motifs:
    """Themes of a solution line (the learner's first move first), from the position."""
    tags: list[str] = []
    phrases: list[str] = []
    me = board.turn
    first = line[0]
    mover = board.piece_at(first.from_square)
    assert mover is not None
    captured = board.piece_at(first.to_square)
    after = board.copy(stack=False)
    after.push(first)
    end = board.copy(stack=False)
    for move in line:
        end.push(move)
    learner_moves = (len(line) + 1) // 2
    if end.is_checkmate():
        tags.append(f"mateIn{learner_moves}" if learner_moves <= 5 else "mate")
        if back_rank_mate(end):
            tags.append("backRankMate")
        if smothered_mate(end):
            tags.append("smotheredMate")
    if after.is_check():
        checkers = set(after.checkers())
        if any(sq != first.to_square for sq in checkers):
            tags.append("discoveredCheck" if first.to_square not in checkers else "doubleCheck")
            phrases.append("uncovers a check")
    loose = captured is not None and not defended(board, first.to_square)
    if loose and captured is not None and (captured.piece_type != chess.PAWN or not tags):
        tags.append("hangingPiece")
        phrases.append(f"takes the undefended {PIECE_NAMES[captured.piece_type]}")
    if any(move.promotion for move in line[::2]):
        tags.append("promotion")
    mates = end.is_checkmate()
    targets = fork_targets(after, first.to_square)
    if len(targets) >= 2 and not mates:
        tags.append("fork")
        names = sorted(
            (_name_at(after, sq) for sq in targets),
            key=lambda name: (name != "the king", name),
        )
        phrases.append(f"forks {' and '.join(names[:2])}")
    line_hit = skewer(after, first.to_square)
    if line_hit and "fork" not in tags and not mates:
        front, behind = line_hit
        tags.append("skewer")
        phrases.append(
            f"skewers {_name_at(after, front)} and wins {_name_at(after, behind)} behind it"
        )
    pinned_now = [
        sq
        for sq, piece in after.piece_map().items()
        if piece.color != me
        and piece.piece_type not in (chess.KING, chess.PAWN)
        and after.is_pinned(not me, sq)
        and not board.is_pinned(not me, sq)
    ]
    if pinned_now and "skewer" not in tags and not mates:
        tags.append("pin")
        phrases.append(f"pins {_name_at(after, pinned_now[0])} to the king")
    if "discoveredCheck" not in tags:
        newly = _discovered(board, after, first)
        if newly:
            tags.append("discoveredAttack")
            phrases.append(f"uncovers an attack on {_name_at(after, newly)}")
    taken = VALUES.get(captured.piece_type, 0) if captured else 0
    if (
        mover.piece_type not in (chess.PAWN, chess.KING)
        and VALUES[mover.piece_type] - taken >= 2
        and any(move.to_square == first.to_square for move in after.legal_moves)
    ):
        tags.append("sacrifice")  # the piece can be taken, for less than it is worth
        if mates:
            phrases.append(f"sacrifices the {PIECE_NAMES[mover.piece_type]}")
    if _only_kings_and_pawns(board) and mover.piece_type == chess.KING and _opposition(after):
        tags.append("opposition")
        phrases.append("takes the opposition")
    if first.promotion:
        phrases.append(f"promotes to a {PIECE_NAMES[first.promotion]}")
    elif (
        mover.piece_type == chess.PAWN
        and chess.square_rank(first.to_square) in (1, 6)
        and not phrases
    ):
        phrases.append("pushes the pawn one step from queening")
    if end.is_checkmate():
        if "backRankMate" in tags and learner_moves == 1:
            phrases.insert(0, "mates on the back rank")
        elif "smotheredMate" in tags and learner_moves == 1:
            phrases.insert(0, "is a smothered mate")
        elif learner_moves == 1:
            phrases.insert(0, "is mate")
    elif after.is_check() and not phrases:
        phrases.append("gives check")
    return Motifs(tags, ", ".join(dict.fromkeys(phrases)))


def _discovered(before: chess.Board, after: chess.Board, move: chess.Move) -> int | None:
    """An enemy piece worth more than a pawn that a piece other than the mover attacks after the
    move, through the square the mover left."""
    me = before.turn
    for sq, piece in after.piece_map().items():
        if piece.color == me or piece.piece_type in (chess.PAWN, chess.KING):
            continue
        for attacker in after.attackers(me, sq):
            if attacker == move.to_square:
                continue
            if move.from_square in chess.SquareSet(chess.between(attacker, sq)):
                return sq
    return None


def _only_kings_and_pawns(board: chess.Board) -> bool:
    return all(p.piece_type in (chess.KING, chess.PAWN) for p in board.piece_map().values())


def _opposition(board: chess.Board) -> bool:
    white, black = board.king(chess.WHITE), board.king(chess.BLACK)
    if white is None or black is None:
        return False
    df = abs(chess.square_file(white) - chess.square_file(black))
    dr = abs(chess.square_rank(white) - chess.square_rank(black))
    return (df, dr) in ((0, 2), (2, 0), (2, 2))


def line_san(board: chess.Board, line: list[chess.Move]) -> str:
    return board.variation_san(line)


def material_words(points: int) -> str:
    if points >= 8:
        return "the queen's worth of material"
    return {
        1: "a pawn",
        2: "two pawns' worth of material",
        3: "a piece",
        4: "a piece and a pawn",
        5: "a rook's worth of material",
        6: "a rook and a pawn",
        7: "a rook and two pawns' worth",
    }.get(points, "material")


def settled_moves(
    board: chess.Board, line: list[chess.Move], pv_after: list[chess.Move]
) -> list[chess.Move]:
    """The line and as much of the engine's continuation as it takes for the captures to stop
    (at most six more moves)."""
    end = board.copy(stack=False)
    for move in line:
        end.push(move)
    out = list(line)
    for n, move in enumerate(pv_after[:6]):
        if move not in end.legal_moves:
            break
        capture = end.is_capture(move)
        end.push(move)
        out.append(move)
        if not capture and n % 2 == 1:
            break
    return out


def settled_gain(board: chess.Board, line: list[chess.Move], pv_after: list[chess.Move]) -> int:
    """Material the learner's side gains over the line and the engine's continuation, counted
    once the captures stop."""
    me = board.turn
    end = board.copy(stack=False)
    for move in settled_moves(board, line, pv_after):
        end.push(move)
    return material(end, me) - material(board, me)


def _pieces(types: list[int]) -> str:
    counts = {kind: types.count(kind) for kind in sorted(set(types), reverse=True)}
    words = []
    for kind, count in counts.items():
        name = PIECE_NAMES[kind]
        if count > 1:
            words.append(f"{'two' if count == 2 else count} {name}s")
        else:
            words.append("the queen" if kind == chess.QUEEN else f"a {name}")
    return " and ".join(words[:2])


def trade_words(board: chess.Board, line: list[chess.Move], pv_after: list[chess.Move]) -> str:
    """What the learner wins, in chess words: "wins the queen", "wins the exchange", "wins a
    rook for a knight", "queens the pawn"."""
    me = board.turn
    won: list[int] = []
    lost: list[int] = []
    promoted = False
    position = board.copy(stack=False)
    for move in settled_moves(board, line, pv_after):
        if position.is_en_passant(move):
            (won if position.turn == me else lost).append(chess.PAWN)
        elif (taken := position.piece_type_at(move.to_square)) is not None:
            (won if position.turn == me else lost).append(taken)
        if move.promotion and position.turn == me:
            promoted = True
        position.push(move)
    for kind in list(won):  # a queen for a queen is no gain: name what is left over
        if kind in lost:
            won.remove(kind)
            lost.remove(kind)
    if promoted and not won:
        return "queens the pawn"
    if not won:
        return f"wins {material_words(material(position, me) - material(board, me))}"
    if not lost:
        return f"wins {_pieces(won)}"
    if sorted(won) == [chess.ROOK] and sorted(lost) in ([chess.KNIGHT], [chess.BISHOP]):
        return "wins the exchange"
    return f"wins {_pieces(won)} for {_pieces(lost)}"


def hint(board: chess.Board, line: list[chess.Move], found: Motifs) -> str:
    """Helps without naming the move."""
    tags = set(found.tags)
    first = line[0]
    mover = board.piece_at(first.from_square)
    assert mover is not None
    piece = PIECE_NAMES[mover.piece_type]
    if "backRankMate" in tags:
        return "The enemy king has no air on its back rank."
    if "smotheredMate" in tags:
        return "The king is hemmed in by its own pieces: only a knight can reach it."
    if any(tag.startswith("mate") for tag in tags):
        return "Look at every check: the king has very few squares."
    if "opposition" in tags:
        return "Kings in front of each other: who will have to give way?"
    if "fork" in tags:
        return f"Your {piece} can attack two targets at once."
    if "skewer" in tags:
        return "Two enemy pieces stand on one line: attack the more valuable one first."
    if "pin" in tags:
        return "One enemy piece stands in front of its king. Can it be kept there?"
    if "discoveredCheck" in tags or "discoveredAttack" in tags:
        return "Move one piece out of the way of another."
    if "hangingPiece" in tags:
        return "Is every enemy piece defended?"
    if "promotion" in tags:
        return "Your pawn is close to its promotion square. What stops it?"
    if mover.piece_type == chess.KING:
        if len(board.piece_map()) <= 10:
            return "In the ending the king is a fighting piece. Where is it needed?"
        return "Your king has a job to do. Which square does it need?"
    if board.gives_check(first):
        return "Start with a forcing move: a check."
    if board.is_capture(first):
        return "Look at every capture, and what it leaves behind."
    return "Look at checks, captures and threats first, for both sides."
