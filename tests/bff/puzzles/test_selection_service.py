"""Puzzle selection and play as services, without a route: the nearest unplayed puzzle to a
rating (never the day's, of a theme when asked), a free member's five a day, a played attempt
recorded once whatever copies arrive, and the standing it leaves."""

from __future__ import annotations

import random

import pytest

from bff.platform.errors import ApiError
from bff.platform.extensions import db
from bff.puzzles import lookup, play, selection, standing

from .builders import MATE, NOON, add_puzzle


@pytest.fixture
def session(app):
    with app.app_context():
        yield db.session()


def attempt(number: int, solved: bool = True) -> play.Attempt:
    return play.Attempt(
        attempt_id=f"service-{number:04d}", moves=MATE[1].split()[1:], solved=solved, seconds=9
    )


def next_for(session, user_id: int, *, is_pro: bool = False, theme: str | None = None):
    return selection.next_puzzle(
        session,
        user_id,
        is_pro=is_pro,
        theme=theme,
        rating=None,
        from_review=False,
        now=NOON,
        rng=random.Random(1),  # noqa: S311 - a choice of puzzle, not a secret
    )


def test_nearest_is_the_closest_unplayed_never_the_days_and_of_the_theme_asked(
    app, session, member, aside
):
    user_id, _ = member()
    far, near, forks = (
        add_puzzle(app, rating=1900),
        add_puzzle(app, rating=1540),
        add_puzzle(app, rating=1700, themes=("fork",)),
    )
    assert selection.nearest(session, user_id, 1500, None, aside).id == near
    assert selection.nearest(session, user_id, 1500, "fork", aside).id == forks
    assert selection.nearest(session, user_id, 1500, "skewer", aside) is None
    play.attempt(session, user_id, near, attempt(1), is_pro=True, now=NOON)
    assert lookup.given(session, user_id, near)
    assert selection.nearest(session, user_id, 1500, None, aside).id in (forks, far)


def test_a_free_member_plays_five_a_day_and_a_pro_member_goes_on(app, session, member, aside):
    for rating in range(1400, 1700, 25):
        add_puzzle(app, rating=rating)
    free, _ = member()
    for number in range(selection.FREE_PER_DAY):
        puzzle, why = next_for(session, free)
        assert why == "next"
        play.attempt(session, free, puzzle.id, attempt(number), is_pro=False, now=NOON)
    with pytest.raises(ApiError) as refused:
        next_for(session, free)
    assert (refused.value.status, refused.value.code) == (403, "puzzle_allowance_spent")
    session.rollback()  # a refusal leaves the unit of work to its caller, as a request's end does
    pro, _ = member("pro")
    for number in range(selection.FREE_PER_DAY + 1):
        puzzle, _why = next_for(session, pro, is_pro=True)
        play.attempt(session, pro, puzzle.id, attempt(100 + number), is_pro=True, now=NOON)


def test_an_attempt_sent_twice_is_recorded_once_and_moves_the_standing_once(
    app, session, member, aside
):
    user_id, _ = member("pro")
    puzzle_id = add_puzzle(app, rating=1500)
    first = play.attempt(session, user_id, puzzle_id, attempt(7), is_pro=True, now=NOON)
    again = play.attempt(session, user_id, puzzle_id, attempt(7), is_pro=True, now=NOON)
    assert again == first
    found = standing.standing(session, user_id, is_pro=True, now=NOON)
    assert found["rating"] == round(first["rating"]["after"]) != round(first["rating"]["before"])
    assert found["rated_plays"] == 1 and len(found["history"]) == 1
