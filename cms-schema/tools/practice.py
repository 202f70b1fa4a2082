#!/usr/bin/env python3
"""Checks the lessons' hand-written practice (practice/lessons/<slug>.json) and turns it into the
exercises, key positions and model games the seed serves.

    python cms-schema/tools/practice.py check [FILE ...] [--no-engine] [--depth 18]

`check` reads every lesson file (or the ones named) and prints each problem as
`<file>: <chapter>, exercise <n>, <field>: <what is wrong>`; it exits 1 when there is any.
Without --no-engine it also asks Stockfish, through practice_engine.py and its cache
(practice/engine-cache.json), whether each line's moves are the best, which moves are as good
and whether each mistake is one. practice/README.md is the format and the rules.

What the seed's exercises add up to is measured by practice_figures.py.
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

TOOLS_DIR = Path(__file__).resolve().parent
PRACTICE_DIR = TOOLS_DIR / "practice"
LESSONS_DIR = PRACTICE_DIR / "lessons"
SEED_DIR = TOOLS_DIR.parent / "seed"

MAX_TEXT = 200  # prompt, source and caption: the CMS's string fields hold 200 characters
MAX_LINE = 60  # moves of a line: the site leaves out a longer exercise
GAME_HEADERS = ("Event", "Site", "Date", "White", "Black", "Result")
EXERCISE_FIELDS = {"source", "fen", "prompt", "hint", "line", "also", "mistakes", "explanation"}
REQUIRED_FIELDS = ("source", "fen", "prompt", "hint", "line", "explanation")
CHAPTER_FIELDS = {"positions", "exercises", "game"}
LESSON_FIELDS = {"lesson", "chapters", "no_exercise"}

# Words a teacher does not write: the reader must never meet the machine behind the checks.
ENGINE_WORDS = re.compile(
    r"\b(?:engines?|stockfish|evaluations?|centi-?pawns?|eval)\b"
    r"|(?<![\w.])[+\-\u2212]\d+(?:[.,]\d+)?(?![\w])",
    re.IGNORECASE,
)
PROMPT_START = re.compile(r"^(White|Black) to move and (.+)$")
MATE_IN = re.compile(r"\bmate in (\d+)\b", re.IGNORECASE)
MATE_WORD = re.compile(r"\b(?:check)?mate\b", re.IGNORECASE)
DRAW_WORDS = re.compile(r"\b(?:draw|hold)\b", re.IGNORECASE)
# "win the queen", "win a piece", "win material": never said of a draw.
WIN_WHAT = re.compile(
    r"\bwins? (?:the |a |an )?(queen|rook|bishop|knight|piece|pawn|exchange|material)\b",
    re.IGNORECASE,
)
# -- what a lesson file holds ------------------------------------------------------------------


@dataclass(frozen=True)
class Where:
    """A place in a lesson file, named the way a writer finds it."""

    file: str
    chapter: str | None = None
    exercise: int | None = None  # 1-based, as writers count

    def at(self, what: str, message: str) -> str:
        parts = [self.chapter] if self.chapter else []
        if self.exercise is not None:
            parts.append(f"exercise {self.exercise}")
        if what:
            parts.append(what)
        return f"{self.file}: {', '.join(parts)}: {message}" if parts else f"{self.file}: {message}"


@dataclass
class Variation:
    """A move of `also` or `mistakes`: at the learner's ply `at`, its moves and the comment."""

    at: int
    moves: list[chess.Move]
    comment: str


@dataclass
class Exercise:
    where: Where
    fen: str
    source: str
    prompt: str
    hint: str
    explanation: str
    moves: list[chess.Move]
    comments: list[str | None]
    also: list[Variation] = field(default_factory=list)
    mistakes: list[Variation] = field(default_factory=list)

    def board(self, ply: int = 0) -> chess.Board:
        """The position before the line's move `ply`."""
        board = chess.Board(self.fen)
        for move in self.moves[:ply]:
            board.push(move)
        return board

    def learner_moves(self) -> int:
        return (len(self.moves) + 1) // 2

    def mates(self) -> bool:
        return self.board(len(self.moves)).is_checkmate()


