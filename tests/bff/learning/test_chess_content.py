"""Key positions, model games and exercises checked when read: parsed, judged, dropped, listed."""

from __future__ import annotations

import logging

import pytest

from bff.app_context import app_context
from bff.cms.chess_content import Where, game, line_of
from bff.cms.populate import LESSON, PROGRAM_CHAPTER
from bff.cms.upstream.strapi import populate_params
from bff.rules import NotPlayable, Verdict, judge

from .chess_builders import (
    BACK_RANK,
    FORK,
    FREE_CHAPTER,
    FREE_E1,
    FREE_EPISODE,
    FREE_LESSON,
    START,
)


@pytest.fixture
def app(practice_app):
    return practice_app


def test_a_line_must_be_legal_and_odd():
    assert line_of(FORK, "h5f7")[1] == ["h5f7"]
    assert line_of(START, "e2e4 e7e5 g1f3")[1] == ["e2e4", "e7e5", "g1f3"]
    assert "odd" in line_of(START, "e2e4 e7e5")
    assert "not legal" in line_of(START, "e2e5")
    assert "illegal FEN" in line_of("8/8/8/8/8/8/8/8 w - - 0 1", "e2e4")
    assert line_of(START, "") == "no moves"


def test_a_pgn_becomes_a_tree_of_moves_with_comments_and_variations():
    pgn = '[White "A"]\n[Black "B"]\n\n{Start} 1. e4 {Centre} e5 (1... c5 2. Nf3) 2. Nf3 *'
    parsed = game(pgn, Where("lesson_chapter", "1:1", "x"), lambda problem: None)
    assert parsed["headers"]["White"] == "A"
    assert parsed["fen"] == START
    assert parsed["comment"] == "Start"
    first, reply, third = parsed["moves"]
    assert (first["uci"], first["san"], first["comment"]) == ("e2e4", "e4", "Centre")
    assert first["variations"] == []
    assert reply["uci"] == "e7e5"
    assert [[move["san"] for move in line] for line in reply["variations"]] == [["c5", "Nf3"]]
    assert third["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/")


def test_a_games_unknown_headers_are_not_served():
    pgn = '[Event "Casual game"]\n[Date "????.??.??"]\n[Round "-"]\n\n1. e4 e5 *'
    found = game(pgn, Where("lesson_chapter", "1:1", None), lambda problem: None)
    # Site, White and Black were left out (python-chess says "?"), the date is unknown.
    assert found["headers"] == {"Event": "Casual game", "Round": "-", "Result": "*"}


def test_an_unreadable_pgn_is_reported_and_gives_no_game():
    found = []
    where = Where("lesson_chapter", "1:1", "x")
    assert game("1. e4 e5 2. Ke3 Ke7 3. Qxh8 *", where, found.append) is None
    assert "cannot be read" in found[0].reason


def test_the_learner_must_play_the_line_but_any_mate_ends_it():
    assert judge(FORK, ["h5f7"], ["h5f7"]).solved
    assert judge(BACK_RANK, ["a1a8"], ["b1b8"]).solved  # the other rook mates too
    wrong = judge(BACK_RANK, ["a1a8"], ["a1a7"])
    assert (wrong.solved, wrong.failed) == (False, True)
    assert judge(START, ["e2e4", "e7e5", "g1f3"], ["e2e4", "e7e5"]) == Verdict(False, False)
    assert judge(START, ["e2e4", "e7e5", "g1f3"], ["d2d4"]).failed
    with pytest.raises(NotPlayable):
        judge(START, ["e2e4", "e7e5", "g1f3"], ["e2e4", "d7d5"])  # not the line's reply
    with pytest.raises(NotPlayable):
        judge(START, ["e2e4", "e7e5", "g1f3"], ["e2e5"])


def test_nested_components_are_populated_from_strapi():
    params = dict(populate_params(LESSON))
    assert params["populate[chapters][populate][exercises]"] == "true"
    assert params["populate[chapters][populate][positions]"] == "true"
    params = dict(populate_params(PROGRAM_CHAPTER))
    assert params["populate[subchapters][populate][exercises]"] == "true"
    assert (
        params["populate[program][populate][chapters][populate][subchapters][populate][exercises]"]
        == "true"
    )


