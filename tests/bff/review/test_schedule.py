"""bff/review as a service, without a route: what a failure, a success and a drill's first
success do to a member's schedule, what is due and in which order, and the standing by kind."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bff import review
from bff.platform.extensions import db
from bff.review.schemas import KINDS

NOW = datetime(2026, 12, 8, 9, 0, tzinfo=UTC)
END_OF_DAY = datetime(2026, 12, 9, 0, 0, tzinfo=UTC)


@pytest.fixture
def session(app):
    with app.app_context():
        yield db.session()


@pytest.fixture
def someone(member) -> int:
    user_id, _headers = member()
    return user_id


def test_a_success_of_an_item_never_failed_enters_nothing(session, someone):
    review.record(session, someone, review.PUZZLE, "p1", solved=True, now=NOW)
    assert not review.is_known(session, someone, review.PUZZLE, "p1")
    assert review.due(session, someone, NOW + timedelta(days=365)) == []


def test_a_failure_comes_back_ten_minutes_later(session, someone):
    review.record(session, someone, review.EXERCISE, "e1", solved=False, now=NOW)
    assert review.is_known(session, someone, review.EXERCISE, "e1")
    assert not review.is_due(session, someone, review.EXERCISE, "e1", NOW + timedelta(minutes=9))
    assert review.is_due(session, someone, review.EXERCISE, "e1", NOW + timedelta(minutes=10))


def test_each_success_sends_it_further_and_a_failure_brings_it_back(session, someone):
    review.record(session, someone, review.PUZZLE, "p1", solved=False, now=NOW)
    when = NOW + timedelta(minutes=10)
    gaps = []
    for _ in range(3):
        review.record(session, someone, review.PUZZLE, "p1", solved=True, now=when)
        (item,) = review.due(session, someone, when + timedelta(days=3650))
        gaps.append(item.due - when)
        when = item.due
    assert gaps[0] >= timedelta(days=1)
    assert gaps[0] < gaps[1] < gaps[2]
    review.record(session, someone, review.PUZZLE, "p1", solved=False, now=when)
    (item,) = review.due(session, someone, when + timedelta(days=3650))
    assert item.due == when + timedelta(minutes=10)


def test_a_drill_line_enters_from_its_first_success(session, someone):
    review.record(session, someone, review.LINE, "l1", solved=True, now=NOW, enter=True)
    assert review.is_known(session, someone, review.LINE, "l1")
    assert not review.is_due(session, someone, review.LINE, "l1", NOW)


def test_due_is_the_longest_waiting_first_of_the_kind_asked_and_the_member_alone(
    session, someone, member
):
    other, _ = member()
    review.record(session, someone, review.PUZZLE, "late", solved=False, now=NOW)
    review.record(
        session, someone, review.EXERCISE, "early", solved=False, now=NOW - timedelta(hours=1)
    )
    review.record(
        session, other, review.PUZZLE, "theirs", solved=False, now=NOW - timedelta(hours=2)
    )
    until = NOW + timedelta(hours=1)
    assert [item.item_id for item in review.due(session, someone, until)] == ["early", "late"]
    assert [item.item_id for item in review.due(session, someone, until, kind=review.PUZZLE)] == [
        "late"
    ]
    assert review.due(session, someone, until, limit=1)[0].item_id == "early"
    assert review.due_count(session, someone, until) == 2


def test_the_standing_counts_each_kind_now_and_today_with_the_next_to_come(session, someone):
    review.record(session, someone, review.PUZZLE, "p1", solved=False, now=NOW - timedelta(hours=1))
    review.record(session, someone, review.PUZZLE, "p2", solved=False, now=NOW)
    review.record(session, someone, review.EXERCISE, "e1", solved=False, now=NOW)
    by_kind = {each.kind: each for each in review.standing(session, someone, NOW, END_OF_DAY)}
    assert list(by_kind) == list(KINDS)
    puzzles, exercises, lines = (by_kind[kind] for kind in KINDS)
    assert (puzzles.due_now, puzzles.due_today) == (1, 2)
    assert puzzles.next_due == NOW + timedelta(minutes=10)
    assert (exercises.due_now, exercises.due_today, exercises.next_due) == (
        0,
        1,
        NOW + timedelta(minutes=10),
    )
    assert (lines.due_now, lines.due_today, lines.next_due) == (0, 0, None)
