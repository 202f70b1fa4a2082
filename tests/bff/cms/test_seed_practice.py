"""The seed's practice is true: every exercise is legal and, by Stockfish, has one best first
move; every text that promises practice has it; famous games are the real games; lessons carry
levels their topic allows; the push sends and the verification reads the nested components.

Every exercise is written by hand (it names its source) and held to practice.py's rules, its
Stockfish verdicts included (test_practice_seed.py). The engine test here needs Debian's
stockfish (scripts/install-system-deps installs it): it holds chess_checks.check_line, the
puzzles' check, to what it must refuse."""

from __future__ import annotations

import json
from collections import Counter

import chess
import pytest

from bff.platform.config import SEED_PATH

from .grown import (
    SCHEMA,
    TOOLS,
    check_seed,
    chess_checks,
    practice,
    practice_topics,
    push_seed,
    seed_games,
    verify_push,
)


def load(name: str):
    return json.loads((SEED_PATH / f"{name}.json").read_text(encoding="utf-8"))


def seed_by_uid() -> dict:
    index = json.loads((SEED_PATH / "index.json").read_text(encoding="utf-8"))
    return {item["uid"]: load(item["file"][:-5]) for item in index["content_types"]}


def practice_items() -> list[tuple[str, str, dict]]:
    """(where, free|pro, item) of every lesson chapter, program subchapter and episode."""
    programs = {program["id"]: program for program in load("programs")}
    out = []
    for lesson in load("lessons"):
        for n, chapter in enumerate(lesson["chapters"]):
            out.append(
                (f"lesson {lesson['id']} chapter {n}", lesson["subscription_level"], chapter)
            )
    for chapter in load("program-chapters"):
        level = programs[chapter["program"]]["subscription_level"]
        for n, part in enumerate(chapter["subchapters"]):
            out.append((f"program chapter {chapter['id']} part {n}", level, part))
    for episode in load("masterclass-episodes"):
        out.append((f"episode {episode['id']}", episode["subscription_level"], episode))
    return out


def unique_exercises(made_only: bool = False) -> list[tuple[str, str]]:
    """(FEN, moves) of the exercises; with made_only, of those with no source (none: every
    exercise is written by hand and names where it comes from)."""
    found = {
        (exercise["fen"], exercise["moves"])
        for _where, _level, item in practice_items()
        for exercise in item.get("exercises", [])
        if not (made_only and exercise.get("source"))
    }
    return sorted(found)


# -- counts and legality -----------------------------------------------------------------------


def test_at_least_300_exercises_across_40_free_and_pro_items_all_written_by_hand():
    # Every exercise comes from a lesson written by hand (it names its source); the programs and
    # episodes place the written ones of their topic, so one exercise can stand in two places.
    items = [(level, item) for _where, level, item in practice_items() if item.get("exercises")]
    assert unique_exercises(made_only=True) == []
    assert len(unique_exercises()) >= 120
    assert sum(len(item["exercises"]) for _level, item in items) >= 300
    assert len(items) >= 40
    levels = Counter(level for level, _item in items)
    assert levels["free"] >= 10 and levels["pro"] >= 10


def test_every_position_move_and_game_in_the_seed_is_legal():
    assert check_seed.chess_problems(seed_by_uid()) == []


def test_exercises_have_a_task_a_hint_and_an_explanation_and_keys_e1_e2():
    for where, _level, item in practice_items():
        for n, exercise in enumerate(item.get("exercises", []), start=1):
            assert exercise["key"] == f"e{n}", where
            assert " to move and " in exercise["prompt"], where
            assert exercise["hint"] and exercise["explanation"], where
            board = chess.Board(exercise["fen"])
            first = board.san(chess.Move.from_uci(exercise["moves"].split()[0]))
            assert first not in exercise["hint"], f"{where}: the hint gives the move away"


def test_key_positions_fall_inside_their_videos():
    for where, _level, item in practice_items():
        times = [position["at"] for position in item.get("positions", [])]
        assert all(0 <= at < item["duration"] for at in times), where
        assert times == sorted(times), where