@dataclass
class Chapter:
    name: str
    positions: list[tuple[str, str]] = field(default_factory=list)
    exercises: list[Exercise] = field(default_factory=list)
    game: str | None = None


@dataclass
class Lesson:
    path: Path
    title: str
    slug: str
    chapters: dict[str, Chapter]
    no_exercise: str | None = None

    def exercises(self) -> list[Exercise]:
        return [exercise for chapter in self.chapters.values() for exercise in chapter.exercises]


def catalogue(seed_dir: Path = SEED_DIR) -> dict[str, tuple[str, list[str]]]:
    """The seed's lessons: title -> (slug, chapter titles)."""
    lessons = json.loads((seed_dir / "lessons.json").read_text(encoding="utf-8"))
    return {
        lesson["title"]: (lesson["slug"], [chapter["title"] for chapter in lesson["chapters"]])
        for lesson in lessons
    }


def lesson_files(folder: Path = LESSONS_DIR) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


class Reader:
    """Reads one lesson file into a Lesson, collecting every problem it finds on the way."""

    def __init__(self, path: Path, lessons: dict[str, tuple[str, list[str]]]) -> None:
        self.path = path
        self.lessons = lessons
        self.problems: list[str] = []

    def fail(self, where: Where, what: str, message: str) -> None:
        self.problems.append(where.at(what, message))

    def text(self, where: Where, what: str, value: object, required: bool = True) -> str:
        """A non-empty string (None when missing and not required), or a problem."""
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not value.strip():
            self.fail(where, what, f"must be a non-empty text, not {value!r}")
            return ""
        return value.strip()

    def read(self) -> Lesson | None:
        where = Where(self.path.name)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            self.fail(where, "", f"not readable JSON: {error}")
            return None
        if not isinstance(data, dict):
            self.fail(where, "", "must be a JSON object with lesson, chapters, no_exercise")
            return None
        for key in sorted(set(data) - LESSON_FIELDS):
            self.fail(where, key, "unknown field")
        title = self.text(where, "lesson", data.get("lesson"))
        if not title:
            return None
        if title not in self.lessons:
            self.fail(where, "lesson", f"{title!r} is not a lesson title in seed/lessons.json")
            return None
        slug, chapter_names = self.lessons[title]
        if self.path.stem != slug:
            self.fail(where, "", f"the file of {title!r} must be named {slug}.json")
        no_exercise = data.get("no_exercise")
        if no_exercise is not None:
            no_exercise = self.text(where, "no_exercise", no_exercise)
        chapters_raw = data.get("chapters")
        if not isinstance(chapters_raw, dict):
            self.fail(where, "chapters", "must be an object: chapter name -> its practice")
            chapters_raw = {}
        chapters = {}
        for name, raw in chapters_raw.items():
            if name not in chapter_names:
                self.fail(
                    where,
                    "chapters",
                    f"{name!r} is not a chapter of {title!r} (its chapters: "
                    f"{', '.join(chapter_names)})",
                )
                continue
            chapters[name] = self.chapter(Where(self.path.name, name), raw)
        lesson = Lesson(self.path, title, slug, chapters, no_exercise or None)
        if no_exercise and lesson.exercises():
            self.fail(where, "no_exercise", "is set, so the lesson must have no exercise")
        return lesson

    def chapter(self, where: Where, raw: object) -> Chapter:
        chapter = Chapter(where.chapter or "")
        if not isinstance(raw, dict):
            self.fail(where, "", "must be an object with positions, exercises or game")
            return chapter
        for key in sorted(set(raw) - CHAPTER_FIELDS):
            self.fail(where, key, "unknown field")
        positions = raw.get("positions") or []
        if not isinstance(positions, list):
            self.fail(where, "positions", "must be a list")
            positions = []
        for n, position in enumerate(positions, start=1):
            if not isinstance(position, dict) or set(position) != {"fen", "caption"}:
                self.fail(where, f"positions[{n}]", "must be {'fen': ..., 'caption': ...}")
                continue
            caption = self.text(where, f"positions[{n}].caption", position["caption"])
            if len(caption) > MAX_TEXT:
                self.fail(where, f"positions[{n}].caption", f"longer than {MAX_TEXT} characters")
            board = self.board(where, f"positions[{n}].fen", position["fen"])
            if board is not None and caption:
                chapter.positions.append((board.fen(), caption))
        game = raw.get("game")
        if game is not None:
            chapter.game = self.game(where, game)
        exercises = raw.get("exercises") or []
        if not isinstance(exercises, list):
            self.fail(where, "exercises", "must be a list")
            exercises = []
        for n, item in enumerate(exercises, start=1):
            exercise = self.exercise(Where(where.file, where.chapter, n), item)
            if exercise is not None:
                chapter.exercises.append(exercise)
        return chapter

    def board(self, where: Where, what: str, fen: object) -> chess.Board | None:
        if not isinstance(fen, str):
            self.fail(where, what, f"must be a FEN, not {fen!r}")
            return None
        try:
            board = chess.Board(fen)
        except ValueError as error:
            self.fail(where, what, f"not a FEN: {error}")
            return None
        if not board.is_valid():
            self.fail(where, what, f"impossible position ({board.status()!r})")
            return None
        return board

    def game(self, where: Where, pgn: object) -> str | None:
        if not isinstance(pgn, str) or not pgn.strip():
            self.fail(where, "game", "must be a PGN text")
            return None
        game = chess.pgn.read_game(io.StringIO(pgn))
        if game is None or game.errors or game.end() is game:
            detail = f": {game.errors[0]}" if game and game.errors else ""
            self.fail(where, "game", f"not a playable PGN{detail}")
            return None
        for name in GAME_HEADERS:
            value = game.headers.get(name, "")
            if not value or "?" in value:
                self.fail(where, f"game [{name}]", f"must be filled in, not {value!r}")
        for name, value in game.headers.items():
            if ENGINE_WORDS.search(value) and name not in ("Date", "Result", "FEN"):
                self.fail(where, f"game [{name}]", f"engine words in {value!r}")
        for node in game_nodes(game):
            if node.comment and (found := ENGINE_WORDS.search(node.comment)):
                self.fail(where, "game", f"engine words ({found.group(0)!r}) in {node.comment!r}")
        return pgn.strip() + "\n"

    def moves(self, where: Where, what: str, board: chess.Board, sans: list) -> list | None:
        """The SAN moves played from board (a copy), or None after naming the illegal one."""
        board = board.copy(stack=False)
        out = []
        for n, san in enumerate(sans):
            if not isinstance(san, str):
                self.fail(where, f"{what}[{n}]", f"must be a move in SAN, not {san!r}")
                return None
            try:
                move = board.parse_san(san)
            except ValueError:
                self.fail(where, f"{what}[{n}]", f"{san} is not legal in {board.fen()}")
                return None
            out.append(move)
            board.push(move)
        return out

    def exercise(self, where: Where, raw: object) -> Exercise | None:
        if not isinstance(raw, dict):
            self.fail(where, "", "must be an object")
            return None
        for key in sorted(set(raw) - EXERCISE_FIELDS):
            self.fail(where, key, "unknown field")
        for key in REQUIRED_FIELDS:
            if key not in raw:
                self.fail(where, key, "missing")
        texts = {key: self.text(where, key, raw.get(key)) for key in REQUIRED_FIELDS[:4]}
        texts["explanation"] = self.text(where, "explanation", raw.get("explanation"))
        for key in ("source", "prompt"):
            if len(texts[key]) > MAX_TEXT:
                self.fail(where, key, f"longer than {MAX_TEXT} characters")
        board = self.board(where, "fen", raw.get("fen"))
        line = raw.get("line")
        if board is None or not isinstance(line, list) or not line:
            if board is not None:
                self.fail(where, "line", "must be a list of [move, comment] pairs")
            return None
        sans, comments = [], []
        for n, entry in enumerate(line):
            if isinstance(entry, str):
                entry = [entry]
            if not isinstance(entry, list) or not 1 <= len(entry) <= 2:
                self.fail(where, f"line[{n}]", f"must be [move] or [move, comment], not {entry!r}")
                return None
            comment = entry[1] if len(entry) == 2 else None
            if comment is not None and (not isinstance(comment, str) or not comment.strip()):
                self.fail(where, f"line[{n}]", f"the comment must be a text, not {comment!r}")
                comment = None
            sans.append(entry[0])
            comments.append(comment.strip() if comment else None)
        moves = self.moves(where, "line", board, sans)
        if moves is None:
            return None
        if len(moves) % 2 == 0:
            self.fail(where, "line", f"{len(moves)} moves: the learner moves first and last (odd)")
        if len(moves) > MAX_LINE:
            self.fail(where, "line", f"{len(moves)} moves: the site takes at most {MAX_LINE}")
        for ply in range(0, len(moves), 2):
            if not comments[ply]:
                self.fail(where, f"line[{ply}]", f"the learner's move {sans[ply]} needs a comment")
        exercise = Exercise(
            where,
            board.fen(),
            texts["source"],
            texts["prompt"],
            texts["hint"],
            texts["explanation"],
            moves,
            comments,
        )
        exercise.also = self.variations(exercise, "also", raw.get("also"))
        exercise.mistakes = self.variations(exercise, "mistakes", raw.get("mistakes"))
        return exercise

    def variations(self, exercise: Exercise, what: str, raw: object) -> list[Variation]:
        where = exercise.where
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.fail(where, what, "must be a list of {at, line, comment}")
            return []
        out = []
        for n, item in enumerate(raw):
            here = f"{what}[{n}]"
            if not isinstance(item, dict) or set(item) != {"at", "line", "comment"}:
                self.fail(where, here, "must be {'at': ..., 'line': [...], 'comment': ...}")
                continue
            at, line = item["at"], item["line"]
            if not isinstance(at, int) or isinstance(at, bool):
                self.fail(where, f"{here}.at", f"must be a number, not {at!r}")
                continue
            if not 0 <= at < len(exercise.moves) or at % 2:
                self.fail(
                    where,
                    f"{here}.at",
                    f"{at} is not a learner's move of the line (0, 2, ... up to "
                    f"{len(exercise.moves) - 1})",
                )
                continue
            comment = self.text(where, f"{here}.comment", item["comment"])
            if isinstance(line, str):
                line = [line]
            if not isinstance(line, list) or not line:
                self.fail(where, f"{here}.line", "must be a list of moves in SAN")
                continue
            line = [entry[0] if isinstance(entry, list) and entry else entry for entry in line]
            moves = self.moves(where, f"{here}.line", exercise.board(at), line)
            if moves is None:
                continue
            if moves[0] == exercise.moves[at]:
                self.fail(where, f"{here}.line", f"{line[0]} is the line's own move at {at}")
                continue
            if any(v.at == at and v.moves[0] == moves[0] for v in out):
                self.fail(where, f"{here}.line", f"{line[0]} is given twice at {at}")
                continue
            if what == "also" and len(moves) % 2 == 0:
                self.fail(
                    where,
                    f"{here}.line",
                    "the move alone, or the move and a continuation ending on the learner's move",
                )
                continue
            out.append(Variation(at, moves, comment))
        if what == "mistakes":
            good = {(v.at, v.moves[0]) for v in exercise.also}
            for n, variation in enumerate(out):
                if (variation.at, variation.moves[0]) in good:
                    self.fail(where, f"mistakes[{n}]", "the same move is listed in also")
        return out


