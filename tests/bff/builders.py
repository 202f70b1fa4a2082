"""Builders every domain's tests share: a confirmed member of a tier, with a bearer token, and
what they bought."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from bff.accounts.models import User
from bff.accounts.tokens import issue_access_token
from bff.billing.models import Purchase
from bff.extensions import db

_numbers = itertools.count(1)


def make_member(app, tier: str = "free") -> tuple[int, dict[str, str]]:
    """A confirmed member of that tier: (user id, Authorization headers)."""
    number = next(_numbers)
    with app.app_context():
        user = User(
            username=f"member{number}",
            username_key=f"member{number}",
            email=f"Member{number}@Example.com",
            email_key=f"member{number}@example.com",
            user_tier=tier,
            email_confirmed_at=datetime.now(UTC),
        )
        db.session.add(user)
        db.session.commit()
        token = issue_access_token(
            user.id, app.extensions["bff.settings"].jwt_secret_key, datetime.now(UTC)
        )
        return user.id, {"Authorization": f"Bearer {token}"}


def make_purchase(app, user_id: int, entity: str, entity_id: int) -> None:
    """Record that the member bought one item (as a paid checkout does)."""
    with app.app_context():
        db.session.add(
            Purchase(
                user_id=user_id,
                entity=entity,
                entity_id=entity_id,
                amount=100,
                currency="USD",
                provider="sandbox",
                session_id=f"cs_{user_id}_{entity}_{entity_id}",
            )
        )
        db.session.commit()
