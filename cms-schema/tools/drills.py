"""Lines to drill, written by hand for the programs: read, checked and put on their parts.

A program's file in practice/programs/<slug>.json (practice/README.md, "A program's drills") names
the parts that carry a drill: its chapter, its 1-based part, the side the learner plays and the
PGN of the lines (the main line, side lines as variations, comments saying why). The seed keeps
the PGN and the side as the CMS does (a program subchapter's `drill` and `drill_side`); the BFF
reads them into lines. `python drills.py check [--engine]` checks every file: the PGN reads
without an error, every line has a move of the learner's side, and with --engine (Stockfish) no
learner move loses more than MAX_LOSS against the engine's best.

Usage:
    python drills.py check [--engine] [FILE...]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn

TOOLS = Path(__file__).resolve().parent
PROGRAMS_DIR = TOOLS / "practice" / "programs"
SEED_DIR = TOOLS.parent / "seed"
SIDES = {"white": chess.WHITE, "black": chess.BLACK}
STOCKFISH = "/usr/games/stockfish"
DEPTH = 16
MAX_LOSS = 80  # centipawns a repertoire move may give away against the engine's best


@dataclass(frozen=True)
class Drill:
    program: str
    chapter: str
    part: int
    side: str
    pgn: str


def read(path: Path, programs: dict[str, dict[str, int]]) -> tuple[list[Drill], list[str]]:
    """A program file's drills, and what is wrong with it (each problem names where it is).
    ``programs``: each program's title and its chapters' titles with their number of parts."""
    where = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return [], [f"{where}: cannot be read: {error}"]
    title = data.get("program")
    if title not in programs:
        return [], [f"{where}: no program is called {title!r}"]
    drills, problems = [], []
    seen: set[tuple[str, int]] = set()
    for number, entry in enumerate(data.get("drills") or [], start=1):
        here = f"{where}: drill {number}"
        chapter, part, side = entry.get("chapter"), entry.get("part"), entry.get("side")
        if chapter not in programs[title]:
            problems.append(f"{here}: the program has no chapter {chapter!r}")
            continue
        if not isinstance(part, int) or not 1 <= part <= programs[title][chapter]:
            problems.append(f"{here}: {chapter!r} has no part {part!r}")
            continue
        if (chapter, part) in seen:
            problems.append(f"{here}: {chapter!r} part {part} has a drill already")
            continue
        seen.add((chapter, part))
        if side not in SIDES:
            problems.append(f"{here}: the side is {side!r}, not white or black")
            continue
        pgn = entry.get("pgn")
        found = pgn_problems(pgn, SIDES[side]) if isinstance(pgn, str) else ["no PGN"]
        problems += [f"{here}: {problem}" for problem in found]
        if not found:
            drills.append(Drill(title, chapter, part, side, pgn))
    return drills, problems


def pgn_problems(pgn: str, learner: chess.Color) -> list[str]:
    """What stops a PGN from being drilled: a read error, a header shown with '?', a line with no
    move of the learner's side."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    if game is None:
        return ["the PGN holds no game"]
    if game.errors:
        return [f"the PGN cannot be read: {game.errors[0]}"]
    problems = [
        f"the header {name} shows {value!r}"
        for name, value in game.headers.items()
        if name in ("Event", "Annotator") and "?" in value
    ]
    for line in lines(game):
        if not any(node.parent.board().turn == learner for node in line):
            problems.append(f"the line to {line[-1].san()} has no move of the learner's side")
    return problems


def lines(game: chess.pgn.Game) -> list[list[chess.pgn.ChildNode]]:
    """Every line of the tree, from its first move to a last one."""
    found, stack = [], [(game, [])]
    while stack:
        node, path = stack.pop()
        if not node.variations:
            if path:
                found.append(path)
            continue
        for child in reversed(node.variations):
            stack.append((child, [*path, child]))
    return found


def engine_problems(drill: Drill, engine: chess.engine.SimpleEngine) -> list[str]:
    """Learner moves that give away more than MAX_LOSS against the engine's best."""
    game = chess.pgn.read_game(io.StringIO(drill.pgn))
    learner = SIDES[drill.side]
    problems, checked = [], set()
    for line in lines(game):
        for node in line:
            board = node.parent.board()
            if board.turn != learner or (board.fen(), node.move) in checked:
                continue
            checked.add((board.fen(), node.move))
            best = engine.analyse(board, chess.engine.Limit(depth=DEPTH))["score"].pov(learner)
            played = board.copy()
            played.push(node.move)
            after = engine.analyse(played, chess.engine.Limit(depth=DEPTH))["score"].pov(learner)
            loss = best.score(mate_score=10000) - after.score(mate_score=10000)
            if loss > MAX_LOSS:
                problems.append(
                    f"{drill.chapter} part {drill.part}: {board.fullmove_number}."
                    f"{'' if learner == chess.WHITE else '..'}{board.san(node.move)} gives away"
                    f" {loss} centipawns against the best move"
                )
    return problems


def program_index(files: dict) -> dict[str, dict[str, int]]:
    """Each program's title and its chapters' titles with their number of parts."""
    titles = {program["id"]: program["title"] for program in files["programs"]}
    index: dict[str, dict[str, int]] = {title: {} for title in titles.values()}
    for chapter in files["program-chapters"]:
        index[titles[chapter["program"]]][chapter["title"]] = len(chapter["subchapters"])
    return index


def authored(files: dict, folder: Path = PROGRAMS_DIR) -> list[Drill]:
    """Every drill of the program files; stops, naming every problem, when a file has any."""
    index, found = program_index(files), []
    for path in sorted(folder.glob("*.json")):
        drills, problems = read(path, index)
        if problems:
            raise SystemExit("\n".join(problems))
        found += drills
    return found


def attach(files: dict, folder: Path = PROGRAMS_DIR) -> None:
    """Puts each drill on its program part (`drill`, `drill_side`), in place."""
    ids = {program["title"]: program["id"] for program in files["programs"]}
    parts = {
        (chapter["program"], chapter["title"]): chapter["subchapters"]
        for chapter in files["program-chapters"]
    }
    for drill in authored(files, folder):
        part = parts[(ids[drill.program], drill.chapter)][drill.part - 1]
        part["drill"], part["drill_side"] = drill.pgn, drill.side


def seed_files(seed_dir: Path = SEED_DIR) -> dict:
    return {
        name: json.loads((seed_dir / f"{name}.json").read_text(encoding="utf-8"))
        for name in ("programs", "program-chapters")
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["check"])
    parser.add_argument("--engine", action="store_true", help="check every move with Stockfish")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    index = program_index(seed_files())
    problems, drills = [], []
    for path in args.files or sorted(PROGRAMS_DIR.glob("*.json")):
        found, wrong = read(path, index)
        drills += found
        problems += wrong
    if args.engine and drills:
        with chess.engine.SimpleEngine.popen_uci(STOCKFISH) as engine:
            engine.configure({"Threads": 1, "Hash": 64})
            for drill in drills:
                problems += engine_problems(drill, engine)
    for problem in problems:
        print(problem)
    print(f"{len(drills)} drills, {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