def game_nodes(game: chess.pgn.Game):
    """Every node of a game, variations included."""
    stack = [game]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.variations))


def read_lesson(path: Path, lessons: dict | None = None) -> tuple[Lesson | None, list[str]]:
    """A lesson file and the problems of its form (no engine)."""
    reader = Reader(path, catalogue() if lessons is None else lessons)
    lesson = reader.read()
    if lesson is not None:
        reader.problems += [p for e in lesson.exercises() for p in exercise_text_problems(e)]
        for chapter in lesson.chapters.values():
            where = Where(path.name, chapter.name)
            for n, (_fen, caption) in enumerate(chapter.positions, start=1):
                if found := ENGINE_WORDS.search(caption):
                    reader.fail(where, f"positions[{n}].caption", f"engine words ({found[0]!r})")
    return lesson, reader.problems


# -- the text and the prompt, without an engine ------------------------------------------------


def exercise_text_problems(exercise: Exercise) -> list[str]:
    where = exercise.where
    problems = []
    texts = [
        ("source", exercise.source),
        ("prompt", exercise.prompt),
        ("hint", exercise.hint),
        ("explanation", exercise.explanation),
        *((f"line[{n}] comment", c) for n, c in enumerate(exercise.comments) if c),
        *((f"also at {v.at} comment", v.comment) for v in exercise.also),
        *((f"mistakes at {v.at} comment", v.comment) for v in exercise.mistakes),
    ]
    for what, text in texts:
        if found := ENGINE_WORDS.search(text):
            problems.append(where.at(what, f"engine words ({found.group(0)!r}) in {text!r}"))
    if exercise.moves:
        first = exercise.board().san(exercise.moves[0])
        if re.search(rf"(?<![\w]){re.escape(first.rstrip('+#'))}(?![\w])", exercise.hint):
            problems.append(where.at("hint", f"gives the first move {first} away"))
    problems += [
        where.at("prompt", p)
        for p in prompt_problems(exercise.prompt, exercise.fen, exercise.moves)
    ]
    return problems


