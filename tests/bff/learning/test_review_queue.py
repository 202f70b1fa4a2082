"""/content/review: one queue of what a member failed or gave up, puzzles and exercises."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bff.accounts.models import User
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import error_of
from ..puzzles.builders import add_puzzle
from .chess_builders import FREE_E1, FREE_E2, FREE_LESSON, PRO_E1
from .test_positions import data


@pytest.fixture
def app(practice_app):
    return practice_app


@pytest.fixture
def now(app):
    """The application's clock, moved by the test (within the access token's life)."""
    moment = [datetime.now(UTC)]
    app_context(app).clock = lambda: moment[0]
    return moment


def fail_exercise(client, headers, exercise_id: str, moves: list[str]) -> None:
    answer = client.put(
        f"/content/exercises/{exercise_id}", json={"moves": moves, "gave_up": True}, headers=headers
    )
    assert data(answer)["failed"] is True


def fail_puzzle(client, headers) -> str:
    puzzle = data(client.get("/content/puzzles/next", headers=headers))
    failed = client.post(
        f"/content/puzzles/{puzzle['id']}/attempts",
        json={"attempt_id": "review-queue-1", "moves": [], "solved": False, "seconds": 5},
        headers=headers,
    )
    assert data(failed)["solved"] is False
    return str(puzzle["id"])


def test_the_review_counts_every_kind_and_serves_the_one_due_first(client, member, app, now):
    add_puzzle(app, rating=1500)
    add_puzzle(app, rating=1500)  # one is the day's puzzle, which 'next' leaves out
    _, headers = member("free")
    empty = data(client.get("/content/review", headers=headers))
    assert (empty["due_now"], empty["due_today"], empty["next_due"], empty["items"]) == (
        0,
        0,
        None,
        [],
    )
    assert [kind["kind"] for kind in empty["kinds"]] == ["puzzle", "exercise", "line"]
    assert error_of(client.get("/content/review/next", headers=headers), 404)["code"] == (
        "not_found"
    )

    fail_exercise(client, headers, FREE_E2, ["e2e4", "e7e5"])
    now[0] += timedelta(seconds=30)
    puzzle_id = fail_puzzle(client, headers)
    waiting = data(client.get("/content/review", headers=headers))
    assert (waiting["due_now"], waiting["due_today"] >= 0) == (0, True)
    assert waiting["next_due"] is not None

    now[0] += timedelta(minutes=11)
    due = data(client.get("/content/review", headers=headers))
    assert [(item["kind"], item["id"]) for item in due["items"]] == [
        ("exercise", FREE_E2),
        ("puzzle", puzzle_id),
    ]
    assert {kind["kind"]: kind["due_now"] for kind in due["kinds"]} == {
        "puzzle": 1,
        "exercise": 1,
        "line": 0,
    }
    assert due["due_now"] == 2

    first = data(client.get("/content/review/next", headers=headers))
    assert (first["kind"], first["id"], first["puzzle"]) == ("exercise", FREE_E2, None)
    assert first["exercise"]["moves"] == ["e2e4", "e7e5", "g1f3"]
    assert first["exercise"]["comments"][0] == "Take the centre"
    assert first["place"]["link"] == {"lesson_id": FREE_LESSON, "chapter": 1}
    puzzle = data(client.get("/content/review/next?kind=puzzle", headers=headers))
    assert (puzzle["kind"], puzzle["puzzle"]["id"], puzzle["exercise"]) == (
        "puzzle",
        puzzle_id,
        None,
    )

    # Solved in review: it goes further away, and the puzzle is next.
    solved = client.put(
        f"/content/exercises/{FREE_E2}",
        json={"moves": ["e2e4", "e7e5", "g1f3"]},
        headers=headers,
    )
    assert data(solved)["solved"] is True
    assert data(client.get("/content/review/next", headers=headers))["kind"] == "puzzle"
    assert data(client.get("/content/review", headers=headers))["due_now"] == 1


def test_an_item_the_member_may_no_longer_open_is_passed_over(client, member, app, now):
    user_id, headers = member("pro")
    fail_exercise(client, headers, PRO_E1, [])
    now[0] += timedelta(seconds=30)
    fail_exercise(client, headers, FREE_E1, [])
    with app.app_context():  # the membership ended
        db.session.get(User, user_id).user_tier = "free"
        db.session.commit()
    now[0] += timedelta(minutes=11)
    assert len(data(client.get("/content/review", headers=headers))["items"]) == 2
    found = data(client.get("/content/review/next", headers=headers))
    assert found["id"] == FREE_E1  # the Pro lesson's exercise, due first, is locked now
    assert "moves" in found["exercise"]


@pytest.mark.parametrize("query", ["?kind=line-of-sight", "?other=1"])
def test_a_bad_query_is_refused(client, member, query):
    _, headers = member("free")
    answer = client.get(f"/content/review/next{query}", headers=headers)
    assert error_of(answer, 400)["code"] == "validation_failed"


def test_the_review_needs_a_member(client):
    assert client.get("/content/review").status_code == 401
    assert client.get("/content/review/next").status_code == 401
