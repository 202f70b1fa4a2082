"""The learning tests' application: the seed without its key positions, model games and
exercises, as these tests count videos and a chapter's exercises would count beside them (the
exercises' own tests build the practice they need: chess_builders.py)."""

from __future__ import annotations

import pytest

from .chess_builders import seed_without_practice


@pytest.fixture
def app(make_app, tmp_path_factory):
    seed = seed_without_practice(tmp_path_factory.mktemp("seed") / "seed")
    return make_app(CMS_SEED_PATH=str(seed))
