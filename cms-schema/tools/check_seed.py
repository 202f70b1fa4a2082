#!/usr/bin/env python3
"""Checks the seed against the model in cms-schema/src, without a running Strapi.

Every field must be an attribute of its content type or component, required fields must be
set, enumeration values allowed, uids unique, relations must point at existing seed ids,
media keys must exist in media.json (and their SVG files on disk), and ids must follow
creation dates. The chess in it must be legal (python-chess): every key position's FEN, shown
within its video, every exercise's FEN and solution line (odd, the learner first and last) with
a key unique in its chapter, its comments one per move, its alternatives and mistakes legal at a
learner's move of the line, every model game's PGN. Every lesson's level must lie in the range
its topic allows (seed_text.LESSON_LEVELS), and sit in its category. Every picture must show
what its content says (picture_checks.py: a lesson its title's diagram, boards with coordinates
and from White's side unless the position is Black's, people a monogram portrait). Prints each
problem; exits 1 when there is any.

    python cms-schema/tools/check_seed.py [--seed cms-schema/seed] [--schema cms-schema/src]
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
import drills  # noqa: E402
import generate_media  # noqa: E402
import picture_checks  # noqa: E402
import seed_text  # noqa: E402
from seed_positions import LESSON_DIAGRAMS, THEMES  # noqa: E402

CMS_SCHEMA_DIR = Path(__file__).resolve().parent.parent
STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
DAY = re.compile(r"^\d{4}-\d\d-\d\d$")
UID = re.compile(r"^[A-Za-z0-9\-_.~]+$")
# The chess fields' stored types (src/chess/index.js registers them as custom fields)
CUSTOM_FIELD_TYPES = {
    "global::chess-position": "string",
    "global::chess-line": "string",
    "global::chess-game": "text",
}


def load_model(src: Path) -> tuple[dict, dict]:
    types, components = {}, {}
    for path in sorted(src.glob("api/*/content-types/*/schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        name = schema["info"]["singularName"]
        types[f"api::{name}.{name}"] = schema
    for path in sorted(src.glob("components/*/*.json")):
        components[f"{path.parent.name}.{path.stem}"] = json.loads(path.read_text("utf-8"))
    return types, components


class Checker:
    def __init__(self, types: dict, components: dict, seed: dict, media: dict) -> None:
        self.types, self.components, self.seed, self.media = types, components, seed, media
        self.problems: list[str] = []
        self.ids = {
            uid: {entry["id"] for entry in (value if isinstance(value, list) else [value])}
            for uid, value in seed.items()
        }

    def fail(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def value(self, where: str, spec: dict, value) -> None:
        kind = CUSTOM_FIELD_TYPES.get(spec.get("customField"), spec["type"])
        if value is None:
            if spec.get("required"):
                self.fail(where, "required but empty")
            return
        if kind in ("string", "text", "richtext", "uid"):
            if not isinstance(value, str):
                self.fail(where, f"expected text, got {value!r}")
            elif spec.get("regex") and not re.search(spec["regex"], value):
                self.fail(where, f"{value!r} does not match {spec['regex']}")
            elif spec.get("maxLength") and len(value) > spec["maxLength"]:
                self.fail(where, f"longer than {spec['maxLength']} characters")
            elif kind == "uid" and not UID.match(value):
                self.fail(where, f"{value!r} is not a valid uid")
        elif kind == "integer":
            if not isinstance(value, int) or isinstance(value, bool):
                self.fail(where, f"expected an integer, got {value!r}")
            elif ("min" in spec and value < spec["min"]) or ("max" in spec and value > spec["max"]):
                self.fail(where, f"{value} outside {spec.get('min')}..{spec.get('max')}")
        elif kind == "decimal":
            if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
                self.fail(where, f"expected a non-negative number, got {value!r}")
        elif kind == "date":
            if not isinstance(value, str) or not DAY.match(value):
                self.fail(where, f"expected YYYY-MM-DD, got {value!r}")
        elif kind == "enumeration":
            if value not in spec["enum"]:
                self.fail(where, f"{value!r} not one of {spec['enum']}")
        elif kind == "media":
            keys = value if spec.get("multiple") else [value]
            if spec.get("multiple") != isinstance(value, list):
                self.fail(where, "single/multiple media mismatch")
            for key in keys if isinstance(keys, list) else []:
                if key not in self.media:
                    self.fail(where, f"unknown media key {key!r}")
        elif kind == "relation":
            if spec.get("mappedBy"):
                self.fail(where, "inverse side of a relation; set the owning side instead")
                return
            many = spec["relation"] in ("oneToMany", "manyToMany")
            ids = value if many else [value]
            if many != isinstance(value, list):
                self.fail(where, f"{spec['relation']} expects {'a list' if many else 'one id'}")
                return
            for seed_id in ids:
                if seed_id not in self.ids.get(spec["target"], set()):
                    self.fail(where, f"no {spec['target']} with id {seed_id!r}")
        elif kind == "component":
            items = value if spec.get("repeatable") else [value]
            if spec.get("repeatable") != isinstance(value, list):
                self.fail(where, "repeatable/single component mismatch")
                return
            attributes = self.components[spec["component"]]["attributes"]
            for n, item in enumerate(items):
                self.fields(f"{where}[{n}]", attributes, item, ())

    def fields(self, where: str, attributes: dict, entry: dict, extra: tuple[str, ...]) -> None:
        for field in entry:
            if field not in attributes and field not in extra:
                self.fail(where, f"unknown field {field!r}")
        for field, spec in attributes.items():
            if field in entry:
                self.value(f"{where}.{field}", spec, entry[field])
            elif spec.get("required"):
                self.fail(f"{where}.{field}", "required but missing")

    def run(self) -> list[str]:
        for uid, value in self.seed.items():
            schema = self.types.get(uid)
            if schema is None:
                self.fail(uid, "no schema in the model")
                continue
            entries = value if isinstance(value, list) else [value]
            if (schema["kind"] == "singleType") == isinstance(value, list):
                self.fail(uid, "single types are one object, collection types a list")
            seen: dict[tuple[str, object], int] = {}
            previous = None
            for entry in sorted(entries, key=lambda item: item.get("id", 0)):
                where = f"{uid}#{entry.get('id')}"
                if not isinstance(entry.get("id"), int):
                    self.fail(where, "missing integer id")
                if not STAMP.match(str(entry.get("created_at", ""))):
                    self.fail(where, "created_at must look like 2021-04-05T11:45:00.000Z")
                elif previous and entry["created_at"] < previous:
                    self.fail(where, "ids must follow created_at order")
                previous = entry.get("created_at")
                self.fields(where, schema["attributes"], entry, ("id", "created_at"))
                for field, spec in schema["attributes"].items():
                    if spec["type"] == "uid" or spec.get("unique"):
                        key = (field, entry.get(field))
                        if key in seen:
                            self.fail(where, f"{field} {entry.get(field)!r} also in #{seen[key]}")
                        seen[key] = entry.get("id")
        return self.problems


EXERCISE_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
COPY_SUFFIX = re.compile(r" \(\d+\)$")  # grow_catalogue.py's copies: "Title (2)"


def board_problem(fen: object) -> str | None:
    if not isinstance(fen, str):
        return f"FEN {fen!r} is not text"
    try:
        board = chess.Board(fen)
    except ValueError as error:
        return f"illegal FEN {fen!r}: {error}"
    if not board.is_valid():
        return f"impossible position {fen!r}"
    return None


def practice_problems(where: str, item: dict, duration: object) -> list[str]:
    """Problems of one chapter's, subchapter's or episode's positions, PGN and exercises."""
    problems = []
    for n, position in enumerate(item.get("positions") or []):
        here = f"{where}.positions[{n}]"
        if problem := board_problem(position.get("fen")):
            problems.append(f"{here}: {problem}")
        at = position.get("at")
        if at is not None and isinstance(duration, int) and not 0 <= at < duration:
            problems.append(f"{here}: at {at} s is outside the video ({duration} s)")
    if item.get("pgn"):
        game = chess.pgn.read_game(io.StringIO(item["pgn"]))
        if game is None or game.errors or not list(game.mainline_moves()):
            errors = game.errors[:1] if game else []
            problems.append(f"{where}.pgn: not a playable game {errors}")
    if item.get("drill") is not None:
        side = drills.SIDES.get(item.get("drill_side"))
        if side is None or not isinstance(item["drill"], str):
            problems.append(f"{where}.drill: a PGN and a side (white or black) are needed")
        else:
            problems += [f"{where}.drill: {p}" for p in drills.pgn_problems(item["drill"], side)]
    keys: set[str] = set()
    for n, exercise in enumerate(item.get("exercises") or []):
        here = f"{where}.exercises[{n}]"
        key = exercise.get("key")
        if not isinstance(key, str) or not EXERCISE_KEY.match(key) or key in keys:
            problems.append(f"{here}: key {key!r} is not a unique lowercase key")
        keys.add(str(key))
        if problem := board_problem(exercise.get("fen")):
            problems.append(f"{here}: {problem}")
            continue
        moves = str(exercise.get("moves") or "").split()
        if len(moves) % 2 == 0:
            problems.append(f"{here}: {len(moves)} moves; the line must be odd (learner last)")
        board = chess.Board(exercise["fen"])
        line = []
        for ply, uci in enumerate(moves, start=1):
            try:
                move = chess.Move.from_uci(uci)
            except ValueError:
                move = None
            if move is None or move not in board.legal_moves:
                problems.append(f"{here}: move {ply} {uci!r} is not legal")
                break
            board.push(move)
            line.append(move)
        else:
            problems += [f"{here}.{p}" for p in teaching_problems(exercise, line)]
    return problems


