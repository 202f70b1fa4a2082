"""The day's puzzle from the shared cache: the same body for everyone, a member's part merged
after, never kept past the day's end; its ETag and 304."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import sqlalchemy as sa

from bff.app_context import app_context
from bff.platform.extensions import db
from bff.puzzles import daily

from .builders import NOON, add_puzzle, data, solve


def statements_during(app, call) -> list[str]:
    seen: list[str] = []

    def note(connection, cursor, statement, *args) -> None:
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", note)
    try:
        call()
    finally:
        sa.event.remove(engine, "before_cursor_execute", note)
    return seen


def test_a_guest_gets_the_day_from_the_cache_without_the_database(app, client, clock):
    add_puzzle(app, rating=1500)
    first = data(client.get("/content/puzzles/daily"))
    again: list[dict] = []
    statements = statements_during(
        app, lambda: again.append(data(client.get("/content/puzzles/daily")))
    )
    assert again == [first]
    assert statements == []
    kept = app_context(app).cache.get(daily.key_of(NOON.date()))
    assert kept is not None and b'"played"' not in kept and b'"day"' not in kept


def test_a_members_part_is_theirs_and_stays_out_of_the_shared_body(app, client, clock, puzzler):
    add_puzzle(app, rating=1500)
    guest = data(client.get("/content/puzzles/daily"))
    solver, other = puzzler(), puzzler()
    assert solve(client, solver.headers, guest, str(uuid.uuid4())).status_code == 200
    mine = data(client.get("/content/puzzles/daily", headers=solver.headers))
    theirs = data(client.get("/content/puzzles/daily", headers=other.headers))
    assert (mine["played"], mine["solved"]) == (True, True)
    assert (theirs["played"], theirs["solved"]) == (False, None)
    assert data(client.get("/content/puzzles/daily"))["played"] is False
    assert mine["id"] == theirs["id"] == guest["id"]


def test_the_kept_answer_never_outlives_its_day(app, client, clock, monkeypatch):
    add_puzzle(app, rating=1500)
    add_puzzle(app, rating=1510)
    kept: list[tuple[str, float]] = []
    cache = app_context(app).cache
    original = cache.set

    def noted(key, value, ttl):
        kept.append((key, ttl))
        original(key, value, ttl)

    monkeypatch.setattr(cache, "set", noted)
    clock.now = datetime(2026, 11, 27, 23, 59, 30, tzinfo=UTC)
    before = data(client.get("/content/puzzles/daily"))
    assert kept == [("puzzles:daily:2026-11-27", 30.0)]
    clock.now = datetime(2026, 11, 28, 0, 0, 1, tzinfo=UTC)
    after = data(client.get("/content/puzzles/daily"))
    assert after["day"] == "2026-11-28" and after["id"] != before["id"]
    assert kept[-1] == ("puzzles:daily:2026-11-28", daily.KEPT)


def test_the_daily_answers_304_while_unchanged_and_200_once_played(app, client, clock, puzzler):
    add_puzzle(app, rating=1500)
    guest = client.get("/content/puzzles/daily")
    tag = guest.headers["ETag"]
    assert not tag.startswith("W/")
    assert "Cache-Control" not in guest.headers  # the same for everyone: as it was
    unchanged = client.get("/content/puzzles/daily", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert unchanged.headers["ETag"] == tag

    member = puzzler()
    seen = client.get("/content/puzzles/daily", headers=member.headers)
    assert seen.headers["Cache-Control"] == "private, no-cache"
    assert "Authorization" in seen.headers["Vary"]
    member_tag = seen.headers["ETag"]
    assert solve(client, member.headers, data(seen), str(uuid.uuid4())).status_code == 200
    played = client.get(
        "/content/puzzles/daily", headers={**member.headers, "If-None-Match": member_tag}
    )
    assert played.status_code == 200 and played.headers["ETag"] != member_tag
    assert data(played)["played"] is True
