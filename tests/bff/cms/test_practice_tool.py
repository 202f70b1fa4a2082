"""cms-schema/tools/practice.py: a lesson file of each kind of fault is refused with a message
naming where; a sound one turns into the exercise the API serves; the engine's rules (as good,
clearly worse) on scores and through a cache; the seed takes a file's practice and stays the
same on every run; check_seed, the push and its verification handle the new fields."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import chess
import pytest

from .grown import (
    TOOLS,
    check_seed,
    practice,
    practice_engine,
    push_seed,
    seed_practice,
    verify_push,
)

TITLE = "The Lucena position"
SLUG = "the-lucena-position"
CATALOGUE = {TITLE: (SLUG, ["Introduction", "Key ideas", "Model game", "Typical mistakes"])}
ROLLER = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1"  # 1.Ra7 Kg8 2.Rb8#
GAME = """[Event "Model line"]
[Site "London"]
[Date "2024.05.01"]
[White "Model line by Anna Berg"]
[Black "Training"]
[Result "1-0"]

1. e4 {Into the centre.} e5 2. Nf3 Nc6 3. Bb5 1-0
"""


def good() -> dict:
    return {
        "lesson": TITLE,
        "chapters": {
            "Key ideas": {
                "positions": [{"fen": ROLLER, "caption": "Two rooks against a bare king"}],
                "exercises": [
                    {
                        "source": "Training position",
                        "fen": ROLLER,
                        "prompt": "White to move and mate in 2",
                        "hint": "The black king has one rank left. Which rook closes the other?",
                        "line": [
                            ["Ra7", "The seventh rank is closed: the king keeps only g8."],
                            ["Kg8"],
                            ["Rb8#", "The other rook closes the eighth rank."],
                        ],
                        "also": [
                            {"at": 0, "line": ["Rb7"], "comment": "Also good: the same roller."}
                        ],
                        "mistakes": [
                            {
                                "at": 0,
                                "line": ["Ra8+", "Kg7"],
                                "comment": "1.Ra8+? Kg7 and the king walks out.",
                            }
                        ],
                        "explanation": "Two rooks mate a king on the edge by taking turns.",
                    }
                ],
            },
            "Model game": {"game": GAME},
        },
        "no_exercise": None,
    }


def write(folder: Path, data: dict, name: str = SLUG) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def problems_of(tmp_path: Path, data: dict, name: str = SLUG) -> list[str]:
    _lesson, problems = practice.read_lesson(write(tmp_path, data, name), CATALOGUE)
    return problems


def exercise(data: dict) -> dict:
    return data["chapters"]["Key ideas"]["exercises"][0]


def test_a_sound_file_has_no_problem(tmp_path):
    assert problems_of(tmp_path, good()) == []


def _set(path: tuple, value):
    def change(data: dict) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


EX = ("chapters", "Key ideas", "exercises", 0)
BAD = {
    "unknown lesson": (_set(("lesson",), "The Lucena"), "is not a lesson title"),
    "unknown chapter": (
        _set(("chapters", "Endgame"), {"exercises": []}),
        "'Endgame' is not a chapter of",
    ),
    "missing hint": (_set((*EX, "hint"), KeyError), "exercise 1, hint: missing"),
    "missing source": (_set((*EX, "source"), KeyError), "exercise 1, source: missing"),
    "unknown field": (_set((*EX, "solution"), "Ra7"), "solution: unknown field"),
    "impossible position": (_set((*EX, "fen"), "8/8/8/8/8/8/8/8 w - - 0 1"), "impossible"),
    "illegal move": (
        _set((*EX, "line"), [["Ra7", "x"], ["Kh7"], ["Rb8#", "y"]]),
        "line[1]: Kh7 is not legal",
    ),
    "even line": (_set((*EX, "line"), [["Ra7", "x"], ["Kg8"]]), "(odd)"),
    "learner move without comment": (
        _set((*EX, "line"), [["Ra7", "x"], ["Kg8"], ["Rb8#"]]),
        "line[2]: the learner's move Rb8# needs a comment",
    ),
    "also at a reply": (
        _set((*EX, "also"), [{"at": 1, "line": ["Kh8"], "comment": "c"}]),
        "also[0].at: 1 is not a learner's move",
    ),
    "also illegal": (
        _set((*EX, "also"), [{"at": 0, "line": ["Rb9"], "comment": "c"}]),
        "also[0].line[0]: Rb9 is not legal",
    ),
    "also the line's own move": (
        _set((*EX, "also"), [{"at": 0, "line": ["Ra7"], "comment": "c"}]),
        "is the line's own move",
    ),
    "also twice": (
        _set(
            (*EX, "also"),
            [
                {"at": 0, "line": ["Rb7"], "comment": "c"},
                {"at": 0, "line": ["Rb7"], "comment": "d"},
            ],
        ),
        "also[1].line: Rb7 is given twice at 0",
    ),
    "also ending on a reply": (
        _set((*EX, "also"), [{"at": 0, "line": ["Rb7", "Kg8"], "comment": "c"}]),
        "ending on the learner's move",
    ),
    "mistake illegal at its ply": (
        _set((*EX, "mistakes"), [{"at": 2, "line": ["Rh1"], "comment": "c"}]),
        "mistakes[0].line[0]: Rh1 is not legal",
    ),
    "mistake without comment": (
        _set((*EX, "mistakes"), [{"at": 0, "line": ["Ra8+"], "comment": ""}]),
        "mistakes[0].comment: must be a non-empty text",
    ),
    "mate in the wrong number": (
        _set((*EX, "prompt"), "White to move and mate in 3"),
        "the line mates in 2 (the learner's moves), not 3",
    ),
    "a mate called a win of material": (
        _set((*EX, "prompt"), "White to move and win material"),
        "the line mates, so say 'mate in 2'",
    ),
    "a draw that mates": (
        _set((*EX, "prompt"), "White to move and draw"),
        "a line that mates is not a draw",
    ),
    "the wrong side": (_set((*EX, "prompt"), "Black to move and mate in 2"), "White to move"),
    "engine word": (
        _set((*EX, "explanation"), "Stockfish likes it."),
        "explanation: engine words ('Stockfish')",
    ),
    "a signed number": (
        _set((*EX, "explanation"), "White is winning, +3.7."),
        "explanation: engine words ('+3.7')",
    ),
    "evaluation in a comment": (
        _set((*EX, "line"), [["Ra7", "A won evaluation."], ["Kg8"], ["Rb8#", "y"]]),
        "line[0] comment: engine words ('evaluation')",
    ),
    "the hint gives the move": (
        _set((*EX, "hint"), "Play Ra7 and then mate."),
        "gives the first move Ra7 away",
    ),
    "a caption with the engine": (
        _set(("chapters", "Key ideas", "positions"), [{"fen": ROLLER, "caption": "Eval -2"}]),
        "positions[1].caption: engine words",
    ),
    "a game with question marks": (
        _set(("chapters", "Model game", "game"), GAME.replace("London", "?")),
        "game [Site]: must be filled in",
    ),
    "a game naming the engine": (
        _set(("chapters", "Model game", "game"), GAME.replace("Training", "Stockfish 15")),
        "game [Black]: engine words",
    ),
    "a game with an engine comment": (
        _set(("chapters", "Model game", "game"), GAME.replace("Into the centre.", "+0.3")),
        "game: engine words ('+0.3')",
    ),
    "an illegal game": (
        _set(("chapters", "Model game", "game"), GAME.replace("Bb5", "Bb6")),
        "game: not a playable PGN",
    ),
    "no_exercise with exercises": (
        _set(("no_exercise",), "This lesson is about the clock."),
        "no_exercise: is set, so the lesson must have no exercise",
    ),
}


@pytest.mark.parametrize("fault", sorted(BAD))
def test_a_faulty_file_is_refused_with_where_and_why(tmp_path, fault):
    change, message = BAD[fault]
    data = good()
    change(data)
    problems = problems_of(tmp_path, data)
    assert any(message in problem for problem in problems), problems
    assert all(problem.startswith(f"{SLUG}.json: ") for problem in problems)


def test_a_file_must_bear_its_lesson_s_slug_and_be_json(tmp_path):
    assert any(
        "must be named the-lucena-position.json" in p
        for p in problems_of(tmp_path, good(), "lucena")
    )
    path = tmp_path / "broken.json"
    path.write_text('{"lesson": ', encoding="utf-8")
    _lesson, problems = practice.read_lesson(path, CATALOGUE)
    assert problems and "not readable JSON" in problems[0]


def test_hints_must_differ_across_files(tmp_path):
    first = write(tmp_path, good())
    other_title = "The Philidor defence in rook endings"
    catalogue = {**CATALOGUE, other_title: ("the-philidor-defence-in-rook-endings", ["Key ideas"])}
    second_data = good()
    second_data["lesson"] = other_title
    del second_data["chapters"]["Model game"]
    second = write(tmp_path, second_data, "the-philidor-defence-in-rook-endings")
    lessons = [practice.read_lesson(path, catalogue)[0] for path in (first, second)]
    problems = practice.hint_problems(lessons)
    assert problems == [
        "the-philidor-defence-in-rook-endings.json: Key ideas, exercise 1, hint: the same hint "
        "as the-lucena-position.json: Key ideas, exercise 1"
    ]


def test_an_exercise_is_served_with_uci_moves_comments_alternatives_and_mistakes(tmp_path):
    lesson, problems = practice.read_lesson(write(tmp_path, good()), CATALOGUE)
    assert problems == []
    served = practice.served(lesson.chapters["Key ideas"].exercises[0], "e1")
    assert served == {
        "key": "e1",
        "fen": ROLLER,
        "moves": "a2a7 h8g8 b1b8",
        "prompt": "White to move and mate in 2",
        "hint": exercise(good())["hint"],
        "explanation": exercise(good())["explanation"],
        "source": "Training position",
        "comments": [
            "The seventh rank is closed: the king keeps only g8.",
            None,
            "The other rook closes the eighth rank.",
        ],
        "alternatives": [{"at": 0, "moves": "b1b7", "comment": "Also good: the same roller."}],
        "mistakes": [
            {"at": 0, "moves": "a2a8 h8g7", "comment": "1.Ra8+? Kg7 and the king walks out."}
        ],
    }
    assert check_seed.practice_problems("x", {"exercises": [served]}, 100) == []


def test_the_served_form_s_faults_are_found_by_the_seed_check():
    served = {
        "key": "e1",
        "fen": ROLLER,
        "moves": "a2a7 h8g8 b1b8",
        "comments": ["x", None],
        "alternatives": [
            {"at": 1, "moves": "h8h7", "comment": "c"},
            {"at": 0, "moves": "b1b9", "comment": "c"},
            {"at": 0, "moves": "b1b7 h8g8", "comment": "c"},
        ],
        "mistakes": [
            {"at": 0, "moves": "a2a7", "comment": "c"},
            {"at": 0, "moves": "a2a8 h8g7", "comment": "c"},
            {"at": 0, "moves": "a2a8 h8h7", "comment": "c"},
        ],
    }
    problems = check_seed.practice_problems("x", {"exercises": [served]}, 100)
    assert any("comments: one text or null per move" in p for p in problems)
    assert any("alternatives[0]: at 1 is not a learner's move" in p for p in problems)
    assert any("alternatives[1]: move 1 'b1b9' is not legal" in p for p in problems)
    assert any("alternatives[2]: 2 moves; it must end on the learner's move" in p for p in problems)
    assert any("mistakes[0]: ['a2a7'] is empty or the line's own move" in p for p in problems)
    assert any("mistakes[2]: a2a8 is given twice at move 0" in p for p in problems)


# -- the engine's rules ------------------------------------------------------------------------

S = practice_engine.Score


def test_as_good_is_a_mate_as_fast_or_the_same_outcome_within_the_margin():
    assert practice_engine.as_good(S(mate=2), S(mate=3))
    assert practice_engine.as_good(S(mate=3), S(mate=3))
    assert not practice_engine.as_good(S(mate=4), S(mate=3))
    assert not practice_engine.as_good(S(cp=900), S(mate=3))
    assert practice_engine.as_good(S(mate=9), S(cp=900))  # a mate is a won position
    assert practice_engine.as_good(S(cp=30), S(cp=50))
    assert not practice_engine.as_good(S(cp=-60), S(cp=50))
    assert not practice_engine.as_good(S(cp=280), S(cp=320))  # won -> not won
    assert practice_engine.as_good(S(cp=700), S(cp=900))  # both won, the chances close


def test_a_mistake_loses_the_mate_the_outcome_or_a_clear_share_of_the_chances():
    assert practice_engine.clearly_worse(S(cp=800), S(mate=2), mating=True)
    assert not practice_engine.clearly_worse(S(mate=5), S(mate=2), mating=True)
    assert practice_engine.clearly_worse(S(cp=0), S(cp=350), mating=False)
    assert practice_engine.clearly_worse(S(cp=-120), S(cp=20), mating=False)
    assert not practice_engine.clearly_worse(S(cp=-20), S(cp=20), mating=False)


def _cache(path: Path, depth: int, entries: dict) -> Path:
    path.write_text(
        json.dumps({"positions": {f"{fen}|{depth}": entry for fen, entry in entries.items()}}),
        encoding="utf-8",
    )
    return path


def test_the_engine_check_reads_the_cache_and_names_what_to_add(tmp_path):
    lesson, _problems = practice.read_lesson(write(tmp_path / "lessons", good()), CATALOGUE)
    item = lesson.chapters["Key ideas"].exercises[0]
    board = chess.Board(ROLLER)
    after = board.copy()
    for san in ("Ra7", "Kg8"):
        after.push_san(san)
    cache = _cache(
        tmp_path / "cache.json",
        18,
        {
            board.fen(): {
                "multipv": 5,
                "top": [
                    ["a2a7", "mate 2"],
                    ["b1b7", "mate 2"],
                    ["a2a6", "mate 2"],
                    ["b1b6", "mate 3"],
                    ["g1f2", "mate 4"],
                ],
                # The mistake only delays the mate: not clearly worse.
                "moves": {"a2a8": "mate 3"},
            },
            after.fen(): {"multipv": 5, "top": [["b1b8", "mate 1"]], "moves": {}},
        },
    )
    with practice_engine.Oracle(18, cache, use_engine=False) as oracle:
        problems = practice_engine.exercise_problems(item, oracle)
    assert len(problems) == 2, problems
    assert "line[0] Ra7: (mate in 2) moves as good that also (at 0) must list" in problems[0]
    assert problems[0].endswith("Ra6 (mate in 2)")
    assert (
        "mistakes at 0 Ra8+: not clearly worse than Ra7: mate in 3 against mate in 2"
        in (problems[1])
    )


def test_a_position_the_cache_lacks_fails_without_an_engine(tmp_path):
    lesson, _problems = practice.read_lesson(write(tmp_path / "lessons", good()), CATALOGUE)
    item = lesson.chapters["Key ideas"].exercises[0]
    with practice_engine.Oracle(18, tmp_path / "none.json", use_engine=False) as oracle:
        problems = practice_engine.exercise_problems(item, oracle)
    assert len(problems) == 1 and "is not in practice/engine-cache.json" in problems[0]


@pytest.mark.engine
def test_stockfish_judges_a_mistake_that_only_delays_the_mate_and_keeps_its_searches(
    tmp_path, stockfish
):
    lesson, _problems = practice.read_lesson(write(tmp_path / "lessons", good()), CATALOGUE)
    item = lesson.chapters["Key ideas"].exercises[0]
    cache = tmp_path / "cache.json"
    with practice_engine.Oracle(18, cache, engine_path=stockfish) as oracle:
        first = practice_engine.exercise_problems(item, oracle)
    # Rb7 mates as fast (it is in also); 1.Ra8+ still mates, only later: not a clear mistake.
    assert len(first) == 1 and "mistakes at 0 Ra8+: not clearly worse" in first[0], first
    with practice_engine.Oracle(18, cache, use_engine=False) as oracle:
        assert practice_engine.exercise_problems(item, oracle) == first


# -- the seed ----------------------------------------------------------------------------------


def _bare_files() -> dict:
    """The seed's files as the generator builds them, before any practice is put on them."""
    import generate_seed

    files = generate_seed.build().files
    items = [chapter for lesson in files["lessons"] for chapter in lesson["chapters"]]
    items += [part for chapter in files["program-chapters"] for part in chapter["subchapters"]]
    items += files["masterclass-episodes"]
    for item in items:
        for field in ("positions", "pgn", "exercises"):
            item.pop(field, None)
    return files


