"""Puts the practice on the seed's content: key positions, model games and exercises on lesson
chapters, program subchapters and masterclass episodes, each by the topic it teaches.

Reads the lessons written by hand (practice/lessons, checked by practice.py) and seed_games.py
(famous games and studies). Nothing here is random: the same files give the same seed. No
exercise and no model game is made by an engine: Stockfish checks what a teacher wrote, it
writes nothing. What goes where:

- a lesson's "Practice positions" chapter gets four exercises, "Key ideas" and "Typical
  mistakes" two each (a one-chapter lesson two on its only chapter), "Model game" a game of
  its topic, every chapter key positions;
- a program subchapter whose text says "Positions to solve yourself" gets an exercise, one
  that says "A model game replayed move by move" or "A game between strong players" a game,
  "one clear position" a key position; chapters called "Model games" or "Model attacks" a game
  in every part, "Repertoire review" and "Mixed exercises" exercises in every part, "Studies"
  the composed studies; programs whose bullets or description promise exercises ("Exercises after
  every chapter", "Quizzes to fix the key positions in memory", "every chapter positions to
  solve", ...) get an exercise in every chapter, in rising difficulty where they say so (*30 days
  of tactics*: asked for every day's part, as far as the pools go);
- masterclass episodes get key positions, and two exercises of their theme (openings,
  middlegame, endings, calculation), before the programs take theirs.

A lesson with a file in practice/lessons (written by hand, checked by practice.py) takes its
chapters' exercises, key positions and model game from that file instead: the file's positions
and each exercise's start position, captioned with its source and task (the first chapter
opens on the lesson's diagram, as every lesson does); a chapter the file leaves out keeps its
title's diagram and nothing else.

Everything else (the programs' parts, the episodes, a lesson not written yet) takes its
exercises from the written lessons of its topic: each written exercise is in the pools and
carries the themes its lesson practises (LESSON_PRACTICE: an opening's pool for an opening
lesson, rook endings for the Lucena, forks for the double attack...), the least used first,
never twice in one lesson or program, and on two items at most (MOST_PLACES, its own lesson
counted): the programs take turns part by part, so that when a topic's pool runs short each
program keeps its first parts' exercises; and its model games from the famous games, or the
model game of the written lesson on its idea (a `line:` key names it). A part whose topic's
pool is spent has no exercise rather than an unrelated one, and a part "to solve yourself"
then says it shows the ideas on a position instead.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import drills
import practice
import seed_games
import seed_positions
from practice_topics import (
    CATEGORY_GAMES,
    CATEGORY_POOLS,
    CHAPTER_RULES,
    EPISODE_PRACTICE,
    EVERY_PART,
    EXERCISE_PROMISES,
    GAME_LINES,
    GAME_PROMISES,
    LESSON_GAMES,
    LESSON_PRACTICE,
    MATES,
    OPENING_POOLS,
    POSITION_LINES,
    PROGRAM_POOLS,
    REPERTOIRE_GAMES,
    REPERTOIRES,
    RISING,
    RISING_PROMISES,
    SOLVE_LINE,
    TOPIC_GAMES,
)

# The most items (lessons, program subchapters, episodes) one exercise is shown on: a learner
# who follows several courses meets a position twice at most.
MOST_PLACES = 2


def lesson_selectors(title: str, theme: str) -> list:
    """What a lesson practises: its LESSON_PRACTICE selectors, else its theme's pools."""
    return LESSON_PRACTICE.get(title) or [(CATEGORY_POOLS[theme], ())]


def exercise_tags(exercise: practice.Exercise) -> set[str]:
    """Themes an exercise shows by its form: its length, a mate and in how many, a draw."""
    learner_moves = (len(exercise.moves) + 1) // 2
    tags = {"oneMove" if learner_moves == 1 else "short" if learner_moves == 2 else "long"}
    if "mate" in exercise.prompt.lower():
        tags |= {"mate", f"mateIn{learner_moves}"}
    if exercise.prompt.lower().rstrip(".").endswith(("draw", "hold the position")):
        tags.add("draw")
    return tags