def teaching_problems(exercise: dict, line: list[chess.Move]) -> list[str]:
    """An exercise's comments (one per move of the line) and its alternatives and mistakes:
    each at a learner's move, legal from there, not the line's own move; an alternative ends on
    the learner's move."""
    problems = []
    comments = exercise.get("comments")
    if comments is not None and (
        not isinstance(comments, list)
        or len(comments) != len(line)
        or any(c is not None and not isinstance(c, str) for c in comments)
    ):
        problems.append(f"comments: one text or null per move of the line ({len(line)})")
    for kind in ("alternatives", "mistakes"):
        variations = exercise.get(kind)
        if variations is None:
            continue
        if not isinstance(variations, list):
            problems.append(f"{kind}: must be a list")
            continue
        for n, variation in enumerate(variations):
            here = f"{kind}[{n}]"
            if not isinstance(variation, dict) or set(variation) != {"at", "moves", "comment"}:
                problems.append(f"{here}: must be {{at, moves, comment}}")
                continue
            at, comment = variation["at"], variation["comment"]
            if not isinstance(at, int) or isinstance(at, bool) or at % 2 or not 0 <= at < len(line):
                problems.append(f"{here}: at {at!r} is not a learner's move of the line")
                continue
            if not isinstance(comment, str) or not comment.strip():
                problems.append(f"{here}: no comment")
            board = chess.Board(exercise["fen"])
            for move in line[:at]:
                board.push(move)
            ucis = str(variation["moves"] or "").split()
            if not ucis or ucis[0] == line[at].uci():
                problems.append(f"{here}: {ucis[:1]} is empty or the line's own move")
            elif any(
                other["at"] == at and str(other["moves"]).split()[:1] == ucis[:1]
                for other in variations[:n]
                if isinstance(other, dict)
            ):
                problems.append(f"{here}: {ucis[0]} is given twice at move {at}")
            if kind == "alternatives" and len(ucis) % 2 == 0:
                problems.append(f"{here}: {len(ucis)} moves; it must end on the learner's move")
            for ply, uci in enumerate(ucis, start=1):
                try:
                    move = chess.Move.from_uci(uci)
                except ValueError:
                    move = None
                if move is None or move not in board.legal_moves:
                    problems.append(f"{here}: move {ply} {uci!r} is not legal")
                    break
                board.push(move)
    return problems