def test_the_seed_takes_a_lesson_s_practice_from_its_file_and_leaves_the_rest(tmp_path):
    bare = _bare_files()
    without, with_file = copy.deepcopy(bare), copy.deepcopy(bare)
    (tmp_path / "none").mkdir()
    seed_practice.attach(without, lessons_dir=tmp_path / "none")
    write(tmp_path / "lessons", good())
    seed_practice.attach(with_file, lessons_dir=tmp_path / "lessons")
    lucena = next(lesson for lesson in with_file["lessons"] if lesson["title"] == TITLE)
    chapters = {chapter["title"]: chapter for chapter in lucena["chapters"]}
    key_ideas = chapters["Key ideas"]
    assert [item["key"] for item in key_ideas["exercises"]] == ["e1"]
    assert key_ideas["exercises"][0]["source"] == "Training position"
    assert [p["caption"] for p in key_ideas["positions"]] == ["Two rooks against a bare king"]
    assert chapters["Model game"]["pgn"] == GAME
    assert "exercises" not in chapters["Typical mistakes"]  # left out of the file
    assert "exercises" not in chapters["Model game"]

    def placed(files: dict) -> set[tuple[str, str]]:
        items = [chapter for lesson in files["lessons"] for chapter in lesson["chapters"]]
        items += [part for chapter in files["program-chapters"] for part in chapter["subchapters"]]
        items += files["masterclass-episodes"]
        return {(e["fen"], e["moves"]) for item in items for e in item.get("exercises", [])}

    # No exercise is made up: with no lesson written there is none anywhere, and with one its
    # exercises are the only ones, placed also where its topic is practised.
    assert placed(without) == set()
    assert placed(with_file) == {(e["fen"], e["moves"]) for e in key_ideas["exercises"]}
    again = copy.deepcopy(bare)
    seed_practice.attach(again, lessons_dir=tmp_path / "lessons")
    assert again == with_file


