"""Lines to drill: a subchapter's repertoire read into lines, each played as an exercise and
scheduled in the member's review from its first time through."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bff import review
from bff.app_context import app_context
from bff.cms.chess_content import Where, drill
from bff.platform.extensions import db

from ..builders import error_of
from .chess_builders import DRILL_LINES, DRILL_PGN, FREE_CHAPTER
from .test_positions import data


@pytest.fixture
def app(practice_app):
    return practice_app


@pytest.fixture
def now(app):
    moment = [datetime.now(UTC)]
    app_context(app).clock = lambda: moment[0]
    return moment


def drill_of(client, chapter_id: int, place: int = 1, headers=None) -> dict | None:
    chapter = client.get(f"/cms/program-chapters/{chapter_id}", headers=headers or {}).get_json()
    return chapter["subchapters"][place - 1].get("drill")


def play(client, headers, line_id: str, moves: list[str]):
    return client.put(f"/content/exercises/{line_id}", json={"moves": moves}, headers=headers)


def test_a_repertoire_becomes_its_lines_from_the_learners_first_move(client):
    drill = drill_of(client, FREE_CHAPTER)
    assert (drill["side"], len(drill["lines"])) == ("black", DRILL_LINES)
    main, slav, bishop = drill["lines"]
    assert [line["name"] for line in drill["lines"]] == [
        "Main line",
        "Side line 2...c6",
        "Side line 3...Be7",
    ]
    assert main["id"] == f"program_subchapter:{FREE_CHAPTER}:1:{main['key']}"
    assert main["key"].startswith("line-") and len(main["key"]) == 13
    assert main["before"] == ["d2d4"]
    assert main["fen"] == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    # Black's moves first and last: White's 4.Bg5 is there, its reply too; nothing after.
    assert main["moves"] == ["d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7"]
    assert main["comments"][:4] == [
        "Claim the centre at once",
        None,
        "The Queen's Gambit Declined",
        None,
    ]
    assert slav["moves"] == ["d7d5", "c2c4", "c7c6", "g1f3", "g8f6"]
    assert bishop["moves"] == ["d7d5", "c2c4", "e7e6", "b1c3", "f8e7"]
    # The same repertoire gives the same keys: what a member drilled stays theirs.
    assert [line["key"] for line in drill_of(client, FREE_CHAPTER)["lines"]] == [
        line["key"] for line in drill["lines"]
    ]


def test_a_drill_that_cannot_be_read_is_left_out(client):
    assert drill_of(client, FREE_CHAPTER, place=2) is None  # an illegal move
    reported = []
    where = Where("program_subchapter", "1:1", "Sidelines")
    assert drill(DRILL_PGN, "red", where, reported.append) is None
    assert [problem.reason for problem in reported] == [
        "drill: the side is 'red', not white or black"
    ]


def test_a_line_drilled_right_comes_back_later_and_wrong_comes_back_soon(client, member, app, now):
    user_id, headers = member("free")
    main, slav, _ = drill_of(client, FREE_CHAPTER)["lines"]
    right = data(play(client, headers, main["id"], main["moves"]))
    assert (right["solved"], right["failed"]) == (True, False)
    wrong = data(play(client, headers, slav["id"], ["d7d5", "c2c4", "e7e6"]))
    assert (wrong["solved"], wrong["failed"]) == (False, True)

    summary = data(client.get("/content/review", headers=headers))
    lines = {kind["kind"]: kind for kind in summary["kinds"]}["line"]
    assert (lines["due_now"], summary["items"]) == (0, [])
    now[0] += timedelta(minutes=11)
    due = data(client.get("/content/review/next?kind=line", headers=headers))
    assert (due["kind"], due["id"], due["exercise"]) == ("line", slav["id"], None)
    assert due["line"]["moves"] == slav["moves"]
    assert due["place"]["link"]["chapter_id"] == FREE_CHAPTER
    data(play(client, headers, slav["id"], slav["moves"]))  # known now: further away
    assert error_of(client.get("/content/review/next?kind=line", headers=headers), 404)
    # The line played right comes back too, days later.
    with app.app_context():
        later = review.due(db.session, user_id, now[0] + timedelta(days=60), kind=review.LINE)
    assert sorted(item.item_id for item in later) == sorted([main["id"], slav["id"]])
    assert all(item.due >= now[0] + timedelta(hours=23) for item in later)


def test_playing_a_known_line_again_before_it_is_due_changes_nothing(client, member, now):
    _, headers = member("free")
    main = drill_of(client, FREE_CHAPTER)["lines"][0]
    data(play(client, headers, main["id"], main["moves"]))
    first = data(client.get("/content/review", headers=headers))["next_due"]
    now[0] += timedelta(minutes=1)
    data(play(client, headers, main["id"], main["moves"]))
    assert data(client.get("/content/review", headers=headers))["next_due"] == first


def test_a_line_is_judged_as_an_exercise(client, member):
    _, headers = member("free")
    main = drill_of(client, FREE_CHAPTER)["lines"][0]
    refused = play(client, headers, main["id"], ["d7d5", "g1f3"])  # not the line's reply
    assert error_of(refused, 400)["code"] == "validation_failed"
    unknown = play(client, headers, f"program_subchapter:{FREE_CHAPTER}:1:line-00000000", [])
    assert error_of(unknown, 404)["code"] == "not_found"


def test_a_line_played_right_shows_as_solved_for_that_member_only(client, member):
    _, headers = member("free")
    main, slav, _ = drill_of(client, FREE_CHAPTER)["lines"]
    data(play(client, headers, main["id"], main["moves"]))
    data(play(client, headers, slav["id"], ["d7d5", "c2c4", "e7e6"]))  # wrong
    mine = drill_of(client, FREE_CHAPTER, headers=headers)["lines"]
    assert [line["solved"] for line in mine] == [True, False, False]
    _, other = member("free")
    assert not any(
        line["solved"] for line in drill_of(client, FREE_CHAPTER, headers=other)["lines"]
    )
    chapter = client.get(f"/cms/program-chapters/{FREE_CHAPTER}", headers=headers).get_json()
    assert chapter["exercises_solved"] == 0  # lines count in no total
