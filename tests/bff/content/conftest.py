"""Content fixtures: members of the app with bearer tokens."""

from __future__ import annotations

import pytest

from ..builders import make_member


@pytest.fixture
def member(app):
    """member("free") -> (user id, Authorization headers)."""
    return lambda tier="free": make_member(app, tier)
