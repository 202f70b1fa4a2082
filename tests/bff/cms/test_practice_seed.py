"""The lessons whose practice is written by hand (cms-schema/tools/practice/lessons), as the seed
serves them: every file is in the seed as it is written, their exercises meet the targets a
strong player set (long lines, no free captures, their own hints, a teacher's words, prompts
true to their lines), and Stockfish's verdicts, kept in the engine cache, find nothing. The whole
seed (programs and masterclass episodes place the written exercises of their topic) is held to
the same targets."""

from __future__ import annotations

import pytest

from bff.platform.config import SEED_PATH

from .grown import practice, practice_figures

ONE_MOVE_AT_MOST = 0.35
FREE_CAPTURE_AT_MOST = 0.05
DISTINCT_HINTS_AT_LEAST = 0.90
DISTINCT_EXERCISES_AT_LEAST = 300  # served to a Pro member across the whole seed
ITEMS_AN_EXERCISE_IS_ON_AT_MOST = 2


@pytest.fixture(scope="module")
def written() -> dict:
    lessons = practice.authored(practice.LESSONS_DIR, practice.catalogue(SEED_PATH))
    if not lessons:
        pytest.skip("no lesson has its practice written by hand yet")
    return lessons


@pytest.fixture(scope="module")
def seed_lessons() -> dict:
    import json

    lessons = json.loads((SEED_PATH / "lessons.json").read_text(encoding="utf-8"))
    return {lesson["title"]: lesson for lesson in lessons}


def test_every_lesson_file_passes_its_checks_of_form(written):
    assert sorted(lesson.path.name for lesson in written.values()) == [
        path.name for path in practice.lesson_files()
    ], "a file with problems is left out of the seed: run practice.py check"


def test_the_seed_serves_each_file_as_it_is_written(written, seed_lessons):
    for title, lesson in written.items():
        for chapter in seed_lessons[title]["chapters"]:
            mine = lesson.chapters.get(chapter["title"])
            exercises = mine.exercises if mine else []
            expected = [practice.served(item, f"e{n}") for n, item in enumerate(exercises, 1)]
            where = f"{title} / {chapter['title']}: regenerate the seed (generate_seed.py)"
            assert chapter.get("exercises", []) == expected, where
            assert chapter.get("pgn") == (mine.game if mine else None), where
            fens = [position["fen"] for position in chapter.get("positions", [])]
            assert {item.fen for item in exercises} <= set(fens), where


@pytest.mark.parametrize("whole", [False, True], ids=["written lessons", "whole seed"])
def test_the_seed_meets_the_targets(written, whole):
    items = practice_figures.seed_items(SEED_PATH, None if whole else set(written))
    figures = practice_figures.figures(items)
    report = "\n".join(figures.lines("the whole seed" if whole else "lessons with a file"))
    assert figures.exercises > 0
    assert figures.share(figures.one_move) <= ONE_MOVE_AT_MOST, report
    assert figures.share(figures.free_capture) <= FREE_CAPTURE_AT_MOST, report
    assert figures.share(figures.distinct_hints) >= DISTINCT_HINTS_AT_LEAST, report
    assert figures.engine_words == [], report
    assert figures.bad_games == [], report
    assert figures.prompt_problems == [], report
    assert figures.most_placed <= ITEMS_AN_EXERCISE_IS_ON_AT_MOST, report
    if whole:
        assert figures.distinct >= DISTINCT_EXERCISES_AT_LEAST, report


def test_stockfish_s_verdicts_kept_in_the_cache_find_nothing(written):
    paths = [lesson.path for lesson in written.values()]
    problems = practice.check(paths, engine=True, depth=18, search=False)
    assert problems == [], "\n".join(problems[:30])
