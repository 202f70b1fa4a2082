"""Makes themed puzzles in the Lichess puzzle format from mistakes played in engine games at a
club player's strength, each line checked with Stockfish; rate_puzzles.py then rates them.

How a puzzle is found, game by game (each game is numbered, so a run can stop and resume where
it stopped), the way lichess-puzzler reads the games of Lichess:

1. Two engines of about one strength play a game from one of the openings of
   seed_positions.json, each looking one to four plies ahead with Stockfish's Skill Level noise
   (play_game): they blunder as club players do, by not looking far enough.
2. Every position of the game is evaluated once (depth 8). A move after which the evaluation
   jumps by two pawns or more and the opponent is winning, played when the mover was neither
   lost (the solver's position was not already won) nor far ahead, is a mistake. The position
   before it and the mistake are the puzzle's start (the Lichess form: the opponent's move
   comes first).
3. From there the solver's line is searched at full depth: each of the solver's moves must be
   the engine's best by a clear margin (at least 150 centipawns and 0.3 of a win chance, on
   Lichess's scale of -1 to 1, better than the second best) or a mate no other move gives as
   fast (at the last move any mate is accepted, as the site accepts it); the opponent answers
   with the engine's best reply. The line stops before a solver's move that is not the only good
   one, so the solver always has the last move. It is kept if it mates, or if it has two solver
   moves or more and wins at least two pawns' worth of material: a single move is a puzzle only
   when it mates.
4. The whole line is checked again as the seed's test checks it (chess_checks.check_line), and
   the puzzle dropped when that check finds a first move that is not clearly the best.
5. Themes are Lichess's, read from the board by the motifs module (one rule a theme, the one
   chess_checks uses too) with Stockfish's look at zugzwang, and from the line's final score
   (advantage, crushing); the opening's name is given only up to move 20. The rating is left
   at Glicko-2's newcomer's (1500, deviation 350) until rate_puzzles.py measures it.

    python cms-schema/tools/make_puzzles.py OUT.csv --count 2000 [--jobs 2] [--first-game N]

Rows are appended to OUT.csv as they are found, with the games already played noted in
OUT.csv.state, so running the same command again goes on where it stopped (the engines' noise
makes a game's moves differ from one run to the next). About one puzzle per 20 to 30 seconds per
core here. The BFF imports the file with `flask --app bff puzzles import`.

    python cms-schema/tools/make_puzzles.py retag FILE.csv [--no-engine]

reads the themes of every row of FILE.csv again with motifs (the evaluation's theme kept as the
file has it) and cuts the opening names of puzzles past move 20, in place.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent.parent))

import chess_checks  # noqa: E402 - beside this file: the checks the seed's tests make
import motifs  # noqa: E402 - beside this file: the puzzle themes, one rule each

from bff.puzzles.lichess_csv import COLUMNS  # noqa: E402 - the format the BFF imports

SCAN_DEPTH = 8  # every position of a game: cheap, finds the candidates
SOLVE_DEPTH = 16  # every move of a kept line: the check that it is the only good move
QUICK_DEPTH = 10  # the look that drops a position plainly without an only move first
MISTAKE_SWING = 200  # centipawns the mover loses with the mistake, at least
WINNING = 250  # the solver's advantage after the mistake, at least
CLEAR_MARGIN = 150  # the best move's lead over the second best, in centipawns
CLEAR_CHANCE = 0.3  # and in win chance (-1 to 1), so that two winning moves are not "unique"
MAX_SOLVER_MOVES = 5
MATERIAL_GAIN = 2  # pawns the line must win when it does not mate (with the engine's follow-up)
FOLLOW_PLIES = 4
MATE_SCORE = 100_000


def win_chance(cp: int) -> float:
    """Lichess's win chance of a centipawn score, from -1 (lost) to 1 (won)."""
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def cp_of(score: chess.engine.Score) -> int:
    return score.score(mate_score=MATE_SCORE) or 0


