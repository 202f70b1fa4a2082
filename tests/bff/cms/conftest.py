"""Gateway fixtures: members of each tier with a bearer token, and a clock a test moves."""

from __future__ import annotations

import pytest

from ..builders import Clock, make_member


@pytest.fixture
def member(app, member_in):
    """member("pro") -> Authorization headers of a new member of that tier."""
    return lambda tier="free": member_in(app, tier)


@pytest.fixture
def member_in():
    """member_in(app, "pro") -> Authorization headers of a new member of that app."""
    return lambda app, tier="free": make_member(app, tier)[1]


@pytest.fixture
def clock() -> Clock:
    """The content cache's clock, in seconds."""
    return Clock(1000.0)
