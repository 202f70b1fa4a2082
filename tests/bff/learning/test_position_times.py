"""Watch positions never go back in time: a report carries when it was taken (reported_at), and
a stale one sent late (a device that was offline) never replaces one taken after it, whatever
order they arrive in; one conditional UPDATE decides (bff/learning/positions.py)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from bff.learning import positions
from bff.learning.models import WatchPosition
from bff.platform.extensions import db

PATH = "/content/positions/program_subchapter/10:1"


def at(moment: datetime) -> str:
    return moment.isoformat()


def report(client, headers, position: float, taken: datetime | None = None, **extra):
    body = {"position": position, "duration": 1200, **extra}
    if taken is not None:
        body["reported_at"] = at(taken)
    answer = client.put(PATH, json=body, headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["data"]


def test_a_stale_report_sent_late_never_replaces_a_newer_one(client, member):
    _, headers = member("free")
    now = datetime.now(UTC)
    report(client, headers, 600, now - timedelta(minutes=1))  # the desktop, a minute ago
    # The phone was offline: its 130 s was taken ten minutes ago and arrives only now.
    kept = report(client, headers, 130, now - timedelta(minutes=10))
    assert kept["position"] == 600
    assert client.get(PATH, headers=headers).get_json()["data"]["position"] == 600


def test_a_newer_report_replaces_the_kept_one_even_backwards(client, member):
    _, headers = member("free")
    now = datetime.now(UTC)
    report(client, headers, 600, now - timedelta(minutes=10))
    rewound = report(client, headers, 130, now - timedelta(minutes=1))  # a rewind, later
    assert rewound["position"] == 130


def test_a_stale_report_still_counts_for_the_furthest_and_completion(client, member):
    _, headers = member("free")
    now = datetime.now(UTC)
    report(client, headers, 60, now - timedelta(minutes=1))
    kept = report(client, headers, 1150, now - timedelta(minutes=30), event="ended")
    assert kept["position"] == 60
    assert kept["progress"] == 95 and kept["completed"] is True


def test_without_reported_at_a_report_is_taken_when_it_arrives(client, member):
    _, headers = member("free")
    report(client, headers, 600, datetime.now(UTC) - timedelta(minutes=10))
    assert report(client, headers, 700)["position"] == 700  # arrives now: the newest
    old = report(client, headers, 100, datetime.now(UTC) - timedelta(minutes=5))
    assert old["position"] == 700


def test_a_time_ahead_of_the_servers_counts_as_now(client, member):
    """A device whose clock runs a day fast cannot freeze its position for a day."""
    _, headers = member("free")
    report(client, headers, 600, datetime.now(UTC) + timedelta(days=1))
    assert report(client, headers, 650)["position"] == 650


def test_an_offset_and_no_offset_are_read_as_moments(client, member):
    _, headers = member("free")
    now = datetime.now(UTC).replace(microsecond=0)
    paris = now.astimezone(datetime.now(UTC).astimezone().tzinfo)
    report(client, headers, 500, now - timedelta(minutes=2))
    naive = (now - timedelta(minutes=3)).replace(tzinfo=None).isoformat()  # UTC: older
    answer = client.put(
        PATH, json={"position": 20, "duration": 1200, "reported_at": naive}, headers=headers
    )
    assert answer.get_json()["data"]["position"] == 500
    assert report(client, headers, 510, paris)["position"] == 510


def test_an_invalid_reported_at_is_400(client, member):
    _, headers = member("free")
    answer = client.put(
        PATH, json={"position": 20, "duration": 1200, "reported_at": "yesterday"}, headers=headers
    )
    assert answer.status_code == 400
    assert "reported_at" in answer.get_json()["error"]["fields"]


def test_one_conditional_update_decides(app, member):
    """Straight on the service: the kept row's time is the report's, and racing reports of
    one item (the newest taken last by the clock) leave the newest, on either database."""
    user_id, _ = member("free")
    now = datetime.now(UTC)
    moments = [now - timedelta(seconds=90 - 10 * n) for n in range(8)]
    errors: list[BaseException] = []

    def send(n: int) -> None:
        try:
            with app.app_context():
                positions.record(
                    db.session,
                    user_id,
                    "video",
                    "7",
                    positions.Report(100.0 * (n + 1), 1200.0, "tick", reported_at=moments[n]),
                    now=now,
                )
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    order = [3, 7, 0, 5, 1, 6, 2, 4]
    threads = [threading.Thread(target=send, args=(n,)) for n in order]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    with app.app_context():
        row = db.session.scalar(sa.select(WatchPosition).where(WatchPosition.user_id == user_id))
        assert row.position == 800.0
        assert row.reported_at == moments[7]
        assert row.progress == 66
