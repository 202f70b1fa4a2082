"""The sender (`flask --app bff reminders send`): each reminder at its hour in the member's time
zone, when their state calls for it, once; dead tokens forgotten, failures tried again."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import httpx
import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bff.platform.extensions import db
from bff.puzzles.models import PuzzlePlayer, PuzzleRound
from bff.reminders import delivery_of, due, sender, texts
from bff.reminders.models import Device, SentReminder
from bff.reminders.notifiers import RETRY
from bff.reminders.notifiers.apns import ApnsNotifier, ApnsSettings
from bff.review.models import ReviewCard

from ..puzzles.builders import add_puzzle

# 08:00 in Tokyo (UTC+9, no summer time) is 23:00 UTC the day before.
TOKYO_EIGHT = datetime(2026, 12, 6, 23, 0, tzinfo=UTC)
# 20:00 in Paris in winter (UTC+1).
PARIS_EVENING = datetime(2026, 12, 7, 19, 0, tzinfo=UTC)


@pytest.fixture
def send(app):
    """send() -> what `flask --app bff reminders send` printed."""
    runner = app.test_cli_runner()

    def run() -> str:
        result = runner.invoke(args=["reminders", "send"])
        assert result.exit_code == 0, result.output
        return result.output

    return run


@pytest.fixture
def tokyo_member(client, member, register):
    """A member in Tokyo with the daily reminder at 8 (nothing else), their iPhone registered."""
    user_id, headers = member()
    assert register(headers, timezone="Asia/Tokyo").status_code == 200
    settings = {"daily_puzzle_hour": 8, "streak_at_risk": False, "reviews_due": False}
    assert client.put("/users/reminders", headers=headers, json=settings).status_code == 200
    return user_id


def test_the_daily_puzzle_comes_at_eight_in_tokyo_once(
    app, clock, send, tokyo_member, notifications
):
    clock.now = TOKYO_EIGHT - timedelta(minutes=1)  # 07:59 in Tokyo
    send()
    assert notifications() == []

    clock.now = TOKYO_EIGHT
    assert "Reminders sent: 1 (1 notifications" in send()
    assert notifications() == [
        {
            "platform": "ios",
            "token": "a" * 64,
            "locale": "en",
            "title": "Your daily puzzle is ready",
            "body": "A new puzzle is waiting for you.",
            "data": {"kind": "daily_puzzle", "path": "/puzzles/daily"},
        }
    ]
    # The sender runs again within the hour, and again: nothing more.
    clock.advance(minutes=1)
    send()
    clock.advance(minutes=30)
    send()
    assert len(notifications()) == 1
    with app.app_context():
        sent = db.session.scalars(sa.select(SentReminder)).one()
        assert (sent.user_id, sent.kind, sent.local_date) == (
            tokyo_member,
            "daily_puzzle",
            date(2026, 12, 7),
        )
    # The next day at 8 in Tokyo, the next one.
    clock.now = TOKYO_EIGHT + timedelta(days=1)
    send()
    assert len(notifications()) == 2


def test_every_device_of_the_member_gets_it(clock, send, tokyo_member, notifications, app):
    with app.app_context():
        db.session.add(
            Device(
                user_id=tokyo_member,
                platform="android",
                token="fcm:token-of-the-tablet",
                locale="ja",
                timezone="Asia/Tokyo",
            )
        )
        db.session.commit()
    clock.now = TOKYO_EIGHT
    send()
    assert sorted(found["platform"] for found in notifications()) == ["android", "ios"]


def test_a_reminder_turned_off_is_not_sent(client, clock, send, member, register, notifications):
    _, headers = member()
    register(headers, timezone="Asia/Tokyo")
    off = {"daily_puzzle": False, "daily_puzzle_hour": 8, "reviews_due": False}
    client.put("/users/reminders", headers=headers, json=off)
    clock.now = TOKYO_EIGHT
    send()
    assert notifications() == []


def test_the_members_own_time_zone_wins_over_the_devices(
    client, clock, send, member, register, notifications
):
    _, headers = member()
    register(headers, timezone="Asia/Tokyo")
    own = {"daily_puzzle_hour": 8, "reviews_due": False, "timezone": "Europe/Paris"}
    client.put("/users/reminders", headers=headers, json=own)
    clock.now = TOKYO_EIGHT
    send()
    assert notifications() == []
    clock.now = datetime(2026, 12, 7, 7, 0, tzinfo=UTC)  # 08:00 in Paris
    send()
    assert [found["title"] for found in notifications()] == ["Your daily puzzle is ready"]


def _streak(app, user_id: int, days: int, last_solved_on: date) -> None:
    with app.app_context():
        db.session.add(
            PuzzlePlayer(
                user_id=user_id,
                rating=1500.0,
                deviation=350.0,
                volatility=0.06,
                rated_plays=days,
                streak=days,
                best_streak=days,
                last_solved_on=last_solved_on,
                updated_at=PARIS_EVENING,
            )
        )
        db.session.commit()


@pytest.fixture
def paris_member(client, member, register):
    """member in Paris with only the streak reminder on."""

    def make() -> int:
        user_id, headers = member()
        register(headers, token=f"{user_id:08d}" * 8, timezone="Europe/Paris")
        only = {"daily_puzzle": False, "reviews_due": False}
        client.put("/users/reminders", headers=headers, json=only)
        return user_id

    return make


def test_a_streak_at_risk_is_told_in_the_evening_to_who_has_not_played_today(
    app, clock, send, paris_member, notifications
):
    at_risk, played, no_streak = paris_member(), paris_member(), paris_member()
    _streak(app, at_risk, 5, date(2026, 12, 6))
    _streak(app, played, 8, date(2026, 12, 7))  # solved a puzzle today
    _streak(app, no_streak, 0, date(2026, 11, 2))
    clock.now = PARIS_EVENING - timedelta(minutes=1)  # 19:59 in Paris
    send()
    assert notifications() == []
    clock.now = PARIS_EVENING
    send()
    send()
    found = notifications()
    assert [(item["token"], item["title"]) for item in found] == [
        (f"{at_risk:08d}" * 8, "Your 5-day streak ends tonight: one puzzle keeps it")
    ]
    assert found[0]["data"] == {"kind": "streak_at_risk", "path": "/puzzles"}


def _due_reviews(app, user_id: int, count: int, now: datetime) -> None:
    with app.app_context():
        for number in range(count):
            db.session.add(
                ReviewCard(
                    user_id=user_id,
                    kind="puzzle",
                    item_id=f"p{number}",
                    due=now - timedelta(hours=1),
                    state=2,
                    reviews=1,
                )
            )
        db.session.commit()


@pytest.mark.parametrize(
    ("due", "told"), [(2, None), (3, "3 reviews are due"), (7, "7 reviews are due")]
)
def test_reviews_due_are_told_from_three_once_a_day(
    app, client, clock, send, member, register, notifications, due, told
):
    user_id, headers = member()
    register(headers, timezone="Europe/Paris")
    client.put("/users/reminders", headers=headers, json={"daily_puzzle": False})
    noon = datetime(2026, 12, 7, 11, 0, tzinfo=UTC)  # 12:00 in Paris
    _due_reviews(app, user_id, due, noon)
    clock.now = noon
    send()
    clock.advance(hours=2)
    send()
    titles = [item["title"] for item in notifications()]
    assert titles == ([told] if told else [])


def test_no_reviews_reminder_at_night(app, client, clock, send, member, register, notifications):
    user_id, headers = member()
    register(headers, timezone="Europe/Paris")
    night = datetime(2026, 12, 7, 2, 0, tzinfo=UTC)  # 03:00 in Paris
    _due_reviews(app, user_id, 5, night)
    clock.now = night
    send()
    assert notifications() == []


def _apns(answer: httpx.Response) -> ApnsNotifier:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    transport = httpx.MockTransport(lambda request: answer)
    return ApnsNotifier(
        ApnsSettings(team_id="TEAM123456", key_id="KEY1234567", private_key=pem, topic="com.x"),
        client=httpx.Client(transport=transport),
    )


def test_a_dead_token_is_forgotten(app, clock, send, tokyo_member):
    delivery_of(app).ios = _apns(httpx.Response(410, json={"reason": "Unregistered"}))
    clock.now = TOKYO_EIGHT
    assert "1 dead tokens removed" in send()
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Device)) == 0


def test_a_reminder_that_reached_no_device_is_tried_again(
    app, clock, send, tokyo_member, notifications
):
    folder = delivery_of(app).ios

    class Away:
        kind = "away"

        def send(self, device, title, body, data):
            return RETRY

    delivery_of(app).ios = Away()
    clock.now = TOKYO_EIGHT
    assert "1 to try again" in send()
    delivery_of(app).ios = folder
    clock.advance(minutes=1)
    send()
    assert [item["title"] for item in notifications()] == ["Your daily puzzle is ready"]


def test_two_senders_at_once_claim_a_reminder_once(app, tokyo_member):
    """Two senders that both found the reminder unsent: the unique constraint gives it to one."""
    reminder = due.Reminder(texts.DAILY_PUZZLE, date(2026, 12, 7), texts.daily_puzzle())
    with app.app_context():
        first = sender._claim(db.session(), tokyo_member, reminder, TOKYO_EIGHT)
        second = sender._claim(db.session(), tokyo_member, reminder, TOKYO_EIGHT)
        assert first is not None and second is None
        assert db.session.scalar(sa.select(sa.func.count()).select_from(SentReminder)) == 1


def test_a_one_day_streak_and_one_review_read_right():
    assert texts.streak_at_risk(1).title == "Your 1-day streak ends tonight: one puzzle keeps it"
    assert texts.reviews_due(1).title == "1 review is due"
    assert texts.reviews_due(3).title == "3 reviews are due"


@pytest.mark.parametrize(("solved_this_morning", "told"), [(True, False), (False, True)])
def test_in_tokyo_a_puzzle_solved_this_morning_counts_as_played_today(
    app, client, clock, send, member, register, notifications, solved_this_morning, told
):
    """Solved at 07:00 in Tokyo, the puzzle counts for the UTC day before (the streak's day):
    the member played today all the same, so the evening leaves them in peace."""
    user_id, headers = member()
    register(headers, timezone="Asia/Tokyo")
    client.put("/users/reminders", headers=headers, json={"daily_puzzle": False})
    _streak(app, user_id, 4, date(2026, 12, 6))
    if solved_this_morning:
        puzzle_id = add_puzzle(app)
        with app.app_context():
            db.session.add(
                PuzzleRound(
                    user_id=user_id,
                    puzzle_id=puzzle_id,
                    source="next",
                    served_at=datetime(2026, 12, 6, 21, 55, tzinfo=UTC),
                    played_at=datetime(2026, 12, 6, 22, 0, tzinfo=UTC),  # 07:00 in Tokyo
                    solved=True,
                )
            )
            db.session.commit()
    clock.now = datetime(2026, 12, 7, 11, 0, tzinfo=UTC)  # 20:00 in Tokyo
    send()
    titles = [item["title"] for item in notifications()]
    assert titles == (["Your 4-day streak ends tonight: one puzzle keeps it"] if told else [])