@dataclass
class Line:
    """A solver's line: the moves after the opponent's first, and what the engine said of them."""

    moves: list[chess.Move] = field(default_factory=list)
    mate: bool = False
    final_cp: int = 0


@dataclass(frozen=True)
class Opening:
    name: str
    moves: tuple[str, ...]

    @property
    def tag(self) -> str:
        family = self.name.split(",")[0]
        return "_".join(
            word.capitalize() for word in family.replace("'", "").replace("-", " ").split()
        )


def openings() -> list[Opening]:
    data = json.loads((TOOLS / "seed_positions.json").read_text())
    found = [
        Opening(entry["name"], tuple(entry["moves"].split()))
        for entry in data["openings"]
        if entry.get("moves")
    ]
    found.append(Opening("Starting position", ()))
    return found


# Playing ------------------------------------------------------------------------------------


def play_game(engine: chess.engine.SimpleEngine, number: int) -> tuple[Opening, chess.Board]:
    """One game of two engines of about one club player's strength, from an opening: each looks
    only one to four plies ahead (so it misses what a club player misses: a fork two moves on,
    a back rank, a piece left loose) and picks with Skill Level 8 to 20's noise."""
    rng = random.Random(number)  # the opening, strengths and depths; the engine adds its own
    opening = rng.choice(openings())
    board = chess.Board()
    for san in opening.moves[: rng.randint(max(0, len(opening.moves) - 6), len(opening.moves))]:
        board.push_san(san)
    level = rng.randint(8, 20)  # both sides near one level, so the game stays a game
    skills = {side: min(20, max(0, level + rng.randint(-2, 2))) for side in chess.COLORS}
    while not board.is_game_over(claim_draw=True) and board.ply() < 180:
        engine.configure({"Skill Level": skills[board.turn]})
        result = engine.play(board, chess.engine.Limit(depth=rng.randint(1, 4)))
        if result.move is None:
            break
        board.push(result.move)
    engine.configure({"Skill Level": 20})
    return opening, board


def mistakes(engine: chess.engine.SimpleEngine, game: chess.Board) -> Iterator[chess.Board]:
    """Positions of a game just after a mistake was played in it (the mistake is the last move):
    the engine's evaluation jumps by MISTAKE_SWING or more with the move, the opponent is then
    winning by WINNING or more, and the mover was neither lost before it (the solver's position
    is not already won) nor so far ahead that nothing was at stake. One look at SCAN_DEPTH per
    position of the game, as lichess-puzzler reads a game's evaluations."""
    board = game.root()
    standing = _score(engine, board)
    for move in game.move_stack:
        board.push(move)
        if board.is_game_over():
            return
        punished = _score(engine, board)  # for the side now to move: the solver
        if (
            board.ply() > 8
            and -300 <= standing <= 900
            and punished >= WINNING
            and punished + standing >= MISTAKE_SWING
        ):
            yield board.copy()
        standing = punished


def _score(engine: chess.engine.SimpleEngine, board: chess.Board) -> int:
    """The side to move's score at SCAN_DEPTH, in centipawns."""
    info = engine.analyse(board, chess.engine.Limit(depth=SCAN_DEPTH))
    return cp_of(info["score"].pov(board.turn))


# Solving ------------------------------------------------------------------------------------


