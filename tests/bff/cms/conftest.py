"""Gateway fixtures: members of each tier with a bearer token, and a clock a test moves."""

from __future__ import annotations

import pytest

from ..builders import make_member


@pytest.fixture
def member(app, member_in):
    """member("pro") -> Authorization headers of a new member of that tier."""
    return lambda tier="free": member_in(app, tier)


@pytest.fixture
def member_in():
    """member_in(app, "pro") -> Authorization headers of a new member of that app."""
    return lambda app, tier="free": make_member(app, tier)[1]


class Clock:
    """Seconds that move only when a test sets ``now``."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()
