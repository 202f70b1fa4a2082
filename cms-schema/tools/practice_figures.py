#!/usr/bin/env python3
"""What the seed's exercises add up to, as a Pro member is served them: how many are distinct,
on how many items one stands, how many have one learner move or open by taking an undefended
piece, share a hint, use engine words, or have prompts that do not fit their lines; and model
games with unknown or engine headers.

    python cms-schema/tools/practice_figures.py [--seed cms-schema/seed]

The same figures are held to their targets by tests/bff/cms/test_practice_seed.py.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.pgn
from practice import (
    ENGINE_WORDS,
    GAME_HEADERS,
    SEED_DIR,
    authored,
    catalogue,
    game_nodes,
    normal_hint,
    prompt_problems,
)


def opens_with_free_capture(exercise: dict) -> bool:
    """The first move takes an undefended piece (not a pawn): the cheapest exercise there is."""
    board = chess.Board(exercise["fen"])
    move = chess.Move.from_uci(exercise["moves"].split()[0])
    captured = board.piece_at(move.to_square)
    if captured is None or captured.piece_type in (chess.PAWN, chess.KING):
        return False
    return not board.is_attacked_by(captured.color, move.to_square)


def served_problems(exercise: dict) -> list[str]:
    """A served exercise's prompt against its line, and its alternatives' legality."""
    board = chess.Board(exercise["fen"])
    moves = [chess.Move.from_uci(uci) for uci in exercise["moves"].split()]
    problems = prompt_problems(exercise.get("prompt") or "", exercise["fen"], moves)
    for kind in ("alternatives", "mistakes"):
        for variation in exercise.get(kind) or []:
            position = board.copy(stack=False)
            for move in moves[: variation["at"]]:
                position.push(move)
            for uci in variation["moves"].split():
                move = chess.Move.from_uci(uci)
                if move not in position.legal_moves:
                    problems.append(f"{kind} at {variation['at']}: {uci} is not legal")
                    break
                position.push(move)
    return problems


def game_problems(pgn: str) -> list[str]:
    """A model game's headers with '?' or the engine's name, and engine words in comments. A
    date may leave its month and day unknown ("1852.??.??": no one recorded the day of many
    famous games), never its year."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    if game is None:
        return ["not a game"]
    problems = [
        f"[{name} {value!r}]"
        for name, value in game.headers.items()
        if name in GAME_HEADERS and "?" in (value[:4] if name == "Date" else value)
    ]
    problems += [
        f"[{name} {value!r}] names the engine"
        for name, value in game.headers.items()
        if re.search(r"stockfish|engine", value, re.IGNORECASE)
    ]
    problems += [
        f"comment {node.comment[:60]!r}"
        for node in game_nodes(game)
        if node.comment and ENGINE_WORDS.search(node.comment)
    ]
    return problems


@dataclass
class Figures:
    """What the seed's exercises look like, as fractions of the exercises measured."""

    exercises: int = 0
    one_move: int = 0
    free_capture: int = 0
    distinct_hints: int = 0
    distinct: int = 0  # exercises told apart by position and line
    most_placed: int = 0  # the most items (lessons, program chapters, episodes) one is on
    engine_words: list[str] = field(default_factory=list)
    bad_games: list[str] = field(default_factory=list)
    prompt_problems: list[str] = field(default_factory=list)

    def share(self, count: int) -> float:
        return count / self.exercises if self.exercises else 0.0

    def lines(self, title: str) -> list[str]:
        return [
            f"{title}: {self.exercises} exercises",
            f"  distinct exercises: {self.distinct} (target at least 300)",
            f"  the most items one exercise is on: {self.most_placed} (target at most 2)",
            f"  one learner move: {self.share(self.one_move):.0%} (target at most 35 %)",
            f"  open by taking an undefended piece: {self.share(self.free_capture):.0%} "
            "(at most 5 %)",
            f"  distinct hints: {self.share(self.distinct_hints):.0%} (at least 90 %)",
            f"  texts with engine words: {len(self.engine_words)}",
            f"  model games with '?' or the engine in headers, engine comments: "
            f"{len(self.bad_games)}",
            f"  prompts untrue to their lines, illegal alternatives: {len(self.prompt_problems)}",
        ]


def figures(items: list[tuple[str, dict]]) -> Figures:
    """Figures over (where, chapter or part or episode) items of the seed."""
    out = Figures()
    # A hint is distinct when no other exercise has it (the same exercise placed twice, in a
    # lesson and a program, is one).
    hints: dict[str, set[tuple[str, str]]] = {}
    places: dict[tuple[str, str], set[str]] = {}
    all_exercises = []
    for where, item in items:
        for n, position in enumerate(item.get("positions") or []):
            if ENGINE_WORDS.search(position.get("caption") or ""):
                out.engine_words.append(f"{where} positions[{n}] caption")
        if item.get("pgn") and (found := game_problems(item["pgn"])):
            out.bad_games.append(f"{where} pgn: {'; '.join(found[:3])}")
        for exercise in item.get("exercises") or []:
            here = f"{where} {exercise['key']}"
            all_exercises.append(exercise)
            places.setdefault((exercise["fen"], exercise["moves"]), set()).add(
                where.split(" / ")[0]
            )
            hint = normal_hint(exercise.get("hint") or "")
            hints.setdefault(hint, set()).add((exercise["fen"], exercise["moves"]))
            if len(exercise["moves"].split()) == 1:
                out.one_move += 1
            if opens_with_free_capture(exercise):
                out.free_capture += 1
            texts = [
                ("explanation", exercise.get("explanation")),
                *(("comment", c) for c in exercise.get("comments") or []),
                *(("alternative", v["comment"]) for v in exercise.get("alternatives") or []),
                *(("mistake", v["comment"]) for v in exercise.get("mistakes") or []),
            ]
            out.engine_words += [
                f"{here} {what}" for what, text in texts if text and ENGINE_WORDS.search(text)
            ]
            out.prompt_problems += [f"{here}: {p}" for p in served_problems(exercise)]
    out.exercises = len(all_exercises)
    out.distinct = len(places)
    out.most_placed = max((len(items) for items in places.values()), default=0)
    out.distinct_hints = sum(
        1 for exercise in all_exercises if len(hints[normal_hint(exercise.get("hint") or "")]) == 1
    )
    return out


def seed_items(seed_dir: Path = SEED_DIR, titles: set[str] | None = None) -> list[tuple[str, dict]]:
    """(where, item) of the seed's lesson chapters (only the lessons titled, when given), and,
    without titles, of the program subchapters and masterclass episodes too."""

    def load(name: str) -> list[dict]:
        return json.loads((seed_dir / f"{name}.json").read_text(encoding="utf-8"))

    items = [
        (f"lesson {lesson['slug']} / {chapter['title']}", chapter)
        for lesson in load("lessons")
        if titles is None or lesson["title"] in titles
        for chapter in lesson["chapters"]
    ]
    if titles is None:
        items += [
            (f"program chapter {chapter['id']} / {part['title']}", part)
            for chapter in load("program-chapters")
            for part in chapter["subchapters"]
        ]
        items += [(f"episode {episode['id']}", episode) for episode in load("masterclass-episodes")]
    return items


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=SEED_DIR)
    args = parser.parse_args(argv)
    titles = set(authored(lessons=catalogue(args.seed)))
    for line in figures(seed_items(args.seed, titles)).lines("lessons with a file"):
        print(line)
    for line in figures(seed_items(args.seed)).lines("the whole seed"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