def prompt_problems(prompt: str, fen: str, moves: list[chess.Move]) -> list[str]:
    """How the prompt disagrees with the line: the side to move, mate in N, draws. (What a line
    wins is not counted here: a trapped piece is won before it is taken.)"""
    start = chess.Board(fen)
    side = "White" if start.turn == chess.WHITE else "Black"
    matched = PROMPT_START.match(prompt)
    if not matched:
        return [f"{prompt!r} must read '{side} to move and ...'"]
    problems = []
    if matched.group(1) != side:
        problems.append(f"{prompt!r}: it is {side} to move in the position")
    task = matched.group(2)
    end = start.copy(stack=False)
    for move in moves:
        end.push(move)
    learner = (len(moves) + 1) // 2
    mate_in = MATE_IN.search(task)
    if end.is_checkmate():
        if not mate_in:
            problems.append(f"{prompt!r}: the line mates, so say 'mate in {learner}'")
        elif int(mate_in.group(1)) != learner:
            problems.append(
                f"{prompt!r}: the line mates in {learner} (the learner's moves), "
                f"not {mate_in.group(1)}"
            )
        if DRAW_WORDS.search(task):
            problems.append(f"{prompt!r}: a line that mates is not a draw")
    elif MATE_WORD.search(task):
        problems.append(f"{prompt!r}: the line does not end in mate")
    if DRAW_WORDS.search(task) and not end.is_checkmate() and (won := WIN_WHAT.search(task)):
        problems.append(f"{prompt!r}: a draw and a win ({won.group(0)!r}) at once")
    return problems


