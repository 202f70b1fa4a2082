"""Gateway fixtures: members of each tier with a bearer token."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest

from bff.accounts.models import User
from bff.accounts.tokens import issue_access_token
from bff.extensions import db

_numbers = itertools.count(1)


@pytest.fixture
def member(app, member_in):
    """member("pro") -> Authorization headers of a new member of that tier."""
    return lambda tier="free": member_in(app, tier)


@pytest.fixture
def member_in():
    """member_in(app, "pro") -> Authorization headers of a new member of that app."""

    def make(app, tier: str = "free") -> dict[str, str]:
        number = next(_numbers)
        with app.app_context():
            user = User(
                username=f"member{number}",
                username_key=f"member{number}",
                email=f"member{number}@example.com",
                email_key=f"member{number}@example.com",
                user_tier=tier,
                email_confirmed_at=datetime.now(UTC),
            )
            db.session.add(user)
            db.session.commit()
            token = issue_access_token(
                user.id, app.extensions["bff.settings"].jwt_secret_key, datetime.now(UTC)
            )
        return {"Authorization": f"Bearer {token}"}

    return make
