#!/usr/bin/env python3
"""Makes the seed's exercises with python-chess and Stockfish, and keeps them in
seed_practice.json beside this file (committed; generate_seed.py puts them on the lessons,
program chapters and masterclass episodes whose topic they fit).

    python cms-schema/tools/make_exercises.py [--pools tactics,pawn] [--workers 2] [--quick]
    python cms-schema/tools/make_exercises.py --status

Each pool holds exercises of one kind:

- openings (`italian`, `sicilian`, ...): games played by the engine at a varied strength from
  the position after the opening's moves, kept to the first twenty-odd moves after it, so the
  position still belongs to that opening;
- `tactics`, `attack`, `strategy`: the same from middlegame positions of seed_positions.json and
  the openings (tactical motifs, attacks on the king, positions of the strategy lessons);
- endings (`pawn`, `rook`, `queen`, `minor`): random legal positions with that material.

In the games one side errs now and then (a second- or third-best move, sometimes any move);
wherever the other side then has a move far better than all others (a shallow search first),
the position is verified at depth 16 (chess_checks.judge: the engine's best, by 150 cp over the
second best, or a mate no other move matches), and the line is extended while the learner's
next move is again the unique best. Themes, prompt, hint and explanation come from the line
(chess_checks.motifs). In endings, a move that alone keeps a draw counts too.

Resumable and incremental: every pool records how many attempts it has made, and an attempt
`n` of a pool always plays the same game (seeded), so a rerun continues where the last one
stopped and asking for more only adds. The file is rewritten after every attempt.
Stockfish runs with one thread per process (Threads=1), `--workers` processes (2 by default).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chess_checks as cc  # noqa: E402

TOOLS_DIR = Path(__file__).resolve().parent
PRACTICE_FILE = TOOLS_DIR / "seed_practice.json"
FORMAT_VERSION = 1
SCAN_DEPTH = 8  # the shallow search that finds candidates in the games
MAX_LEARNER_MOVES = 3  # a line is at most this many learner moves (mates: MAX_MATE_MOVES)
MAX_MATE_MOVES = 4
TEXTS_VERSION = 4  # hints and explanations of an older version are written again (--refresh)

OPENINGS = {
    "italian": ("Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6"),
    "qgd": ("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"),
    "sicilian": ("Sicilian Defence", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    "caro-kann": ("Caro-Kann Defence", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6"),
    "london": ("London System", "d4 d5 Bf4 Nf6 e3 e6 Nf3 c5 c3 Nc6 Nbd2"),
    "kings-indian": ("King's Indian Defence", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5"),
    "french": ("French Defence", "e4 e6 d4 d5 Nc3 Bb4 e5 c5"),
    "ruy-lopez": ("Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6"),
    "scandinavian": ("Scandinavian Defence", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6"),
    "english": ("English Opening", "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6"),
    "traps": ("Open games", "e4 e5 Nf3 Nc6 Bc4"),
}
# Other starting points of the middlegame pools, besides seed_positions.json.
MIDDLEGAMES = {
    "Yugoslav Attack": "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3 O-O Qd2 Nc6 O-O-O",
    "Nimzo-Indian": "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O",
    "Scotch Game": "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4",
    "Catalan": "d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O O-O dxc4 Qc2 a6",
    "Dutch": "d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7 O-O O-O c4 d6 Nc3 Qe8",
    "Evans Gambit": "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O",
}
MIDDLEGAME_THEMES = {
    "tactics": ("tactics", "classics", "calculation"),
    "attack": ("attack", "tactics"),
    "strategy": ("strategy",),
}
# Material of the endings: white pieces, black pieces (besides the kings).
ENDINGS = {
    "pawn": [("P", ""), ("P", ""), ("PP", "P"), ("P", "P"), ("PP", "PP"), ("PPP", "PP")],
    "rook": [("RP", "R"), ("RP", "R"), ("RPP", "RP"), ("R", "P"), ("RPP", "RPP")],
    "queen": [("Q", "P"), ("Q", "P"), ("QP", "Q"), ("Q", "R")],
    "minor": [("BP", "N"), ("NP", "B"), ("BPP", "B"), ("BP", "B"), ("NPP", "N"), ("BPP", "NP")],
}
KINDS = {
    **{name: "opening" for name in OPENINGS},
    **{name: "middlegame" for name in MIDDLEGAME_THEMES},
    **{name: "ending" for name in ENDINGS},
}
# How many exercises each pool is filled to, in the order they are made.
TARGETS = {
    "pawn": 30,
    "rook": 24,
    "queen": 10,
    "minor": 14,
    **{name: 8 for name in OPENINGS},
    "attack": 35,
    "strategy": 25,
    "tactics": 110,
}
QUICK_TARGETS = {name: max(1, target // 10) for name, target in TARGETS.items()}


# -- starting points -------------------------------------------------------------------------


def start_positions(pool: str) -> list[tuple[str, str]]:
    """(name, FEN) the games of a pool start from."""
    if pool in OPENINGS:
        name, moves = OPENINGS[pool]
        return [(name, _after(moves))]
    import seed_positions  # draws on the same positions as the images

    out = []
    for theme in MIDDLEGAME_THEMES[pool]:
        for position in seed_positions.THEMES[theme]:
            board = position.board()
            if not board.is_game_over() and len(board.piece_map()) >= 12:
                out.append((position.name, board.fen()))
    if pool in ("tactics", "attack"):
        out += [(name, _after(moves)) for name, moves in MIDDLEGAMES.items()]
        out += [(name, _after(moves)) for name, moves in OPENINGS.values()]
    return out


def _after(moves: str) -> str:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    return board.fen()


# -- one attempt -----------------------------------------------------------------------------

_engine = None


def _init_worker() -> None:
    global _engine
    _engine = cc.open_engine()


def attempt(job: tuple[str, int]) -> list[dict]:
    pool, index = job
    rng = random.Random(f"{pool}:{index}")  # noqa: S311 - reproducible content, not secrets
    if KINDS[pool] == "ending":
        board = random_ending(rng, pool)
        if board is None:
            return []
        found = candidate(board, None, pool, rng, ending=True)
        if found:
            found["source"] = f"random {pool} ending"
        return [found] if found else []
    return self_play(rng, pool)


def self_play(rng: random.Random, pool: str) -> list[dict]:
    starts = start_positions(pool)
    name, fen = starts[rng.randrange(len(starts))]
    board = chess.Board(fen)
    opening = KINDS[pool] == "opening"
    plies = rng.randint(20, 32) if opening else rng.randint(30, 70)
    # Openings are played well by both sides at this depth: err more there, or nothing is found.
    err = rng.choice([0.4, 0.5, 0.6] if opening else [0.15, 0.25, 0.35])
    found: list[dict] = []
    last_candidate = -10
    for ply in range(plies):
        if board.is_game_over() or len(found) >= 2:
            break
        infos = cc.analyse(_engine, board, SCAN_DEPTH, 3)
        if not infos:
            break
        scores = [cc.cp(info["score"], board.turn) for info in infos]
        mate = infos[0]["score"].pov(board.turn).mate()
        promising = len(infos) >= 2 and (
            (mate is not None and mate > 0) or (scores[0] >= 200 and scores[0] - scores[1] >= 200)
        )
        if promising and ply - last_candidate > 2:
            last = board.peek() if board.move_stack else None
            exercise = candidate(board.copy(), last, pool, rng, ending=False)
            if exercise:
                exercise["source"] = f"engine game from the {name}"
                found.append(exercise)
                last_candidate = ply
        roll = rng.random()
        if roll < err * 0.2:
            move = rng.choice(list(board.legal_moves))
        elif roll < err and len(infos) > 1:
            move = infos[rng.randrange(1, len(infos))]["pv"][0]
        else:
            move = infos[0]["pv"][0]
        board.push(move)
    return found


def random_ending(rng: random.Random, pool: str) -> chess.Board | None:
    white, black = rng.choice(ENDINGS[pool])
    if rng.random() < 0.5:  # the stronger side is Black half of the time
        white, black = black, white
        strong = chess.BLACK
    else:
        strong = chess.WHITE
    for _ in range(200):
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
        ok = True
        for color, letters in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in letters:
                piece = chess.Piece.from_symbol(letter if color == chess.WHITE else letter.lower())
                if piece.piece_type == chess.PAWN:
                    ranks = range(1, 7)
                    if pool == "queen" and color != strong:
                        ranks = [1] if color == chess.BLACK else [6]  # on the seventh
                    options = [sq for sq in squares if chess.square_rank(sq) in ranks]
                else:
                    options = squares
                if not options:
                    ok = False
                    break
                square = rng.choice(options)
                squares.remove(square)
                board.set_piece_at(square, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if ok and board.is_valid() and not board.is_game_over() and not board.is_check():
            return board
    return None


def candidate(
    board: chess.Board, last: chess.Move | None, pool: str, rng: random.Random, ending: bool
) -> dict | None:
    """An exercise from this position, verified, or None."""
    if board.legal_moves.count() < 2:
        return None
    me = board.turn
    if not ending and cc.material(board, me) >= 4:
        return None  # already far ahead: many moves win
    shallow = cc.judge(_engine, board, depth=10, margin=200)
    draw_try = ending and abs(shallow.score) <= 60 and (shallow.margin or 0) >= 200
    if not shallow.ok and not draw_try:
        return None
    if not draw_try and shallow.score < 200:
        return None
    verdict = cc.judge(_engine, board)
    if not verdict.ok or verdict.move is None:
        return None
    drawing = ending and abs(verdict.score) <= 60 and verdict.mate is None
    if not drawing and verdict.score < 200:
        return None
    first = verdict.move
    recapture = last is not None and board.is_capture(last) and first.to_square == last.to_square
    if recapture and not board.gives_check(first):
        return None  # taking back what was just taken is no exercise
    line = [first]
    pv_after = verdict.pv[1:]
    position = board.copy()
    position.push(first)
    mating = verdict.mate is not None and verdict.mate > 0
    limit = MAX_MATE_MOVES if mating else MAX_LEARNER_MOVES
    while (len(line) + 1) // 2 < limit and not position.is_game_over() and not drawing:
        reply = pv_after[0] if pv_after else None
        if reply is None or reply not in position.legal_moves:
            break
        position.push(reply)
        if position.is_game_over():
            position.pop()
            break
        step = cc.judge(_engine, position)
        if not step.ok or step.move is None:
            position.pop()
            break
        if not mating and step.mate is None and step.score < 200:
            position.pop()
            break
        line += [reply, step.move]
        position.push(step.move)
        pv_after = step.pv[1:]
    if mating and not position.is_checkmate():
        # a mate the learner does not finish: keep it only as a winning line
        mating = False
    found = cc.motifs(board, line)
    gain = cc.settled_gain(board, line, pv_after)
    side = cc.COLOR_NAMES[me]
    learner_moves = (len(line) + 1) // 2
    tags = themes(pool, found, learner_moves, mating)
    if drawing:
        prompt = f"{side} to move and draw"
    elif mating:
        prompt = f"{side} to move and mate in {learner_moves}"
    elif gain >= 1 and not ending:
        prompt = f"{side} to move and win material"
    elif verdict.score >= 300:
        prompt = f"{side} to move and win"
    else:
        return None
    captured = board.piece_type_at(first.to_square)
    if learner_moves == 1 and not mating and captured == chess.PAWN and gain <= 1:
        return None  # taking a loose pawn is too little for an exercise
    text = explanation(board, line, found, verdict, gain, drawing, mating, pv_after)
    return {
        "pool": pool,
        "fen": board.fen(),
        "moves": " ".join(move.uci() for move in line),
        "themes": tags,
        "prompt": prompt,
        "hint": cc.hint(board, line, found),
        "explanation": text,
        "texts": TEXTS_VERSION,
        "score": verdict.score if verdict.mate is None else None,
        "mate": verdict.mate,
        "second": verdict.second,
    }


def themes(pool: str, found: cc.Motifs, learner_moves: int, mating: bool) -> list[str]:
    """The motifs of the line, its phase and its length, as Lichess names them."""
    tags = list(found.tags)
    if KINDS[pool] == "ending":
        tags = [f"{pool}Ending" if pool != "minor" else "minorPieceEnding", *tags, "endgame"]
    else:
        tags.append("opening" if KINDS[pool] == "opening" else "middlegame")
    if learner_moves == 1 and not mating:
        tags.append("oneMove")
    elif not mating:
        tags.append("short" if learner_moves == 2 else "long")
    return list(dict.fromkeys(tags))


def explanation(
    board: chess.Board,
    line: list[chess.Move],
    found: cc.Motifs,
    verdict: cc.Verdict,
    gain: int,
    drawing: bool,
    mating: bool,
    pv_after: list[chess.Move],
) -> str:
    side = cc.COLOR_NAMES[board.turn]
    other = cc.COLOR_NAMES[not board.turn]
    first = board.san(line[0])
    sentences = []
    if found.phrase:
        sentences.append(f"{first} {found.phrase}.")
    written = board.variation_san(line)
    learner_moves = (len(line) + 1) // 2
    if drawing:
        sentences.append(f"{first} is the only move that holds the draw.")
    elif mating:
        if learner_moves > 1:
            end = "on the back rank" if "backRankMate" in found.tags else "by force"
            sentences.append(f"{written}: {side} mates in {learner_moves}, {end}.")
    elif gain >= 1:
        sentences.append(f"After {written}, {side} {cc.trade_words(board, line, pv_after)}.")
    elif verdict.mate is not None and verdict.mate > 0:
        sentences.append(f"After {written}, {side} has a forced mate in {verdict.mate}.")
    else:
        sentences.append(
            f"After {written}, {side} is winning (engine evaluation {verdict.score / 100:+.1f})."
        )
    if verdict.second_move is not None and verdict.second is not None:
        alternative = board.san(verdict.second_move)
        if abs(verdict.second) >= cc.MATE_SCORE - 100:
            result = f"{other} mates" if verdict.second < 0 else "it still mates, but slower"
        elif verdict.second <= -200:
            result = f"{side} is worse"
        elif verdict.second < 60:
            result = "the game is level" if verdict.second > -60 else f"{other} is better"
        else:
            result = f"{side} keeps only a small edge"
        sentences.append(f"The next best try, {alternative}, is far weaker: {result}.")
    return " ".join(sentences)


def refresh(item: dict) -> dict:
    """The hint and explanation of a stored exercise written again by this version, from the
    same searches that found it."""
    board = chess.Board(item["fen"])
    line = [chess.Move.from_uci(uci) for uci in item["moves"].split()]
    verdict = cc.judge(_engine, board)
    pv_after = verdict.pv[1:]
    position = board.copy()
    for ply, move in enumerate(line[:-1]):
        position.push(move)
        if ply % 2 == 1:
            pv_after = cc.judge(_engine, position).pv[1:]
    found = cc.motifs(board, line)
    gain = cc.settled_gain(board, line, pv_after)
    drawing = item["prompt"].endswith("and draw")
    mating = " mate in " in item["prompt"]
    text = explanation(board, line, found, verdict, gain, drawing, mating, pv_after)
    learner_moves = (len(line) + 1) // 2
    return {
        **item,
        "themes": themes(item["pool"], found, learner_moves, mating),
        "hint": cc.hint(board, line, found),
        "explanation": text,
        "texts": TEXTS_VERSION,
    }


def refresh_all(data: dict, path: Path, workers: int, log) -> None:
    stale = [n for n, item in enumerate(data["exercises"]) if item.get("texts") != TEXTS_VERSION]
    if not stale:
        return
    with multiprocessing.Pool(workers, initializer=_init_worker) as processes:
        items = [data["exercises"][n] for n in stale]
        for n, item in zip(stale, processes.imap(refresh, items), strict=True):
            data["exercises"][n] = item
    save(data, path)
    log(f"refreshed the texts of {len(stale)} exercises")


# -- model lines -----------------------------------------------------------------------------
# Lines the engine plays from a topic's position, commented from its analysis, for model-game
# chapters whose topic has no famous game in seed_games.py: (title, start, plies). The start is
# a position of seed_positions.json by name, opening moves, or a FEN.
LINE_DEPTH = 14
LINES = {
    "sicilian": ("Sicilian Defence, Najdorf", "moves:" + OPENINGS["sicilian"][1], 36),
    "london": ("London System", "moves:" + OPENINGS["london"][1], 36),
    "kings-indian": ("King's Indian Defence", "moves:" + OPENINGS["kings-indian"][1], 36),
    "ruy-lopez": ("Ruy Lopez, Closed", "moves:" + OPENINGS["ruy-lopez"][1], 36),
    "scandinavian": ("Scandinavian Defence", "moves:" + OPENINGS["scandinavian"][1], 36),
    "english": ("English Opening", "moves:" + OPENINGS["english"][1], 36),
    "knight-outpost": ("A knight on an outpost", "name:Knight outpost", 30),
    "good-knight-bad-bishop": (
        "Good knight against bad bishop",
        "name:Good knight, bad bishop",
        40,
    ),
    "open-file": ("Rooks on the open file", "name:Open file", 30),
    "isolated-queen-pawn": (
        "Playing with the isolated queen's pawn",
        "name:Isolated queen's pawn",
        30,
    ),
    "minority-attack": ("The minority attack", "name:Minority attack", 30),
    "pawn-storm": ("Pawn storm with opposite castling", "name:Pawn storm, opposite castling", 30),
    "exchange-sacrifice": ("The exchange sacrifice on c3", "name:Exchange sacrifice", 30),
    "defending-the-king": ("Defending the king", "name:Defending the king", 30),
    "lucena": ("The Lucena position", "name:Lucena position", 40),
    "philidor": ("The Philidor position", "name:Philidor position", 30),
    "opposition": ("King and pawn: the opposition", "name:The opposition", 30),
    "triangulation": ("Triangulation", "name:Triangulation", 30),
    "outside-passed-pawn": ("The outside passed pawn", "name:Outside passed pawn", 40),
    "queen-against-pawn": (
        "Queen against a pawn on the seventh",
        "fen:8/8/8/8/8/1Q6/3pk3/6K1 w - - 0 1",
        30,
    ),
    "opposite-bishops": (
        "Opposite-coloured bishops",
        "fen:8/5k2/4b3/8/3P1P2/4BK2/8/8 w - - 0 1",
        30,
    ),
}


def line_start(spec: str) -> chess.Board:
    kind, value = spec.split(":", 1)
    if kind == "moves":
        return chess.Board(_after(value))
    if kind == "fen":
        return chess.Board(value)
    import seed_positions

    for positions in seed_positions.THEMES.values():
        for position in positions:
            if position.name == value:
                return position.board()
    raise KeyError(value)


def model_line(name: str) -> dict:
    """A line the engine plays from the topic's position, with comments and a variation where
    a second move is as good."""
    import chess.pgn

    title, spec, plies = LINES[name]
    board = line_start(spec)
    game = chess.pgn.Game()
    game.headers["Event"] = f"Model line: {title}"
    game.headers["Site"] = "?"
    game.headers["Date"] = "????.??.??"
    game.headers["White"] = "Stockfish 15.1"
    game.headers["Black"] = "Stockfish 15.1"
    game.headers["Annotator"] = f"Stockfish 15.1 analysis, depth {LINE_DEPTH}"
    game.setup(board)
    game.comment = f"{title}: the engine plays both sides from the key position."
    node = game
    positions = [(board.fen(), title)]
    variations = 0
    for ply in range(plies):
        if board.is_game_over():
            break
        infos = cc.analyse(_engine, board, LINE_DEPTH, 2)
        if not infos:
            break
        best = infos[0]["pv"][0]
        score = cc.cp(infos[0]["score"], board.turn)
        comment = ""
        if len(infos) > 1:
            second = cc.cp(infos[1]["score"], board.turn)
            if score - second >= cc.MARGIN and abs(score) < cc.MATE_SCORE - 100:
                found = cc.motifs(board, [best])
                why = f": it {found.phrase}" if found.phrase else ""
                comment = f"The only good move{why}. {board.san(infos[1]['pv'][0])} is weaker."
            elif abs(score - second) <= 20 and variations < 2 and ply >= 2:
                alternative = infos[1]["pv"][:4]
                child = node.add_variation(alternative[0])
                child.comment = "Just as good."
                for move in alternative[1:]:
                    child = child.add_variation(move)
                variations += 1
        node = node.add_main_variation(best)
        board.push(best)
        white_score = score if board.turn == chess.BLACK else -score
        if not comment and (ply + 1) % 10 == 0:
            comment = evaluation_words(white_score)
        if comment:
            node.comment = comment
            if len(positions) < 3:
                positions.append((board.fen(), f"{node.parent.board().san(best)}: {comment}"))
        if board.is_checkmate():
            break
    result = board.result(claim_draw=True) if board.is_game_over(claim_draw=True) else "*"
    game.headers["Result"] = result
    if board.is_checkmate():
        node.comment = f"{node.comment} Checkmate.".strip()
    elif board.is_game_over(claim_draw=True):
        node.comment = f"{node.comment} The game is drawn.".strip()
    elif not node.comment:
        score = cc.analyse(_engine, board, LINE_DEPTH, 1)[0]["score"]
        node.comment = evaluation_words(cc.cp(score, chess.WHITE))
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return {
        "name": name,
        "title": title,
        "pgn": game.accept(exporter) + "\n",
        "positions": positions,
    }


def evaluation_words(white_cp: int) -> str:
    if abs(white_cp) >= cc.MATE_SCORE - 100:
        return "White mates by force." if white_cp > 0 else "Black mates by force."
    side = "White" if white_cp > 0 else "Black"
    size = abs(white_cp)
    if size < 40:
        return f"The position is balanced ({white_cp / 100:+.1f})."
    if size < 120:
        return f"{side} is slightly better ({white_cp / 100:+.1f})."
    if size < 300:
        return f"{side} is clearly better ({white_cp / 100:+.1f})."
    return f"{side} is winning ({white_cp / 100:+.1f})."


def make_lines(data: dict, path: Path, log) -> None:
    global _engine
    done = {line["name"] for line in data.get("lines", [])}
    _engine = cc.open_engine()
    try:
        for name in LINES:
            if name in done:
                continue
            data.setdefault("lines", []).append(model_line(name))
            data["lines"].sort(key=lambda line: line["name"])
            save(data, path)
            log(f"model line {name}")
    finally:
        _engine.quit()


# -- the file --------------------------------------------------------------------------------


def load(path: Path = PRACTICE_FILE) -> dict:
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return {"format_version": FORMAT_VERSION, "pools": {}, "exercises": []}


def save(data: dict, path: Path = PRACTICE_FILE) -> None:
    data["exercises"].sort(key=lambda item: (item["pool"], item["fen"], item["moves"]))
    data["pools"] = dict(sorted(data["pools"].items()))
    data["engine"] = {
        "name": "Stockfish",
        "depth": cc.DEPTH,
        "margin_cp": cc.MARGIN,
        "threads": 1,
        "hash_mb": cc.HASH_MB,
    }
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)


def position_key(fen: str) -> str:
    return " ".join(fen.split()[:4])


def fill(pool: str, target: int, workers: int, data: dict, log, path: Path) -> None:
    have = [item for item in data["exercises"] if item["pool"] == pool]
    state = data["pools"].setdefault(pool, {"attempts": 0})
    if len(have) >= target:
        return
    seen = {position_key(item["fen"]) for item in data["exercises"]}
    start = state["attempts"]
    jobs = ((pool, index) for index in range(start, start + 100_000))
    began = time.monotonic()
    with multiprocessing.Pool(workers, initializer=_init_worker) as processes:
        for index, found in enumerate(processes.imap(attempt, jobs), start=start):
            for item in found:
                plain = set(item["themes"]) - {"middlegame", "opening", "oneMove", "short", "long"}
                if plain == {"hangingPiece"}:
                    hanging = sum(1 for other in have if "hangingPiece" in other["themes"])
                    if hanging >= target * 0.3:
                        continue  # enough pieces simply left hanging in this pool
                if position_key(item["fen"]) not in seen and len(have) < target:
                    seen.add(position_key(item["fen"]))
                    have.append(item)
                    data["exercises"].append(item)
            state["attempts"] = index + 1
            save(data, path)
            if found:
                log(
                    f"{pool}: {len(have)}/{target} after {index + 1} attempts "
                    f"({time.monotonic() - began:.0f} s)"
                )
            if len(have) >= target:
                processes.terminate()
                break


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", help="comma-separated pools (default: all, in TARGETS order)")
    parser.add_argument("--workers", type=int, default=2, help="Stockfish processes (default 2)")
    parser.add_argument("--quick", action="store_true", help="a tenth of each target")
    parser.add_argument("--more", type=int, default=0, help="raise every target by this many")
    parser.add_argument("--status", action="store_true", help="print the counts and stop")
    parser.add_argument("--lines", action="store_true", help="make the model lines only")
    parser.add_argument(
        "--refresh", action="store_true", help="rewrite older hints and explanations only"
    )
    parser.add_argument("--file", type=Path, default=PRACTICE_FILE)
    args = parser.parse_args(argv)
    data = load(args.file)
    targets = QUICK_TARGETS if args.quick else TARGETS
    pools = args.pools.split(",") if args.pools else list(targets)
    if args.status:
        for pool in targets:
            count = sum(1 for item in data["exercises"] if item["pool"] == pool)
            attempts = data["pools"].get(pool, {}).get("attempts", 0)
            print(f"{pool:14} {count:4}/{targets[pool]:<4} attempts {attempts}")
        print(f"{len(data['exercises'])} exercises")
        return 0
    if cc.stockfish_path() is None:
        print("Stockfish not found: apt-get install stockfish", file=sys.stderr)
        return 2

    def log(message: str) -> None:
        print(time.strftime("%H:%M:%S"), message, flush=True)

    workers = max(1, min(args.workers, 2))
    if args.lines:
        make_lines(data, args.file, log)
        return 0
    if args.refresh:
        refresh_all(data, args.file, workers, log)
        return 0
    for pool in pools:
        if pool not in KINDS:
            parser.error(f"unknown pool {pool!r}")
        fill(pool, targets.get(pool, 0) + args.more, workers, data, log, args.file)
    refresh_all(data, args.file, workers, log)
    make_lines(data, args.file, log)
    log(f"done: {len(data['exercises'])} exercises, {len(data.get('lines', []))} model lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