def test_an_exercise_s_start_is_a_key_position_captioned_with_its_source_and_task(tmp_path):
    data = good()
    data["chapters"]["Key ideas"]["positions"] = []
    lesson, _problems = practice.read_lesson(write(tmp_path, data), CATALOGUE)
    chapter = {"title": "Key ideas", "duration": 300}
    seed_practice.put_written(chapter, lesson.chapters["Key ideas"], [("x", "diagram")])
    assert chapter["positions"] == [
        {"at": 150, "fen": ROLLER, "caption": "Training position: White to move and mate in 2"}
    ]
    opening = {"title": "Introduction", "duration": 300}
    seed_practice.put_written(
        opening,
        lesson.chapters["Key ideas"],
        [("8/8/8/8/8/8/8/K1k5 w - - 0 1", "The diagram")],
        True,
    )
    assert [p["caption"] for p in opening["positions"]] == [
        "The diagram",
        "Training position: White to move and mate in 2",
    ]
    empty = {"title": "Introduction", "duration": 300}
    seed_practice.put_written(empty, None, [(ROLLER, "The diagram")])
    assert empty == {
        "title": "Introduction",
        "duration": 300,
        "positions": [{"at": 150, "fen": ROLLER, "caption": "The diagram"}],
    }


def test_a_file_with_problems_is_left_out_of_the_seed_and_said(tmp_path, capsys):
    data = good()
    exercise(data)["line"] = [["Ra7", "x"], ["Kg8"]]
    write(tmp_path, data)
    assert practice.authored(tmp_path, CATALOGUE) == {}
    assert "the-lucena-position.json left out, 2 problem(s)" in capsys.readouterr().err