def chess_problems(seed: dict) -> list[str]:
    """Legal chess in every lesson chapter, program subchapter and masterclass episode."""
    problems = []
    for lesson in seed.get("api::lesson.lesson", []):
        for n, chapter in enumerate(lesson.get("chapters") or []):
            where = f"api::lesson.lesson#{lesson['id']}.chapters[{n}]"
            problems += practice_problems(where, chapter, chapter.get("duration"))
    for chapter in seed.get("api::program-chapter.program-chapter", []):
        for n, part in enumerate(chapter.get("subchapters") or []):
            where = f"api::program-chapter.program-chapter#{chapter['id']}.subchapters[{n}]"
            problems += practice_problems(where, part, part.get("duration"))
    for episode in seed.get("api::masterclass-episode.masterclass-episode", []):
        where = f"api::masterclass-episode.masterclass-episode#{episode['id']}"
        problems += practice_problems(where, episode, episode.get("duration"))
    return problems


def level_problems(seed: dict, ranges: dict[str, tuple[str, str]] | None = None) -> list[str]:
    """Lessons whose level lies outside the range their topic allows (seed_text.LESSON_LEVELS;
    a copy "Title (2)" is held to its original's range, a lesson without a range is not held)."""
    ranges = seed_text.LESSON_LEVELS if ranges is None else ranges
    ranks = {
        level["id"]: (level["rank"], level["value"])
        for level in seed.get("api::difficulty-level.difficulty-level", [])
    }
    by_value = {value: rank for rank, value in ranks.values()}
    problems = []
    for lesson in seed.get("api::lesson.lesson", []):
        title = COPY_SUFFIX.sub("", lesson["title"])
        if title not in ranges or lesson.get("difficulty_level") not in ranks:
            continue
        lowest, highest = ranges[title]
        rank, value = ranks[lesson["difficulty_level"]]
        if not by_value[lowest] <= rank <= by_value[highest]:
            problems.append(
                f"api::lesson.lesson#{lesson['id']}: {lesson['title']!r} is {value}; "
                f"its topic is taught from {lowest} to {highest}"
            )
    return problems


