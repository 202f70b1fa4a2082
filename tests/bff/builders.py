"""Builders every domain's tests share: a confirmed member of a tier, with a bearer token, what
they bought and their subscription; a clock a test moves; the catalogue error of a refusal."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from bff.accounts.models import User
from bff.accounts.sign_in import start_session
from bff.app_context import app_context
from bff.billing.models import Purchase
from bff.billing.provider import SubscriptionState
from bff.billing.subscriptions import SubscriptionReport, apply_subscription
from bff.platform.extensions import db

_numbers = itertools.count(1)


class Clock:
    """A clock moved only by the test: the application's (app_context(app).clock, a
    datetime, now by default) or the content cache's (seconds, when started at a number)."""

    def __init__(self, start: datetime | float | None = None):
        self.now = datetime.now(UTC) if start is None else start

    def __call__(self) -> datetime | float:
        return self.now

    def advance(self, **delta) -> None:
        step = timedelta(**delta)
        self.now += step if isinstance(self.now, datetime) else step.total_seconds()


def app_clock(app, start: datetime) -> Clock:
    """A Clock at ``start`` that the application reads as its clock (app_context(app).clock)."""
    found = Clock(start)
    app_context(app).clock = found
    return found


def error_of(response, status: int | None = None) -> dict:
    """The catalogue error a refusal carries (its body is ``{"error": {...}}`` and nothing
    else), its HTTP status checked when given."""
    if status is not None:
        assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"}, body
    return body["error"]


def refusal(response) -> tuple[int, str]:
    """A refusal's status and catalogue code."""
    return response.status_code, error_of(response)["code"]


def make_member(app, tier: str = "free") -> tuple[int, dict[str, str]]:
    """A confirmed member of that tier, signed in: (user id, Authorization headers)."""
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
        signed_in = start_session(
            db.session,
            user,
            now=datetime.now(UTC),
            secret=app_context(app).settings.jwt_secret_key,
        )
        return user.id, {"Authorization": f"Bearer {signed_in.access}"}


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


def make_subscription(app, user_id: int, status: str, at: int) -> None:
    """Apply a report of the member's subscription in ``status``, made at time ``at`` (as the
    provider's events do: an older report never overwrites a newer one)."""
    state = SubscriptionState(
        id=f"sub_{user_id}",
        customer_id="cus_1",
        status=status,
        price_id=None,
        current_period_end=None,
        trial_end=None,
        cancel_at_period_end=False,
        metadata={"plan_id": "pro_monthly_usd"},
    )
    with app.app_context():
        report = SubscriptionReport(state, "sandbox", at, user_id=user_id)
        apply_subscription(db.session, report, now=datetime.now(UTC))
        db.session.commit()