# -- the push and its verification ---------------------------------------------------------------


def test_the_push_sends_an_exercise_s_json_fields_and_refuses_what_json_cannot_hold():
    model = push_seed.Model(TOOLS.parent / "src")
    pusher = push_seed.Pusher(object(), model, TOOLS.parent / "seed", log=lambda line: None)
    item = {
        "key": "e1",
        "fen": ROLLER,
        "moves": "a2a7 h8g8 b1b8",
        "source": "Training position",
        "comments": ["a", None, "b"],
        "alternatives": [{"at": 0, "moves": "b1b7", "comment": "c"}],
        "mistakes": [],
    }
    assert pusher.component_value("learning.exercise", item) == item
    with pytest.raises(push_seed.PushError, match="learning.exercise.comments"):
        pusher.component_value("learning.exercise", {**item, "comments": [float("nan")]})


def test_the_verification_compares_json_fields_whatever_the_key_order():
    model = push_seed.Model(TOOLS.parent / "src")
    attributes = model.components["learning.exercise"]["attributes"]
    seed = {"key": "e1", "moves": "a2a7", "mistakes": [{"at": 0, "moves": "b1b7", "comment": "c"}]}
    served = {
        "key": "e1",
        "moves": "a2a7",
        "mistakes": [{"comment": "c", "moves": "b1b7", "at": 0}],
    }
    problems: list[str] = []
    verify_push.compare("x", attributes, seed, served, model, problems)
    assert problems == []
    verify_push.compare("x", attributes, seed, {**served, "mistakes": "[]"}, model, problems)
    verify_push.compare(
        "y", attributes, seed, {**served, "alternatives": [{"at": 0}]}, model, problems
    )
    assert [p.split(":")[0] for p in problems] == ["x.mistakes", "y.alternatives"]


