"""The learning tests' application: the seed without its key positions, model games and
exercises, as these tests count videos and a chapter's exercises would count beside them (the
exercises' own tests take practice_app, on a seed with them: chess_builders.py)."""

from __future__ import annotations

import pytest

from .chess_builders import seed_with_exercises, seed_without_practice


@pytest.fixture
def app(make_app, tmp_path_factory):
    seed = seed_without_practice(tmp_path_factory.mktemp("seed") / "seed")
    return make_app(CMS_SEED_PATH=str(seed))


@pytest.fixture
def practice_app(make_app, tmp_path_factory):
    """The application on the seed with a few key positions, model games and exercises (and broken
    entries): what the modules that test them make their ``app``."""
    seed = seed_with_exercises(tmp_path_factory.mktemp("seed") / "seed")
    return make_app(CMS_SEED_PATH=str(seed))