class Practice:
    """The written lessons' exercises and games as pools, and which ones each item has taken."""

    def __init__(self, written: dict, themes: dict[str, str]) -> None:
        """`written`: practice.Lesson by title; `themes`: each lesson title's theme."""
        self.exercises: list[dict] = []
        self.lines: dict[str, tuple[str, list[tuple[str, str]]]] = {}
        # How many items each exercise is on: its lessons first (an exercise written in two
        # lessons is one exercise on two items, in the pools once).
        self.used: Counter[int] = Counter()
        index_of: dict[tuple[str, str], int] = {}
        for title in sorted(written):
            lesson = written[title]
            selectors = lesson_selectors(title, themes.get(title, "classics"))
            pools = {pool for pools, _ in selectors for pool in pools} - {"*"} or {"tactics"}
            themed = {theme for _, found in selectors for theme in found}
            for exercise in lesson.exercises():
                key = (exercise.fen, practice.uci_line(exercise.moves))
                if key not in index_of:
                    index_of[key] = len(self.exercises)
                    self.exercises.append(
                        {
                            "pools": set(),
                            "_tags": exercise_tags(exercise),
                            "fen": exercise.fen,
                            "moves": key[1],
                            "prompt": exercise.prompt,
                            "exercise": exercise,
                            "_lessons": set(),
                        }
                    )
                item = self.exercises[index_of[key]]
                item["pools"] |= pools
                item["_tags"] |= themed
                item["_lessons"].add(title)
            key = LESSON_GAMES.get(title, "")
            for chapter in lesson.chapters.values():
                if key.startswith("line:") and chapter.game and key[5:] not in self.lines:
                    self.lines[key[5:]] = (chapter.game, list(chapter.positions))
        for index, item in enumerate(self.exercises):
            self.used[index] = len(item.pop("_lessons"))
        self.games = {game.key: game for game in seed_games.GAMES}

    def pick(
        self, selectors: list, count: int, taken: set[int], rising: bool = False
    ) -> list[dict]:
        """`count` exercises fitting the selectors, the least used first, none of `taken` and
        none already on MOST_PLACES items (fewer than `count` when the pools run out)."""
        out: list[int] = []
        for pools, themes in selectors:
            fitting = [
                index
                for index, item in enumerate(self.exercises)
                if index not in taken
                and index not in out
                and self.used[index] < MOST_PLACES
                and ("*" in pools or item["pools"] & set(pools))
                and (not themes or item["_tags"] & set(themes))
            ]
            fitting.sort(key=lambda n: (self.used[n], plain(self.exercises[n]), n))
            out += fitting[: count - len(out)]
            if len(out) >= count:
                break
        for index in out:
            self.used[index] += 1
            taken.add(index)
        chosen = [self.exercises[index] for index in out]
        if rising:
            chosen.sort(key=difficulty)
        return chosen

    def game(self, key: str | None) -> tuple[str, list[tuple[str, str]]] | None:
        """(PGN, [(FEN, caption)]) of a famous game or of the written model game on an idea,
        None when there is none (yet)."""
        if key is None:
            return None
        if key.startswith("line:"):
            return self.lines.get(key[5:])
        game = self.games[key]
        moments = [(fen, caption) for _ply, fen, caption in seed_games.key_positions(game)]
        return game.pgn(), moments


def plain(item: dict) -> bool:
    """A single move: used after the lines."""
    return len(item["moves"].split()) == 1


def difficulty(item: dict) -> tuple[int, int]:
    moves = len(item["moves"].split())
    return (moves, 0 if item["prompt"].endswith("material") else 1)


def exercise_entries(chosen: list[dict]) -> list[dict]:
    return [practice.served(item["exercise"], f"e{n}") for n, item in enumerate(chosen, start=1)]