def normal_hint(hint: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", hint.lower()).strip()


def hint_problems(lessons: list[Lesson]) -> list[str]:
    """Hints written twice, anywhere in the lessons' files."""
    seen: dict[str, Where] = {}
    problems = []
    for lesson in lessons:
        for exercise in lesson.exercises():
            key = normal_hint(exercise.hint)
            first = seen.setdefault(key, exercise.where)
            if first is not exercise.where:
                there = f"{first.file}: {first.chapter}, exercise {first.exercise}"
                problems.append(exercise.where.at("hint", f"the same hint as {there}"))
    return problems


# -- the served form ---------------------------------------------------------------------------


def uci_line(moves: list[chess.Move]) -> str:
    return " ".join(move.uci() for move in moves)


def served(exercise: Exercise, key: str) -> dict:
    """An exercise as the seed and the CMS keep it and the API serves it."""
    return {
        "key": key,
        "fen": exercise.fen,
        "moves": uci_line(exercise.moves),
        "prompt": exercise.prompt,
        "hint": exercise.hint,
        "explanation": exercise.explanation,
        "source": exercise.source,
        "comments": list(exercise.comments),
        "alternatives": [
            {"at": v.at, "moves": uci_line(v.moves), "comment": v.comment} for v in exercise.also
        ],
        "mistakes": [
            {"at": v.at, "moves": uci_line(v.moves), "comment": v.comment}
            for v in exercise.mistakes
        ],
    }


def exercise_caption(exercise: Exercise) -> str:
    """An exercise's start position as a key position: its source and its task."""
    caption = f"{exercise.source}: {exercise.prompt}"
    return caption if len(caption) <= MAX_TEXT else exercise.prompt[:MAX_TEXT]


def authored(folder: Path = LESSONS_DIR, lessons: dict | None = None) -> dict[str, Lesson]:
    """The lessons whose files pass the checks of form, by title (`lessons`: the catalogue, by
    default seed/lessons.json's). A file with problems is left out, and said on stderr, so the
    lesson keeps its earlier practice until it is fixed."""
    lessons = catalogue() if lessons is None else lessons
    out = {}
    for path in lesson_files(folder):
        lesson, problems = read_lesson(path, lessons)
        if problems or lesson is None:
            print(
                f"practice: {path.name} left out, {len(problems)} problem(s) "
                f"(python cms-schema/tools/practice.py check {path.name})",
                file=sys.stderr,
            )
            continue
        out[lesson.title] = lesson
    return out


# -- the command -------------------------------------------------------------------------------


def check(
    paths: list[Path], engine: bool, depth: int, cache: Path | None = None, search: bool = True
) -> list[str]:
    """Every problem of the files: form, texts, prompts, hints against all files, and with
    `engine` Stockfish's verdicts (from the cache; searching what it lacks when `search`)."""
    lessons_index = catalogue()
    lessons, problems = [], []
    for path in paths:
        lesson, found = read_lesson(path, lessons_index)
        problems += found
        if lesson is not None:
            lessons.append(lesson)
    every = [lesson for path in lesson_files() if (lesson := _quiet(path, lessons_index))]
    named = {lesson.path.resolve() for lesson in lessons}
    others = [lesson for lesson in every if lesson.path.resolve() not in named]
    problems += [
        p
        for p in hint_problems([*lessons, *others])
        if p.split(":", 1)[0] in {path.name for path in paths}
    ]
    if engine:
        import practice_engine

        cache = cache or practice_engine.CACHE_FILE
        with practice_engine.Oracle(depth, cache, use_engine=search) as oracle:
            for lesson in lessons:
                for exercise in lesson.exercises():
                    problems += practice_engine.exercise_problems(exercise, oracle)
                    oracle.save()
                for chapter in lesson.chapters.values():
                    for n, (fen, caption) in enumerate(chapter.positions, start=1):
                        where = f"{lesson.path.name}: {chapter.name}, positions[{n}]"
                        problems += [
                            f"{where}: {problem}"
                            for problem in practice_engine.position_problems(fen, caption, oracle)
                        ]
                oracle.save()
    return problems


def _quiet(path: Path, lessons_index: dict) -> Lesson | None:
    lesson, _problems = read_lesson(path, lessons_index)
    return lesson


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check lesson files (all when none is named)")
    checking.add_argument("files", nargs="*", type=Path)
    checking.add_argument("--no-engine", action="store_true", help="form, text and prompts only")
    checking.add_argument("--depth", type=int, default=18, help="search depth (18 at least)")
    checking.add_argument("--cache", type=Path, help="engine cache (practice/engine-cache.json)")
    checking.add_argument(
        "--cache-only", action="store_true", help="start no Stockfish: what the cache lacks fails"
    )
    args = parser.parse_args(argv)
    paths = [
        path if path.exists() or path.is_absolute() else LESSONS_DIR / path for path in args.files
    ] or lesson_files()
    problems = check(
        paths, not args.no_engine, args.depth, cache=args.cache, search=not args.cache_only
    )
    for problem in problems:
        print(problem)
    print(f"{len(paths)} file(s): {'OK' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.path.insert(0, str(TOOLS_DIR))
    sys.exit(main())