def only_move(
    engine: chess.engine.SimpleEngine, board: chess.Board
) -> tuple[chess.Move, int] | None:
    """The side to move's only good move and its score for them, or None when there is none or
    more than one. A quick look first drops the positions plainly without one (most of the
    candidates) before the full depth is paid for."""
    if not _may_have_only_move(engine, board):
        return None
    infos = engine.analyse(board, chess.engine.Limit(depth=SOLVE_DEPTH), multipv=2)
    if not infos or "pv" not in infos[0] or not infos[0]["pv"]:
        return None
    best = infos[0]
    best_score = best["score"].pov(board.turn)
    move = best["pv"][0]
    if len(infos) < 2 or "pv" not in infos[1]:
        return (move, cp_of(best_score)) if cp_of(best_score) >= WINNING else None
    second_score = infos[1]["score"].pov(board.turn)
    if best_score.is_mate() and (best_score.mate() or 0) > 0:
        second_mate = second_score.mate() if second_score.is_mate() else None
        if second_mate is not None and 0 < second_mate <= (best_score.mate() or 0):
            # Another mate as fast: fine only when this move mates at once (any mate is
            # accepted at a line's last move).
            board.push(move)
            mates_now = board.is_checkmate()
            board.pop()
            return (move, MATE_SCORE) if mates_now else None
        return move, MATE_SCORE
    best_cp, second_cp = cp_of(best_score), cp_of(second_score)
    if best_cp < WINNING:
        return None
    if (
        best_cp - second_cp < CLEAR_MARGIN
        or win_chance(best_cp) - win_chance(second_cp) < CLEAR_CHANCE
    ):
        return None
    return move, best_cp


def _may_have_only_move(engine: chess.engine.SimpleEngine, board: chess.Board) -> bool:
    """At QUICK_DEPTH, is one move ahead of the others by half the margins only_move asks?"""
    infos = engine.analyse(board, chess.engine.Limit(depth=QUICK_DEPTH), multipv=2)
    if len(infos) < 2 or "pv" not in infos[1] or infos[0]["score"].pov(board.turn).is_mate():
        return True
    best, second = (cp_of(info["score"].pov(board.turn)) for info in infos)
    return best >= WINNING / 2 and (
        best - second >= CLEAR_MARGIN / 2
        or win_chance(best) - win_chance(second) >= CLEAR_CHANCE / 2
    )


def solve(engine: chess.engine.SimpleEngine, board: chess.Board) -> Line | None:
    """The solver's line from ``board`` (solver to move), or None when there is no sound one."""
    board = board.copy()
    line = Line()
    while len(line.moves) < 2 * MAX_SOLVER_MOVES - 1:
        found = only_move(engine, board)
        if found is None:
            break
        move, score = found
        line.moves.append(move)
        board.push(move)
        line.final_cp = score
        if board.is_checkmate():
            line.mate = True
            return line
        if board.is_game_over(claim_draw=True):
            return None
        reply = engine.analyse(board, chess.engine.Limit(depth=SOLVE_DEPTH))
        if "pv" not in reply or not reply["pv"]:
            return None
        line.moves.append(reply["pv"][0])
        board.push(reply["pv"][0])
    if not line.moves:
        return None
    if len(line.moves) % 2 == 0:  # the opponent's reply after a move that was not unique
        line.moves.pop()
    if line.final_cp >= MATE_SCORE - 1000:
        return None  # a mate the line does not finish: its last moves were not the only ones
    return line


def won(engine: chess.engine.SimpleEngine, solving: chess.Board, line: Line) -> int:
    """The solver's material after the line and the engine's next few moves: what the solver's
    last move wins may be taken a move or two later (a skewered queen steps aside, then the
    rook falls)."""
    board = solving.copy()
    for move in line.moves:
        board.push(move)
    follow = engine.analyse(board, chess.engine.Limit(depth=12)).get("pv", [])
    for move in follow[:FOLLOW_PLIES]:
        board.push(move)
    return motifs.material(board, solving.turn)


# Themes and rating --------------------------------------------------------------------------

EVALUATION_DEPTH = 12  # zugzwang's two looks at a position: with the move, and passing it
OPENING_TAG_MOVES = 20  # an opening's name is given to a puzzle up to this move, not after


def evaluation_theme(line: Line) -> str | None:
    """Lichess's theme of the solver's advantage at the line's end: none for a mate (its own
    themes say it), crushing from 600 centipawns, an advantage from 200, else equality."""
    if line.mate:
        return None
    if line.final_cp >= 600:
        return "crushing"
    return "advantage" if line.final_cp >= 200 else "equality"