def timed(duration: int, shown: list[tuple[str, str]]) -> list[dict]:
    """Key positions spread over a video: `at` in seconds, inside its duration."""
    out = []
    for n, (fen, caption) in enumerate(shown, start=1):
        at = min(duration - 1, duration * n // (len(shown) + 1))
        out.append({"at": max(0, at), "fen": fen, "caption": caption[:200]})
    return out


def topic_position(theme: str, title: str, turn: int) -> tuple[str, str]:
    positions = seed_positions.THEMES[theme]
    position = seed_positions.named_in(positions, title) or positions[turn % len(positions)]
    return position.board().fen(), position.name


def lesson_position(theme: str, title: str, turn: int) -> tuple[str, str]:
    """A lesson's key position: the diagram its title names (lesson_diagrams.json), the one its
    picture shows; a theme's position for a title without one."""
    diagram = seed_positions.LESSON_DIAGRAMS.get(title)
    if diagram is None:
        return topic_position(theme, title, turn)
    return diagram.board().fen(), diagram.name


def exercise_shown(chosen: list[dict]) -> list[tuple[str, str]]:
    return [(item["fen"], practice.exercise_caption(item["exercise"])) for item in chosen]


def put(target: dict, positions=None, pgn=None, exercises=None) -> None:
    """Adds the practice fields to a chapter, subchapter or episode (only the ones it has)."""
    if positions:
        target["positions"] = positions
    if pgn:
        target["pgn"] = pgn
    if exercises:
        target["exercises"] = exercise_entries(exercises)


# -- lessons ---------------------------------------------------------------------------------

LESSON_COUNTS = {"Practice positions": 4, "Key ideas": 2, "Typical mistakes": 2}


def attach_lessons(files: dict, pool: Practice, written: dict) -> None:
    categories = {entry["id"]: entry["name"] for entry in files["lesson-categories"]}
    for lesson in files["lessons"]:
        title = lesson["title"]
        theme = seed_positions.theme_of_topic(categories[lesson["lesson_category"]])
        # A lesson not written yet shows written exercises of its idea, else of its theme.
        selectors = [*lesson_selectors(title, theme), (CATEGORY_POOLS[theme], ())]
        taken: set[int] = set()
        chapters = lesson["chapters"]
        placed: list[tuple[dict, list[dict]]] = []
        for number, chapter in enumerate(chapters):
            name = chapter["title"]
            count = LESSON_COUNTS.get(name, 0)
            if len(chapters) == 1:
                count = 2
            shown = [lesson_position(theme, title, lesson["id"] + number)]
            if title in written:
                put_written(chapter, written[title].chapters.get(name), shown, number == 0)
                continue
            chosen = pool.pick(selectors, count, taken) if count else []
            pgn = None
            if name == "Model game":
                game = pool.game(LESSON_GAMES.get(title)) or pool.game(CATEGORY_GAMES[theme])
                if game:
                    pgn, moments = game
                    shown = moments or shown
            shown += exercise_shown(chosen)
            put(chapter, timed(chapter["duration"], shown[:5]), pgn, chosen)
            placed.append((chapter, chosen))
        if title in RISING and title not in written:
            _in_rising_order(placed)


def put_written(
    chapter: dict, written, diagram: list[tuple[str, str]], first: bool = False
) -> None:
    """A chapter's practice from its lesson's file (practice.Chapter, None when the file leaves
    the chapter out): its positions, then each exercise's start, its game, its exercises. The
    lesson's first chapter opens on the diagram its picture shows, as every lesson does."""
    shown = list(diagram) if first else []
    exercises = written.exercises if written else []
    starts = [(item.fen, practice.exercise_caption(item)) for item in exercises]
    for fen, caption in [*(written.positions if written else []), *starts]:
        if fen not in {seen for seen, _ in shown}:
            shown.append((fen, caption))
    chapter["positions"] = timed(chapter["duration"], shown or diagram)
    if written and written.game:
        chapter["pgn"] = written.game
    if exercises:
        chapter["exercises"] = [
            practice.served(exercise, f"e{n}") for n, exercise in enumerate(exercises, start=1)
        ]


# -- programs --------------------------------------------------------------------------------


def program_selectors(topic: str, title: str, chapter: str) -> tuple[list, list[str]]:
    """Exercise selectors and game keys for a program chapter."""
    if topic == "Opening Repertoire":
        pools = OPENING_POOLS
        for words, openings in REPERTOIRES:
            if words.lower() in title.lower():
                pools = openings
                break
        games = [REPERTOIRE_GAMES[pool] for pool in pools]
        selectors = [(pools, ()), (OPENING_POOLS, ())]
        if "trap" in chapter.lower():
            selectors = [(("traps",), ()), (pools, MATES), *selectors]
            games = ["legal-mate", *games]
        return selectors, games
    for pattern, selectors, games in CHAPTER_RULES:
        if re.search(pattern, chapter, re.IGNORECASE):
            return [*selectors, *PROGRAM_POOLS[topic]], [*games, *TOPIC_GAMES[topic]]
    return PROGRAM_POOLS[topic], TOPIC_GAMES[topic]


def attach_programs(files: dict, pool: Practice) -> None:
    topics = {entry["id"]: entry["name"] for entry in files["topics"]}
    programs = {program["id"]: program for program in files["programs"]}
    chapters_of: dict[int, list[dict]] = {}
    for chapter in files["program-chapters"]:
        chapters_of.setdefault(chapter["program"], []).append(chapter)
    for chapters in chapters_of.values():
        chapters.sort(key=lambda entry: entry["position"])
    order = sorted(chapters_of)
    asks = [_asks(programs[n], topics[programs[n]["topic"]], chapters_of[n]) for n in order]
    chosen = _deal(pool, asks)
    for program_id in order:
        _place(programs[program_id], topics, chapters_of[program_id], pool, chosen)


def _promises(program: dict) -> str:
    return " ".join(
        [program["description"], *(point["text"] for point in program["bullet_points"])]
    )


def _asks(program: dict, topic: str, chapters: list[dict]) -> list[tuple[int, dict, list]]:
    """(priority, part, selectors) of each of a program's parts that shows an exercise, in
    order: a part "to solve yourself", every part of a review chapter or of a program of daily
    puzzles, and the last part of a chapter otherwise without one when the program promises
    exercises in every chapter. Priority 0 for the first of each chapter of such a program (its
    promise), 1 for the others."""
    promises = _promises(program)
    every_chapter = any(words in promises for words in EXERCISE_PROMISES)
    every_part = EVERY_PART in promises
    asks: list[tuple[int, dict, list]] = []
    for chapter in chapters:
        selectors, _games = program_selectors(topic, program["title"], chapter["title"])
        all_exercises = chapter["title"].lower() in ("repertoire review", "mixed exercises")
        parts = chapter["subchapters"]
        mine = [
            part
            for part in parts
            if part["description"] == SOLVE_LINE or all_exercises or every_part
        ]
        if every_chapter and not mine:
            mine = [parts[-1]]
        asks += [
            (0 if every_chapter and n == 0 else 1, part, selectors) for n, part in enumerate(mine)
        ]
    return asks


def _deal(pool: Practice, asks: list[list[tuple[int, dict, list]]]) -> dict[int, list[dict]]:
    """One exercise for each part that asks (by the part's id()): first the parts that keep a
    program's promise of exercises in every chapter, then the others, the programs taking turns
    part by part, so that when the pools of a topic run short every program keeps its promised
    and its first parts' exercises rather than the first programs keeping all of theirs. Never
    twice in a program."""
    chosen: dict[int, list[dict]] = {}
    taken: list[set[int]] = [set() for _ in asks]
    for priority in (0, 1):
        mine = [[(part, s) for p, part, s in program if p == priority] for program in asks]
        for turn in range(max(map(len, mine), default=0)):
            for program, wanted in enumerate(mine):
                if turn < len(wanted):
                    part, selectors = wanted[turn]
                    chosen[id(part)] = pool.pick(selectors, 1, taken[program])
    return chosen


def _place(
    program: dict,
    topics: dict[int, str],
    chapters: list[dict],
    pool: Practice,
    chosen_for: dict[int, list[dict]],
) -> None:
    """Puts a program's key positions, games and the exercises dealt to its parts."""
    topic = topics[program["topic"]]
    theme = seed_positions.theme_of_topic(topic)
    promises = _promises(program)
    rising = any(words in promises for words in RISING_PROMISES)
    want_games = any(words in promises for words in GAME_PROMISES)
    game_turn = 0
    placed: list[tuple[dict, list[dict]]] = []
    for chapter in chapters:
        _selectors, games = program_selectors(topic, program["title"], chapter["title"])
        chapter_name = chapter["title"].lower()
        all_games = chapter_name.startswith("model")
        studies = chapter_name == "studies"
        parts = chapter["subchapters"]
        chapter_has_game = False
        for number, part in enumerate(parts):
            line = part["description"]
            chosen = chosen_for.get(id(part), [])
            if line == SOLVE_LINE and not chosen:  # the pools of its topic are spent
                part["description"] = POSITION_LINES[0]
            pgn, shown = None, []
            if line in GAME_LINES or all_games or (studies and number < 2):
                keys = games if not studies else ["reti-study", "saavedra-study"]
                game = pool.game(keys[(game_turn + number) % len(keys)])
                if game is None:  # a model line not made yet: another game of the topic
                    ready = (k for k in [*keys, *TOPIC_GAMES[topic]] if pool.game(k))
                    game = pool.game(next(ready, None))
                if game:
                    pgn, shown = game
                    game_turn += 1
                    chapter_has_game = True
            if not shown:
                shown = [topic_position(theme, chapter["title"], chapter["id"] + number)]
            shown = shown[:3] + exercise_shown(chosen)
            placed.append((part, chosen))
            put(part, timed(part["duration"], shown[:5]), pgn, chosen)
        if want_games and not chapter_has_game:
            game = pool.game(games[game_turn % len(games)]) or pool.game(games[0])
            if game:
                target = next((p for p in parts if "pgn" not in p), parts[0])
                pgn, moments = game
                game_turn += 1
                kept = [(p["fen"], p["caption"]) for p in target.get("positions", [])]
                target["positions"] = timed(target["duration"], (moments[:2] + kept)[:5])
                target["pgn"] = pgn
    if rising:
        _in_rising_order(placed)


def _in_rising_order(placed: list[tuple[dict, list[dict]]]) -> None:
    """Deals the program's exercises out again, easiest first, keeping each part's count."""
    pool = sorted((item for _, chosen in placed for item in chosen), key=difficulty)
    for part, chosen in placed:
        if not chosen:
            continue
        mine, pool = pool[: len(chosen)], pool[len(chosen) :]
        part["exercises"] = exercise_entries(mine)
        positions = [p for p in part.get("positions", []) if p["fen"] not in _fens(chosen)]
        shown = [(p["fen"], p["caption"]) for p in positions][:3] + exercise_shown(mine)
        part["positions"] = timed(part["duration"], shown[:5])


def _fens(chosen: list[dict]) -> set[str]:
    return {item["fen"] for item in chosen}


# -- masterclass -----------------------------------------------------------------------------


def attach_episodes(files: dict, pool: Practice) -> None:
    chapters = {entry["id"]: entry["title"] for entry in files["masterclass-chapters"]}
    taken: set[int] = set()
    for episode in files["masterclass-episodes"]:
        theme = seed_positions.theme_of_words(episode["title"], chapters[episode["chapter"]])
        selectors = EPISODE_PRACTICE.get(episode["title"])
        chosen = pool.pick(selectors, 2, taken) if selectors else []
        shown = [topic_position(theme, episode["title"], episode["id"]), *exercise_shown(chosen)]
        put(episode, timed(episode["duration"], shown), None, chosen)


def attach(files: dict, lessons_dir: Path = practice.LESSONS_DIR) -> None:
    """Adds positions, pgn and exercises to the built seed files, in place."""
    categories = {entry["id"]: entry["name"] for entry in files["lesson-categories"]}
    catalogue = {
        lesson["title"]: (lesson["slug"], [chapter["title"] for chapter in lesson["chapters"]])
        for lesson in files["lessons"]
    }
    themes = {
        lesson["title"]: seed_positions.theme_of_topic(categories[lesson["lesson_category"]])
        for lesson in files["lessons"]
    }
    written = practice.authored(lessons_dir, catalogue)
    pool = Practice(written, themes)
    attach_lessons(files, pool, written)
    attach_episodes(files, pool)  # the champion's episodes first, while every pool is full
    attach_programs(files, pool)
    drills.attach(files)
