"""Puzzles' fixtures: the application's clock at the test's noon, the day's puzzle kept aside,
members signed in at the clock's time."""

from __future__ import annotations

import pytest

from bff.accounts.models import User
from bff.accounts.sign_in import start_session
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import app_clock
from .builders import NOON, daily_aside


@pytest.fixture
def clock(app):
    """The application's clock, moved by the test: clock.now = ..."""
    return app_clock(app, NOON)


@pytest.fixture
def aside(app, clock) -> str:
    """The day's puzzle, a puzzle of its own for a month from the test's day: 'next' never
    serves the day's puzzle, and this one leaves the test's puzzles to 'next'."""
    return daily_aside(app, clock.now.date())


@pytest.fixture
def puzzler(app, clock, member):
    """puzzler(tier) -> a member whose ``headers`` are signed in at the test clock's time."""

    class Puzzler:
        def __init__(self, tier: str = "free"):
            self.user_id, _ = member(tier)

        @property
        def headers(self) -> dict[str, str]:
            with app.app_context():
                user = db.session.get(User, self.user_id)
                secret = app_context(app).settings.jwt_secret_key
                signed_in = start_session(db.session, user, now=clock.now, secret=secret)
                return {"Authorization": f"Bearer {signed_in.access}"}

    return Puzzler