def picture_problems(seed: dict, art: dict[str, dict], grown: bool = False) -> list[str]:
    """The pictures against their content (picture_checks.py) and lessons against their
    category."""
    lessons = seed.get("api::lesson.lesson", [])
    all_positions = [p for ps in THEMES.values() for p in ps]
    flipped = {
        position.name
        for position in [*LESSON_DIAGRAMS.values(), *all_positions]
        if position.flipped
    }
    people = [
        (person["name"], person.get(picture))
        for uid, picture in (
            ("api::teacher.teacher", "thumbnail"),
            ("api::trainer.trainer", "thumbnail"),
            ("api::author.author", "avatar"),
        )
        for person in seed.get(uid, [])
    ]
    page = seed.get("api::upgrade-page.upgrade-page") or {}
    people += [(t["name"], t.get("avatar")) for t in page.get("testimonials") or []]
    categories = {
        entry["id"]: entry["name"] for entry in seed.get("api::lesson-category.lesson-category", [])
    }
    return [
        *(
            f"seed_positions.json: {problem}"
            for p in all_positions
            for problem in picture_checks.arrow_problems(p)
        ),
        *picture_checks.lesson_diagram_problems(lessons, art),
        *picture_checks.board_picture_problems(art, flipped),
        # A grown catalogue's people reuse the seed's drawings under new names (grow_catalogue.py).
        *([] if grown else picture_checks.portrait_problems(people, art)),
        *picture_checks.category_problems(lessons, categories, seed_text.LESSON_TOPICS),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=CMS_SCHEMA_DIR / "seed")
    parser.add_argument("--schema", type=Path, default=CMS_SCHEMA_DIR / "src")
    parser.add_argument(
        "--grown",
        action="store_true",
        help="a catalogue grow_catalogue.py made: its people reuse the seed's portraits",
    )
    args = parser.parse_args(argv)
    types, components = load_model(args.schema)
    index = json.loads((args.seed / "index.json").read_text(encoding="utf-8"))
    media = json.loads((args.seed / index["media"]).read_text(encoding="utf-8"))
    seed = {
        item["uid"]: json.loads((args.seed / item["file"]).read_text(encoding="utf-8"))
        for item in index["content_types"]
    }
    problems = Checker(types, components, seed, media).run()
    problems += chess_problems(seed)
    problems += level_problems(seed)
    art_path = args.seed / generate_media.ART_FILE
    art = json.loads(art_path.read_text(encoding="utf-8")) if art_path.exists() else {}
    problems += picture_problems(seed, art, grown=args.grown)
    problems += [
        f"media file missing or stale: {path}"
        for path in generate_media.check_files(media, args.seed / "media")
    ]
    problems += [f"{uid}: in the model but not in the seed" for uid in types if uid not in seed]
    for problem in problems:
        print(problem, file=sys.stderr)
    entries = sum(len(v) if isinstance(v, list) else 1 for v in seed.values())
    print(
        f"{len(seed)} content types, {entries} entries, {len(media)} media keys: "
        f"{'OK' if not problems else f'{len(problems)} problem(s)'}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
