"""Engine checks and move analysis shared by the tools that make exercises and puzzles.

Everything that says "this move is the only good one" goes through here, so the generator and
the tests apply the same rule with the same search:

- a position is searched by Stockfish with one thread, a fixed hash and a fresh game
  (``ucinewgame``) before every search, so a search gives the same answer on every run;
- a move is **the unique solution** when it is the engine's best at the given depth and either
  mates with no other move mating as fast, or is at least ``MARGIN`` centipawns better than
  the second best move;
- ``motifs`` names what a line is about with Lichess's theme keys, read by the motifs module
  (the one rule of each theme the puzzle maker uses too), and what its first move does in
  chess words; ``hint`` turns that into a hint for learners.

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
import motifs as motif_rules  # beside this file: the puzzle themes, one rule each
from motifs import mates as mate_patterns

STOCKFISH_PATHS = ("/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish")
DEPTH = 16
MARGIN = 150  # centipawns between the best and the second best move
HASH_MB = 16
MATE_SCORE = 100_000
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


material = motif_rules.material
defended = motif_rules.defended  # guarded directly or through an x-ray


def _name_at(board: chess.Board, square: chess.Square) -> str:
    piece = board.piece_at(square)
    assert piece is not None
    if piece.piece_type == chess.KING:
        return "the king"
    return f"the {PIECE_NAMES[piece.piece_type]} on {chess.square_name(square)}"


def fork_targets(board: chess.Board, square: chess.Square) -> list[chess.Square]:
    """Enemy pieces the piece on `square` would win one of if it attacks two (motifs' rule)."""
    return motif_rules.fork_targets(board, square)


def skewer(board: chess.Board, square: chess.Square) -> tuple[int, int] | None:
    """(front, behind): the slider on `square` attacks a piece worth at least as much as the real
    piece behind it, which it wins when the front one steps aside (motifs' rule)."""
    for front in board.attacks(square):
        behind = motif_rules.skewered_behind(board, square, front)
        if behind is not None:
            return front, behind
    return None


def back_rank_mate(board: chess.Board) -> bool:
    """The side to move is mated on its back rank, shut in by its own pieces (motifs' rule)."""
    return "backRankMate" in mate_patterns.patterns(board)


def smothered_mate(board: chess.Board) -> bool:
    return "smotheredMate" in mate_patterns.patterns(board)


@dataclass
class Motifs:
    tags: list[str]
    phrase: str  # what the first move does, in words ("forks the king and the queen")


def motifs(board: chess.Board, line: list[chess.Move]) -> Motifs:
    """Themes of a solution line (the learner's first move first): Lichess's theme keys from
    motifs, and "opposition" for a king move that takes it in a pawn ending; and what the
    first move does, in words."""
    tags = motif_rules.themes(board, line, opponent_first=False)
    found = set(tags)
    phrases: list[str] = []
    me = board.turn
    first = line[0]
    mover = board.piece_at(first.from_square)
    assert mover is not None
    captured = board.piece_at(first.to_square)
    after = board.copy(stack=False)
    after.push(first)
    learner_moves = (len(line) + 1) // 2
    mates = "mate" in found
    if after.is_check() and any(sq != first.to_square for sq in after.checkers()):
        phrases.append("uncovers a check")
    if "hangingPiece" in found and captured is not None:
        phrases.append(f"takes the undefended {PIECE_NAMES[captured.piece_type]}")
    targets = fork_targets(after, first.to_square)
    if "fork" in found and len(targets) >= 2:
        names = sorted(
            (_name_at(after, sq) for sq in targets),
            key=lambda name: (name != "the king", name),
        )
        phrases.append(f"forks {' and '.join(names[:2])}")
    line_hit = skewer(after, first.to_square)
    if "skewer" in found and line_hit:
        front, behind = line_hit
        phrases.append(
            f"skewers {_name_at(after, front)} and wins {_name_at(after, behind)} behind it"
        )
    pinned_now = [sq for sq in motif_rules.pinned(after, not me) if not board.is_pinned(not me, sq)]
    if "pin" in found and pinned_now:
        phrases.append(f"pins {_name_at(after, pinned_now[0])} to the king")
    if "sacrifice" in found and mates:
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
    if mates and learner_moves == 1:
        if "backRankMate" in found:
            phrases.insert(0, "mates on the back rank")
        elif "smotheredMate" in found:
            phrases.insert(0, "is a smothered mate")
        else:
            phrases.insert(0, "is mate")
    elif after.is_check() and not phrases:
        phrases.append("gives check")
    return Motifs(tags, ", ".join(dict.fromkeys(phrases)))


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
