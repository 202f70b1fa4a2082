"""Exercise attempts with the client's attempt_id: a replay (a retry, a device's offline queue)
counts once; another attempt counts; the column comes and goes with its migration."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bff.app_context import app_context
from bff.platform import database

from ..builders import error_of
from .chess_builders import FREE_E2
from .test_migration import USER, rows, write
from .test_positions import data

WRONG = ["e2e4", "e7e5", "h2h3"]
RIGHT = ["e2e4", "e7e5", "g1f3"]


@pytest.fixture
def app(practice_app):
    return practice_app


def play(client, headers, moves, attempt_id, hints=0, gave_up=False):
    body = {"moves": moves, "hints": hints, "gave_up": gave_up, "attempt_id": attempt_id}
    return data(client.put(f"/content/exercises/{FREE_E2}", json=body, headers=headers))


def review_of(client, headers):
    review = data(client.get("/content/puzzles/me", headers=headers))["review"]
    return review["due_now"], review["due_today"]


def test_a_replayed_failure_counts_once_and_does_not_reschedule_review(client, member, app):
    now = datetime.now(UTC)
    app_context(app).clock = lambda: now
    _, headers = member("free")
    first = play(client, headers, WRONG, "attempt-0001")
    assert (first["solved"], first["failed"]) == (False, True)
    now += timedelta(minutes=11)
    assert review_of(client, headers) == (1, 1)
    # The same failure sent again when it is due (its answer was lost): still due now.
    assert play(client, headers, WRONG, "attempt-0001") == first
    assert review_of(client, headers) == (1, 1)
    # Another failed attempt when due counts: it comes back minutes later.
    play(client, headers, WRONG, "attempt-0002")
    assert review_of(client, headers) == (0, 1)


def test_a_replay_answers_the_record_as_it_stands_and_changes_nothing(client, member):
    _, headers = member("free")
    solved = play(client, headers, RIGHT, "attempt-0001", hints=1)
    assert (solved["solved"], solved["failed"], solved["hints"]) == (True, False, 1)
    # The same id with other moves or hints is the same attempt: nothing is recorded.
    assert play(client, headers, WRONG, "attempt-0001", hints=3) == solved
    assert play(client, headers, RIGHT, "attempt-0001") == solved


def test_a_different_attempt_id_counts(client, member):
    _, headers = member("free")
    play(client, headers, ["e2e4", "e7e5"], "attempt-0001")
    failed = play(client, headers, WRONG, "attempt-0002", hints=2)
    assert (failed["solved"], failed["failed"], failed["hints"]) == (False, True, 2)
    solved = play(client, headers, RIGHT, "attempt-0003")
    assert (solved["solved"], solved["failed"]) == (True, True)
    # Only the last one recorded is a replay: an older id is a new report.
    again = play(client, headers, WRONG, "attempt-0001", hints=4)
    assert again["hints"] == 4


def test_another_member_with_the_same_attempt_id_is_their_own(client, member):
    _, ann = member("free")
    _, bob = member("free")
    play(client, ann, WRONG, "attempt-0001")
    theirs = play(client, bob, RIGHT, "attempt-0001")
    assert (theirs["solved"], theirs["failed"]) == (True, False)


@pytest.mark.parametrize("attempt_id", ["short", "x" * 65, "has space1", 12345678])
def test_a_bad_attempt_id_is_refused(client, member, attempt_id):
    _, headers = member("free")
    body = {"moves": RIGHT, "attempt_id": attempt_id}
    answer = client.put(f"/content/exercises/{FREE_E2}", json=body, headers=headers)
    assert error_of(answer, 400)["code"] == "validation_failed"


def test_the_last_attempt_id_column_comes_and_goes_keeping_the_rows(database_url):
    database.downgrade(database_url, "0012_sandbox_billing_sessions")
    write(
        database_url,
        USER,
        "INSERT INTO exercise_attempts (user_id, exercise_id, solved, failed, hints, updated_at)"
        " VALUES (7, 'lesson_chapter:1:1:e1', TRUE, FALSE, 2, :at)",
    )
    database.upgrade(database_url)
    kept = rows(
        database_url, "SELECT exercise_id, solved, hints, last_attempt_id FROM exercise_attempts"
    )
    assert kept == [("lesson_chapter:1:1:e1", True, 2, None)]
    database.downgrade(database_url, "0012_sandbox_billing_sessions")
    assert rows(database_url, "SELECT exercise_id FROM exercise_attempts") == [
        ("lesson_chapter:1:1:e1",)
    ]
    database.upgrade(database_url)
