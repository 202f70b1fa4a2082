"""Glicko-2 as Glickman's paper works it, and a puzzle rating's moves."""

from __future__ import annotations

import pytest

from bff.puzzles.glicko import MAX_DEVIATION, MIN_DEVIATION, Rating, updated


def test_the_papers_example():
    """Glickman's worked example: 1500/200/0.06 beats a 1400, loses to a 1550 and a 1700."""
    after = updated(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_solving_a_harder_puzzle_gains_more_than_an_easier_one():
    member = Rating(1500, 100)
    harder = updated(member, [(Rating(1900, 80), 1.0)]).rating - 1500
    easier = updated(member, [(Rating(1100, 80), 1.0)]).rating - 1500
    assert harder > easier > 0
    assert updated(member, [(Rating(1500, 80), 0.0)]).rating < 1500


def test_a_newcomers_rating_moves_fast_then_settles():
    newcomer = updated(Rating(), [(Rating(1500, 80), 1.0)])
    settled = updated(Rating(1500, 60), [(Rating(1500, 80), 1.0)])
    assert newcomer.rating - 1500 > 5 * (settled.rating - 1500)
    assert MIN_DEVIATION <= settled.deviation < newcomer.deviation <= MAX_DEVIATION


def test_no_game_only_widens_the_deviation():
    assert updated(Rating(1500, 100), []).deviation > 100