def test_the_check_finds_illegal_chess():
    chapter = {
        "duration": 300,
        "positions": [{"at": 400, "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "caption": "x"}],
        "pgn": '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n',
        "exercises": [
            {"key": "e1", "fen": chess.STARTING_FEN, "moves": "e2e4 e7e5"},
            {"key": "e1", "fen": chess.STARTING_FEN, "moves": "e2e5"},
        ],
    }
    problems = check_seed.practice_problems("x", chapter, 300)
    assert any("outside the video" in p for p in problems)
    assert any("impossible position" in p for p in problems)
    assert any("pgn" in p for p in problems)
    assert any("must be odd" in p for p in problems)
    assert any("not a unique" in p for p in problems)
    assert any("'e2e5' is not legal" in p for p in problems)


# -- levels --------------------------------------------------------------------------------------


def test_every_lesson_level_lies_in_its_topic_range():
    assert check_seed.level_problems(seed_by_uid()) == []
    levels = {level["id"]: level["value"] for level in load("difficulty-levels")}
    titles = {lesson["title"]: levels[lesson["difficulty_level"]] for lesson in load("lessons")}
    assert titles["Checks, captures and threats"] in ("beginner", "casual")
    assert titles["The double attack"] in ("beginner", "casual")
    assert titles["Overloaded defenders"] != "master"
    assert titles["The Lucena position"] != "beginner"
    assert titles["Candidate moves"] != "beginner"
    categories = {entry["id"]: entry["name"] for entry in load("lesson-categories")}
    philidor = next(lesson for lesson in load("lessons") if "Philidor" in lesson["title"])
    assert categories[philidor["lesson_category"]] == "Endgames"
    assert "rook endings" in philidor["title"], "the endgame, not the opening, by its title"


def test_the_level_check_names_a_lesson_outside_its_range():
    seed = seed_by_uid()
    lesson = seed["api::lesson.lesson"][0]
    ranges = {lesson["title"]: ("master", "master")}
    master = next(
        level["id"]
        for level in seed["api::difficulty-level.difficulty-level"]
        if level["value"] == "master"
    )
    problems = check_seed.level_problems(seed, ranges)
    if lesson["difficulty_level"] == master:
        assert problems == []
    else:
        assert len(problems) == 1 and lesson["title"] in problems[0]


# -- promises ------------------------------------------------------------------------------------


def test_lesson_chapters_that_promise_practice_or_a_game_have_it():
    # A lesson whose topic no position shows (its file says so in no_exercise) has none; a
    # chapter a lesson's file leaves out has nothing rather than made-up practice, until it is
    # written (the files' gaps are listed by `practice_figures.py`).
    written = practice.authored(practice.LESSONS_DIR, practice.catalogue(SEED_PATH))
    without = {title for title, lesson in written.items() if lesson.no_exercise}
    for lesson in load("lessons"):
        if lesson["title"] in without:
            continue
        file = written.get(lesson["title"])
        left_out = {
            c["title"] for c in lesson["chapters"] if file and c["title"] not in file.chapters
        }
        for chapter in lesson["chapters"]:
            if chapter["title"] in left_out:
                continue
            if chapter["title"] == "Practice positions":
                assert len(chapter.get("exercises", [])) >= 3, lesson["title"]
            if chapter["title"] == "Model game":
                assert chapter.get("pgn"), lesson["title"]
        assert any(chapter.get("exercises") for chapter in lesson["chapters"]), lesson["title"]


def test_program_parts_that_promise_practice_or_a_game_have_it():
    programs = {program["id"]: program for program in load("programs")}
    chapters_of: dict[int, list[dict]] = {}
    for chapter in load("program-chapters"):
        chapters_of.setdefault(chapter["program"], []).append(chapter)
        for part in chapter["subchapters"]:
            if part["description"] == practice_topics.SOLVE_LINE:
                assert part.get("exercises"), part["title"]
            if part["description"] in practice_topics.GAME_LINES:
                assert part.get("pgn"), part["title"]
            if chapter["title"].startswith("Model"):
                assert part.get("pgn"), part["title"]
    for program_id, chapters in chapters_of.items():
        program = programs[program_id]
        promises = " ".join(
            [program["description"], *(p["text"] for p in program["bullet_points"])]
        )
        if any(words in promises for words in practice_topics.EXERCISE_PROMISES):
            for chapter in chapters:
                assert any(p.get("exercises") for p in chapter["subchapters"]), (
                    program["title"],
                    chapter["title"],
                )


def test_no_text_promises_hundreds_of_positions_or_blindfold_drills():
    words = json.dumps([load("programs"), load("lessons")]).lower()
    assert "hundreds of positions" not in words
    assert "blindfold exercises" not in words
    assert "twenty classic games" not in words


# -- games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", seed_games.GAMES, ids=lambda game: game.key)
def test_famous_games_are_legal_and_end_where_the_real_game_ended(game):
    parsed = seed_games.load(game)
    assert parsed.headers["White"] and parsed.headers["Black"] and parsed.headers["Date"]
    assert parsed.headers["Result"] == game.headers["Result"]


def test_the_best_known_endings_are_the_real_ones():
    games = {game.key: seed_games.load(game) for game in seed_games.GAMES}
    last = {key: game.end().board().peek() for key, game in games.items()}
    board = {key: game.end().board() for key, game in games.items()}
    assert games["opera-game"].end().parent.board().san(last["opera-game"]) == "Rd8#"
    assert games["immortal-game"].end().parent.board().san(last["immortal-game"]) == "Be7#"
    assert games["evergreen-game"].end().parent.board().san(last["evergreen-game"]) == "Bxe7#"
    assert (
        games["game-of-the-century"].end().parent.board().san(last["game-of-the-century"]) == "Rc2#"
    )
    assert board["kasparov-topalov"].fullmove_number == 44
    assert board["deep-blue-kasparov"].fullmove_number == 19
    assert board["fischer-spassky-6"].fullmove_number == 41


def test_model_games_in_the_seed_are_the_famous_games_unchanged():
    texts = {game.pgn() for game in seed_games.GAMES}
    # Games written in a lesson's practice file are checked by practice.py (test_practice_seed).
    written = practice.authored(practice.LESSONS_DIR, practice.catalogue(SEED_PATH))
    texts |= {c.game for lesson in written.values() for c in lesson.chapters.values() if c.game}
    for where, _level, item in practice_items():
        pgn = item.get("pgn")
        if pgn and "Model line" not in pgn:
            assert pgn in texts, where


# -- push and verification -----------------------------------------------------------------------


def test_the_push_sends_positions_and_exercises_inside_chapters():
    model = push_seed.Model(SCHEMA)
    pusher = push_seed.Pusher(object(), model, SEED_PATH, log=lambda line: None)
    lesson = next(
        lesson
        for lesson in load("lessons")
        if any(chapter.get("exercises") for chapter in lesson["chapters"])
    )
    spec = model.attributes("api::lesson.lesson")["chapters"]
    sent = next(
        chapter
        for chapter in pusher.component_field(spec, lesson["chapters"])
        if chapter.get("exercises")
    )
    assert set(sent["exercises"][0]) >= {"key", "fen", "moves", "prompt", "hint", "explanation"}
    assert all({"at", "fen", "caption"} <= set(p) for p in sent["positions"])


def test_the_verification_reads_components_inside_components():
    model = push_seed.Model(SCHEMA)
    lesson = verify_push.populate_params(model, model.attributes("api::lesson.lesson"))
    assert "populate[chapters][populate][positions]=true" in lesson
    assert "populate[chapters][populate][exercises]=true" in lesson
    episode = verify_push.populate_params(
        model, model.attributes("api::masterclass-episode.masterclass-episode")
    )
    assert "populate[exercises]=true" in episode and "populate[positions]=true" in episode


# -- the engine ----------------------------------------------------------------------------------


@pytest.mark.engine
def test_the_engine_check_rejects_a_move_that_is_not_the_only_one(stockfish):
    engine = chess_checks.open_engine()
    try:
        # The opening position: 1.e4 is not "clearly better" than 1.d4.
        assert chess_checks.check_line(engine, chess.STARTING_FEN, ["e2e4"])
        # A back-rank mate in one is the unique solution.
        back_rank = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
        assert chess_checks.check_line(engine, back_rank, ["d1d8"]) == []
        # An even line is refused before any search.
        assert "odd" in chess_checks.check_line(engine, chess.STARTING_FEN, ["e2e4", "e7e5"])[0]
    finally:
        engine.quit()


def test_tools_folder_is_the_one_the_tests_read():
    assert (TOOLS / "seed_practice.py").exists()