class StandInOracle:
    """The best move's score for the side to move, as a search would give it."""

    def __init__(self, score: practice_engine.Score):
        self.score = score

    def top(self, board, multipv):
        return [(next(iter(board.legal_moves)), self.score)]


MIDDLEGAME = "r1bq1rk1/pp3ppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w - - 0 11"


@pytest.mark.parametrize(
    ("caption", "score", "found"),
    [
        ("White to move and win", S(cp=600), []),
        (
            "White to move and win",
            S(cp=40),
            ["'White to move and win', but the position is not won (+0.4)"],
        ),
        ("Black to move and win", S(cp=600), ["'Black to move and win', but White is to move"]),
        (
            "White to move and hold the position",
            S(cp=-700),
            ["'White to move and hold', but the position is lost (-7.0)"],
        ),
        ("The isolated pawn on d4: both sides' plans", S(cp=30), []),
        (
            "The isolated pawn on d4: both sides' plans",
            S(cp=-650),
            [
                "a middlegame Black has already won (-6.5 for the side to move), and the caption"
                " does not say so"
            ],
        ),
        ("The isolated pawn falls and Black wins", S(cp=-650), []),
    ],
)
def test_a_key_position_is_what_its_caption_says(caption, score, found):
    assert practice_engine.position_problems(MIDDLEGAME, caption, StandInOracle(score)) == found


def test_a_decided_ending_or_a_finished_game_needs_no_word_of_it():
    ending = "8/8/8/4k3/8/8/4P3/4K2R w K - 0 1"
    assert (
        practice_engine.position_problems(ending, "The extra rook", StandInOracle(S(cp=900))) == []
    )
    mated = "6rk/5Npp/8/8/8/8/6PP/6K1 b - - 0 1"
    assert practice_engine.position_problems(mated, "Smothered mate", StandInOracle(S(cp=0))) == []