def evaluator(engine: chess.engine.SimpleEngine) -> motifs.Evaluate:
    """The engine's score of a position for the side to move, for motifs' zugzwang."""

    def evaluate(board: chess.Board) -> int:
        info = engine.analyse(board, chess.engine.Limit(depth=EVALUATION_DEPTH))
        return cp_of(info["score"].pov(board.turn))

    return evaluate


def themes(
    start: chess.Board,
    first: chess.Move,
    line: Line,
    engine: chess.engine.SimpleEngine | None = None,
) -> list[str]:
    """What the puzzle is about (Lichess's theme keys): the board's themes from motifs, and the
    evaluation's from the line's final score."""
    found = set(
        motifs.themes(start, [first, *line.moves], evaluate=evaluator(engine) if engine else None)
    )
    evaluation = evaluation_theme(line)
    if evaluation:
        found.add(evaluation)
    return sorted(found)


def opening_tag(start: chess.Board, opening: Opening) -> str:
    """The opening's name, for a puzzle that is still about the opening's play."""
    if not opening.moves or start.fullmove_number > OPENING_TAG_MOVES:
        return ""
    return opening.tag


# The run ------------------------------------------------------------------------------------


def puzzle_id(fen: str, moves: str) -> str:
    """Six characters, so never one of Lichess's five-character ids."""
    digest = int(hashlib.sha256(f"{fen} {moves}".encode()).hexdigest(), 16)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    text = ""
    for _ in range(6):
        digest, rest = divmod(digest, len(alphabet))
        text += alphabet[rest]
    return text


def puzzles_of_game(number: int) -> list[dict[str, str]]:
    """Every sound puzzle of game ``number``, as CSV rows (none when the engine stopped)."""
    try:
        return _puzzles_of_game(number)
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as error:
        print(f"game {number}: the engine stopped ({error}); skipped", file=sys.stderr, flush=True)
        return []


def _puzzles_of_game(number: int) -> list[dict[str, str]]:
    # A busy host may take more than python-chess's 10 s to start an engine.
    with chess.engine.SimpleEngine.popen_uci(STOCKFISH, timeout=120) as engine:
        engine.configure({"Threads": 1, "Hash": 32})
        opening, game = play_game(engine, number)
        rows = []
        seen: set[str] = set()
        for after_mistake in mistakes(engine, game):
            first = after_mistake.pop()
            start = after_mistake
            solving = start.copy()
            solving.push(first)
            line = solve(engine, solving)
            if line is None or not (line.mate or len(line.moves) >= 3):
                continue  # a single move is a puzzle only when it mates
            if (
                not line.mate
                and won(engine, solving, line) - motifs.material(start, solving.turn)
                < MATERIAL_GAIN
            ):
                continue
            fen = start.fen()
            if fen in seen:
                continue
            # The seed's own check (tests/bff/puzzles/test_seed_puzzles.py) on the whole line: a
            # first move found best by a margin just over the bar at one depth can fall under it
            # at another, and such a puzzle is not kept.
            if chess_checks.check_line(engine, solving.fen(), [move.uci() for move in line.moves]):
                continue
            seen.add(fen)
            moves = " ".join(move.uci() for move in [first, *line.moves])
            rows.append(
                {
                    "PuzzleId": puzzle_id(fen, moves),
                    "FEN": fen,
                    "Moves": moves,
                    # Unrated until rate_puzzles.py measures it: Glicko-2's newcomer.
                    "Rating": "1500",
                    "RatingDeviation": "350",
                    "Popularity": "0",
                    "NbPlays": "0",
                    "Themes": " ".join(themes(start, first, line, engine)),
                    "GameUrl": "",
                    "OpeningTags": opening_tag(start, opening),
                }
            )
        return rows


# Retagging ----------------------------------------------------------------------------------