def test_a_lesson_carries_its_positions_game_and_legal_exercises(client, member):
    lesson = client.get(f"/cms/lessons/{FREE_LESSON}").get_json()
    chapter = lesson["chapters"][0]
    assert chapter["positions"] == [{"at": 30, "fen": FORK, "caption": "The fork"}]
    assert chapter["pgn"].startswith('[Event "A model game"]')
    assert chapter["game"]["headers"]["Date"] == "1858.??.??"
    assert [move["san"] for move in chapter["game"]["moves"]] == ["e4", "e5", "Nf3", "Nc6", "Bc4"]
    assert [exercise["key"] for exercise in chapter["exercises"]] == ["e1", "e2"]
    assert chapter["exercises"][0] == {
        "id": FREE_E1,
        "key": "e1",
        "fen": FORK,
        "prompt": "White to play and win",
        "source": None,
        "hint": "Look at f7",
        "explanation": "The queen takes on f7 with mate",
        "moves": ["h5f7"],
        "comments": [None],
        "alternatives": [],
        "mistakes": [],
        "solved": False,
    }
    line = chapter["exercises"][1]
    assert line["source"] == "Training position"
    assert line["comments"] == ["Take the centre", None, "Develop towards it"]
    assert line["alternatives"] == [
        {"at": 0, "moves": ["d2d4", "d7d5", "c2c4"], "comment": "The queen's pawn is as good"},
        {"at": 2, "moves": ["b1c3"], "comment": "Also good: the other knight"},
    ]
    assert line["mistakes"] == [{"at": 0, "moves": ["f2f3", "e7e5"], "comment": "Weakens the king"}]
    assert lesson["chapters"][2]["positions"] == [] and lesson["chapters"][2]["game"] is None


def test_subchapters_and_episodes_carry_them_too(client):
    chapter = client.get(f"/cms/program-chapters/{FREE_CHAPTER}").get_json()
    sub = chapter["subchapters"][0]
    assert sub["exercises"][0]["id"] == f"program_subchapter:{FREE_CHAPTER}:1:e1"
    assert sub["game"]["moves"][0]["uci"] == "e2e4"
    assert chapter["exercises_total"] == 2
    episode = client.get(f"/cms/masterclass_episodes/{FREE_EPISODE}").get_json()
    assert episode["exercises"][0]["id"] == f"masterclass_episode:{FREE_EPISODE}:e1"
    assert len(episode["positions"]) == 1


def test_what_is_dropped_is_logged_once_per_content_not_per_request(client, app, caplog):
    with caplog.at_level(logging.WARNING, logger="bff.cms.chess_content"):
        for _ in range(3):
            client.get(f"/cms/lessons/{FREE_LESSON}")
        app_context(app).catalogue.cache.purge({"lessons"})
        client.get(f"/cms/lessons/{FREE_LESSON}")
    dropped = [
        r.getMessage()
        for r in caplog.records
        if f"lesson_chapter {FREE_LESSON}:1" in r.getMessage()
    ]
    # A position, three exercises, a key used twice, five alternatives and a mistake: once each.
    assert len(dropped) == 11
    assert any("bad-move" in message and "not legal" in message for message in dropped)
    branches = sorted(m.split("exercise e2: ")[1] for m in dropped if "exercise e2: " in m)
    assert branches == [
        "alternative 3: at 1 is not one of the learner's moves (0, 2, 4... below 3)",
        "alternative 4: an alternative ends with the learner's move, so it has an odd number"
        " of moves",
        "alternative 5: e2e4 is the line's own move",
        "alternative 6: move 1 'e1e3' is not legal in"
        " 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'",
        "alternative 7: b1c3 is given twice at move 2",
        "mistake 2: at 4 is not one of the learner's moves (0, 2, 4... below 3)",
    ]


def test_check_chess_lists_every_entry_to_fix(app):
    result = app.test_cli_runner().invoke(args=["cms", "check-chess"])
    assert result.exit_code == 1
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [row[:4] for row in rows if row[3] == "even"][0] == [
        "lesson_chapter",
        f"{FREE_LESSON}:1",
        "Introduction",
        "even",
    ]
    kinds = {row[0] for row in rows}
    assert kinds == {"lesson_chapter", "program_subchapter", "masterclass_episode"}
    assert any(row[3] == "bad-fen" and "illegal FEN" in row[4] for row in rows)


def test_check_chess_passes_on_the_seed(make_app):
    result = make_app().test_cli_runner().invoke(args=["cms", "check-chess"])
    assert result.exit_code == 0, result.output