def retag_row(row: dict[str, str], engine: chess.engine.SimpleEngine | None) -> dict[str, str]:
    """The row with its themes read again from the board by motifs (the evaluation's theme kept
    as the file has it, zugzwang looked for when there is an engine, kept as it is when not) and
    its opening tags cut when the position is past move OPENING_TAG_MOVES."""
    board = chess.Board(row["FEN"])
    moves = row["Moves"].split()
    found = set(motifs.themes(board, moves, evaluate=evaluator(engine) if engine else None))
    had = set(row["Themes"].split())
    if "mate" not in found:
        found |= had & set(motifs.EVALUATION_THEMES)
    if engine is None:
        found |= had & {"zugzwang"}
    late = board.fullmove_number > OPENING_TAG_MOVES
    return {
        **row,
        "Themes": " ".join(sorted(found)),
        "OpeningTags": "" if late else row["OpeningTags"],
    }


def retag(path: Path, use_engine: bool = True) -> Counter[str]:
    """Rewrites the Themes and OpeningTags of the puzzle file at ``path`` (rows, ids and order
    kept, so its .state file stays right) and answers how many puzzles each theme has."""
    with path.open(newline="") as source:
        rows = list(csv.DictReader(source))
    engine = chess_checks.open_engine() if use_engine else None
    try:
        rows = [retag_row(row, engine) for row in rows]
    finally:
        if engine is not None:
            engine.quit()
    with path.open("w", newline="") as out:
        writer = csv.DictWriter(out, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return Counter(theme for row in rows for theme in row["Themes"].split())


def retag_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="make_puzzles.py retag", description="Read the themes of a puzzle file again."
    )
    parser.add_argument("file", type=Path)
    parser.add_argument("--no-engine", action="store_true", help="skip zugzwang (needs Stockfish)")
    args = parser.parse_args(argv)
    counts = retag(args.file, use_engine=not args.no_engine)
    for theme, count in counts.most_common():
        print(f"{count:6}  {theme}")
    print(f"{len(counts)} themes in use")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["retag"]:
        return retag_main(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=2000, help="stop once the file has this many")
    parser.add_argument("--jobs", type=int, default=1, help="engine processes (one core each)")
    parser.add_argument("--first-game", type=int, default=1)
    args = parser.parse_args(argv)

    state_file = args.out.with_suffix(args.out.suffix + ".state")
    played = set(json.loads(state_file.read_text())) if state_file.exists() else set()
    have = 0
    known: set[str] = set()
    if args.out.exists():
        with args.out.open(newline="") as existing:
            for row in csv.DictReader(existing):
                have += 1
                known.add(row["PuzzleId"])
    else:
        with args.out.open("w", newline="") as fresh:
            csv.writer(fresh).writerow(COLUMNS)

    def numbers() -> Iterator[int]:
        number = args.first_game
        while True:
            if number not in played:
                yield number
            number += 1

    with ProcessPoolExecutor(args.jobs) as pool:
        pending = numbers()
        running = {
            pool.submit(puzzles_of_game, n): n
            for n in [next(pending) for _ in range(args.jobs * 2)]
        }
        while have < args.count and running:
            done = next(iter(_first_done(running)))
            number = running.pop(done)
            rows = done.result()
            with args.out.open("a", newline="") as out:
                writer = csv.DictWriter(out, COLUMNS)
                for row in rows:
                    if row["PuzzleId"] not in known:
                        known.add(row["PuzzleId"])
                        writer.writerow(row)
                        have += 1
            played.add(number)
            state_file.write_text(json.dumps(sorted(played)))
            print(f"game {number}: {len(rows)} puzzles, {have} in all", flush=True)
            if have < args.count:
                following = next(pending)
                running[pool.submit(puzzles_of_game, following)] = following
        for future in running:
            future.cancel()
    return 0


def _first_done(running):
    from concurrent.futures import FIRST_COMPLETED, wait

    done, _ = wait(running, return_when=FIRST_COMPLETED)
    return done


if __name__ == "__main__":
    sys.exit(main())
