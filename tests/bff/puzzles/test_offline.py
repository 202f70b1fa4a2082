"""Offline puzzles for the apps: a pack to download (near the member's rating, held for them, a
free member's at most what is left of their day) and its attempts sent in one batch, each counted
at the time it was played, within its limits, once however often the batch is sent."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from bff.accounts.models import User
from bff.platform.extensions import db
from bff.puzzles.models import DailyPuzzle, Puzzle, PuzzlePlayer, PuzzleRound, PuzzleTheme

from ..builders import refusal
from .builders import NOON, add_puzzle, data, solve

TODAY = NOON.date()
YESTERDAY = TODAY - timedelta(days=1)


def at(day, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def stamp(moment: datetime) -> str:
    return moment.isoformat()


def played(puzzle: dict, attempt_id: str, when: datetime, solved: bool = True) -> dict:
    """An attempt as an app keeps it offline."""
    return {
        "puzzle_id": puzzle["id"],
        "attempt_id": attempt_id,
        "played_at": stamp(when),
        "solved": solved,
        "moves": puzzle["moves"][1:] if solved else [],
        "seconds": 20,
    }


def send(client, headers, attempts: list[dict]):
    return client.post("/content/puzzles/attempts", json={"attempts": attempts}, headers=headers)


def pack_of(client, headers, n: int | None = None) -> dict:
    query = "" if n is None else f"?n={n}"
    return data(client.get(f"/content/puzzles/pack{query}", headers=headers))


def dailies(app, rating: float = 1500, **days) -> dict:
    """Puzzles of their own made the day's puzzle of the days given: {name: day} -> {name: id}."""
    made = {}
    for name, day in days.items():
        made[name] = add_puzzle(app, rating=rating, themes=("mate",), puzzle_id=f"day{name}")
        with app.app_context():
            db.session.add(DailyPuzzle(day=day, puzzle_id=made[name]))
            db.session.commit()
    return made


def test_a_pack_is_near_the_rating_held_and_without_the_days_puzzle(app, client, clock, puzzler):
    made = dailies(app, today=TODAY)
    for number in range(30):
        add_puzzle(app, rating=1200 + 20 * number)
    someone = puzzler("pro")
    pack = pack_of(client, someone.headers)
    ids = [puzzle["id"] for puzzle in pack["puzzles"]]
    assert len(ids) == 20 == len(set(ids)) and made["today"] not in ids
    # Near 1500 as 'next' looks (the target moved by at most 50 each time): of the 30 from 1200
    # to 1780, the farthest are left.
    assert all(1240 <= puzzle["rating"] <= 1760 for puzzle in pack["puzzles"])
    first = pack["puzzles"][0]
    assert set(first) >= {"id", "fen", "moves", "solver", "rating", "themes"}
    assert pack["daily"]["id"] == made["today"] and pack["daily"]["day"] == TODAY.isoformat()
    assert pack["allowance"]["per_day"] is None and pack["rating"] == 1500
    # Held: each opens, and none comes again in the next pack nor from 'next' while unplayed.
    assert data(client.get(f"/content/puzzles/{first['id']}", headers=someone.headers))
    again = pack_of(client, someone.headers, n=100)
    assert set(ids) <= {puzzle["id"] for puzzle in again["puzzles"]}
    assert len(again["puzzles"]) == 30  # the 20 held first, then the 10 left
    # Played today, the day's puzzle no longer comes with the pack.
    data(solve(client, someone.headers, pack["daily"], "attempt-pack-daily"))
    assert pack_of(client, someone.headers, n=1)["daily"] is None


def test_a_pack_is_for_members_and_of_1_to_100(app, client, clock, puzzler, aside):
    assert client.get("/content/puzzles/pack").status_code == 401
    assert send(client, {}, [{"puzzle_id": aside}]).status_code == 401
    someone = puzzler("pro")
    for wrong in (0, 101):
        answer = client.get(f"/content/puzzles/pack?n={wrong}", headers=someone.headers)
        assert refusal(answer) == (400, "validation_failed")
    too_many = [
        {"puzzle_id": aside, "attempt_id": f"attempt-{i:04d}", "played_at": stamp(NOON)}
        for i in range(101)
    ]
    assert send(client, someone.headers, too_many).status_code == 400
    assert send(client, someone.headers, []).status_code == 400


def test_a_free_members_pack_is_what_is_left_of_their_day(app, client, clock, puzzler, aside):
    for number in range(12):
        add_puzzle(app, rating=1400 + 20 * number)
    someone = puzzler("free")
    for number in range(2):
        puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
        data(solve(client, someone.headers, puzzle, f"attempt-free-{number}"))
    waiting = data(client.get("/content/puzzles/next", headers=someone.headers))  # not played
    pack = pack_of(client, someone.headers, n=20)
    ids = [puzzle["id"] for puzzle in pack["puzzles"]]
    assert len(ids) == 3 and ids[0] == waiting["id"]  # the one given first
    assert pack["allowance"] == {
        "per_day": 5,
        "left": 3,
        "resets_at": "2026-11-28T00:00:00Z",
    }
    assert {puzzle["id"] for puzzle in pack_of(client, someone.headers)["puzzles"]} == set(ids)
    # 'next' gives one of them, never a sixth: the five of the day stay five.
    assert data(client.get("/content/puzzles/next", headers=someone.headers))["id"] in ids
    later = [
        played(puzzle, f"attempt-free-pack-{n}", NOON + timedelta(minutes=n))
        for n, puzzle in enumerate(pack["puzzles"])
    ]
    clock.now = NOON + timedelta(hours=1)
    answer = data(send(client, someone.headers, later))
    assert [each["result"] for each in answer["attempts"]] == ["applied"] * 3
    assert all(each["outcome"]["rated"] for each in answer["attempts"])
    assert pack_of(client, someone.headers)["puzzles"] == []
    spent = client.get("/content/puzzles/next", headers=someone.headers)
    assert refusal(spent) == (403, "puzzle_allowance_spent")
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert standing["allowance"]["left"] == 0


def test_a_held_puzzle_is_played_later_whatever_the_allowance(app, client, clock, puzzler, aside):
    """A Pro member's pack played after Pro ended: each attempt is taken and rated."""
    for number in range(8):
        add_puzzle(app, rating=1500 + number)
    someone = puzzler("pro")
    pack = pack_of(client, someone.headers, n=8)
    with app.app_context():
        db.session.get(User, someone.user_id).user_tier = "free"
        db.session.commit()
    clock.now = NOON + timedelta(days=1)
    attempts = [
        played(puzzle, f"attempt-held-{n}", NOON + timedelta(hours=2, minutes=n))
        for n, puzzle in enumerate(pack["puzzles"])
    ]
    answer = data(send(client, someone.headers, attempts))
    assert [each["result"] for each in answer["attempts"]] == ["applied"] * 8
    assert all(each["outcome"]["rated"] for each in answer["attempts"])


def test_a_batch_sent_twice_counts_once(app, client, clock, puzzler, aside):
    for number in range(4):
        add_puzzle(app, rating=1500 + 10 * number)
    someone = puzzler("pro")
    pack = pack_of(client, someone.headers, n=4)
    attempts = [
        played(puzzle, f"attempt-twice-{n}", NOON + timedelta(minutes=n), solved=n % 2 == 0)
        for n, puzzle in enumerate(pack["puzzles"])
    ]
    clock.now = NOON + timedelta(hours=1)
    first = data(send(client, someone.headers, attempts))
    assert [each["result"] for each in first["attempts"]] == ["applied"] * 4
    second = data(send(client, someone.headers, list(reversed(attempts))))
    assert [each["result"] for each in second["attempts"]] == ["replay"] * 4
    kept = ("attempt_id", "puzzle_id", "solved", "rated", "rating", "puzzle_rating")
    assert [{key: each["outcome"][key] for key in kept} for each in second["attempts"]] == [
        {key: each["outcome"][key] for key in kept} for each in reversed(first["attempts"])
    ]
    assert (second["rating"], second["streak"]) == (first["rating"], first["streak"])
    with app.app_context():
        assert db.session.get(PuzzlePlayer, someone.user_id).rated_plays == 4
        rounds = db.session.scalars(sa.select(PuzzleRound).filter_by(user_id=someone.user_id))
        assert sorted(each.attempt_id for each in rounds if each.played_at) == sorted(
            each["attempt_id"] for each in attempts
        )


def test_future_and_too_old_attempts_are_refused_each_alone(app, client, clock, puzzler, aside):
    for number in range(5):
        add_puzzle(app, rating=1500 + 10 * number)
    someone = puzzler("free")
    pack = pack_of(client, someone.headers, n=5)
    first, second, third, fourth, fifth = pack["puzzles"]
    clock.now = NOON + timedelta(days=3)
    now = clock.now
    attempts = [
        played(first, "attempt-future-1", now + timedelta(minutes=5)),
        played(second, "attempt-tooold-1", now - timedelta(days=7, minutes=1)),
        played(third, "attempt-skewed-1", now + timedelta(seconds=40)),  # a clock a bit fast
        played(fourth, "attempt-week-01", now - timedelta(days=6, hours=23)),
        {**played(fifth, "attempt-wrong-1", now), "moves": ["a1a8"]},
    ]
    answer = data(send(client, someone.headers, attempts))
    results = [(each["result"], (each["error"] or {}).get("code")) for each in answer["attempts"]]
    assert results == [
        ("refused", "puzzle_attempt_in_future"),
        ("refused", "puzzle_attempt_too_old"),
        ("applied", None),
        ("applied", None),
        ("refused", "validation_failed"),
    ]
    assert answer["attempts"][0]["error"]["status"] == 400
    assert answer["attempts"][0]["outcome"] is None
    # The single attempt takes played_at with the same rules.
    alone = solve(client, someone.headers, first, "attempt-future-2")
    assert alone.status_code == 200
    late = client.post(
        f"/content/puzzles/{second['id']}/attempts",
        json={
            "attempt_id": "attempt-tooold-2",
            "moves": second["moves"][1:],
            "solved": True,
            "played_at": stamp(now - timedelta(days=8)),
        },
        headers=someone.headers,
    )
    assert refusal(late) == (400, "puzzle_attempt_too_old")
    ahead = client.post(
        f"/content/puzzles/{second['id']}/attempts",
        json={
            "attempt_id": "attempt-future-3",
            "moves": second["moves"][1:],
            "solved": True,
            "played_at": "2026-12-30T10:00:00+02:00",
        },
        headers=someone.headers,
    )
    assert refusal(ahead) == (400, "puzzle_attempt_in_future")
    # The first and the last days there are, in another zone.
    edges = [
        {**played(third, "attempt-edge-01", now), "played_at": "0001-01-01T00:30:00+01:00"},
        {**played(third, "attempt-edge-02", now), "played_at": "9999-12-31T23:00:00-02:00"},
    ]
    answer = data(send(client, someone.headers, edges))
    codes = [each["error"]["code"] for each in answer["attempts"]]
    assert codes == ["puzzle_attempt_too_old", "puzzle_attempt_in_future"]
    # Refused, the attempt left nothing: sent again within the limits, it is taken.
    retried = {**attempts[1], "played_at": stamp(now - timedelta(days=1))}
    answer = data(send(client, someone.headers, [retried]))
    assert answer["attempts"][0]["result"] == "applied"


def test_a_puzzle_not_given_is_refused_the_rest_stands(app, client, clock, puzzler, aside):
    mine = add_puzzle(app, rating=1500)
    other = add_puzzle(app, rating=2500)
    someone = puzzler("free")
    pack = pack_of(client, someone.headers, n=1)
    assert [puzzle["id"] for puzzle in pack["puzzles"]] == [mine]
    stranger = {"id": other, "moves": pack["puzzles"][0]["moves"]}
    answer = data(
        send(
            client,
            someone.headers,
            [
                played(stranger, "attempt-stranger", NOON),
                played(pack["puzzles"][0], "attempt-mine-01", NOON),
            ],
        )
    )
    assert [each["result"] for each in answer["attempts"]] == ["refused", "applied"]
    assert answer["attempts"][0]["error"]["code"] == "puzzle_not_served"


def test_the_days_puzzle_had_counts_for_its_day_after_midnight(app, client, clock, puzzler):
    made = dailies(app, yesterday=YESTERDAY, today=TODAY)
    add_puzzle(app, rating=1500)
    had, other = puzzler("free"), puzzler("free")
    clock.now = at(YESTERDAY, 23, 50)
    yesterdays = data(client.get("/content/puzzles/daily", headers=had.headers))
    assert yesterdays["id"] == made["yesterday"]
    clock.now = at(TODAY, 0, 5)
    outcome = data(solve(client, had.headers, yesterdays, "attempt-late-daily"))
    # Solved for yesterday: today is still to solve for the streak.
    assert outcome["streak"] == {"current": 1, "best": 1, "solved_today": False}
    with app.app_context():
        assert db.session.get(PuzzlePlayer, had.user_id).last_solved_on == YESTERDAY
    # A member who did not have it yesterday may not play it as the day's.
    refused = solve(client, other.headers, yesterdays, "attempt-late-other")
    assert refusal(refused) == (403, "puzzle_not_served")
    # Today's solved too: two days in a row.
    todays = data(client.get("/content/puzzles/daily", headers=had.headers))
    outcome = data(solve(client, had.headers, todays, "attempt-today-daily"))
    assert outcome["streak"] == {"current": 2, "best": 2, "solved_today": True}


def test_a_day_sent_after_a_later_one_joins_the_streak(app, client, clock, puzzler, aside):
    """Solved online two days ago and today, and offline yesterday (sent today): three days."""
    for number in range(3):
        add_puzzle(app, rating=1500 + number)
    someone = puzzler("pro")
    clock.now = NOON - timedelta(days=2)
    pack = pack_of(client, someone.headers, n=3)
    first, second, third = pack["puzzles"]
    data(solve(client, someone.headers, first, "attempt-streak-1"))
    clock.now = NOON
    assert data(solve(client, someone.headers, third, "attempt-streak-3"))["streak"]["current"] == 1
    answer = data(
        send(
            client, someone.headers, [played(second, "attempt-streak-2", NOON - timedelta(days=1))]
        )
    )
    assert answer["streak"] == {"current": 3, "best": 3, "solved_today": True}


def _state(app, user_id: int) -> dict:
    with app.app_context():
        member = db.session.get(PuzzlePlayer, user_id)
        rounds = db.session.scalars(
            sa.select(PuzzleRound)
            .where(PuzzleRound.user_id == user_id, PuzzleRound.played_at.is_not(None))
            .order_by(PuzzleRound.played_at)
        ).all()
        return {
            "member": (
                member.rating,
                member.deviation,
                member.volatility,
                member.rated_plays,
                member.streak,
                member.best_streak,
                member.last_solved_on,
            ),
            "rounds": [
                (
                    each.puzzle_id,
                    each.played_at,
                    each.solved,
                    each.rated,
                    each.rating_before,
                    each.rating_after,
                )
                for each in rounds
            ],
        }


def _puzzles(app) -> dict:
    with app.app_context():
        return {
            puzzle.id: (puzzle.rating, puzzle.deviation, puzzle.volatility, puzzle.plays)
            for puzzle in db.session.scalars(sa.select(Puzzle))
        }


def _restore(app, puzzles: dict) -> None:
    with app.app_context():
        for puzzle_id, (rating, deviation, volatility, plays) in puzzles.items():
            puzzle = db.session.get(Puzzle, puzzle_id)
            puzzle.rating, puzzle.deviation, puzzle.volatility = rating, deviation, volatility
            puzzle.plays = plays
            db.session.execute(
                sa.update(PuzzleTheme)
                .where(PuzzleTheme.puzzle_id == puzzle_id)
                .values(rating=rating)
            )
        db.session.commit()


def test_an_app_journey_offline_is_as_if_played_online(app, client, clock, puzzler):
    """A Pro member downloads a pack in the evening, plays 20 attempts offline until the next
    morning (yesterday's puzzle of the day among them), and sends them at noon in one batch:
    their rating, streak and the day's puzzles are what another member gets who sent the same
    attempts one at a time online at those times."""
    # Today's is chosen ahead here (the site chooses a day's puzzle on its day): far from the
    # pack's ratings, so that yesterday evening's pack cannot hold it by chance.
    made = dailies(app, yesterday=YESTERDAY) | dailies(app, rating=2600, today=TODAY)
    for number in range(30):
        add_puzzle(app, rating=1300 + 15 * number)
    offline, online = puzzler("pro"), puzzler("pro")
    clock.now = at(YESTERDAY, 20)
    pack = pack_of(client, offline.headers, n=19)
    assert pack["daily"]["id"] == made["yesterday"] and len(pack["puzzles"]) == 19
    puzzles = [*pack["puzzles"][:9], pack["daily"], *pack["puzzles"][9:]]
    # Ten in the evening (the day's puzzle tenth), ten the next morning; one in three missed.
    times = [at(YESTERDAY, 20, 5 + 5 * n) for n in range(10)]
    times += [at(TODAY, 7, 3 * n) for n in range(10)]
    attempts = [
        played(puzzle, f"attempt-trip-{n:02d}", when, solved=n % 3 != 1)
        for n, (puzzle, when) in enumerate(zip(puzzles, times, strict=True))
    ]
    before = _puzzles(app)

    clock.now = at(TODAY, 12)
    shuffled = random.Random(7).sample(attempts, len(attempts))  # noqa: S311
    answer = data(send(client, offline.headers, shuffled))
    assert [each["result"] for each in answer["attempts"]] == ["applied"] * 20
    by_id = {each["attempt_id"]: each["outcome"] for each in answer["attempts"]}
    assert all(by_id[each["attempt_id"]]["rated"] for each in attempts)
    offline_state = _state(app, offline.user_id)
    offline_standing = data(client.get("/content/puzzles/me", headers=offline.headers))

    # The same attempts online, one at a time, at the times they were played, on the puzzles as
    # they were.
    _restore(app, before)
    clock.now = at(YESTERDAY, 20)
    data(client.get("/content/puzzles/daily", headers=online.headers))
    for attempt, when in zip(attempts, times, strict=True):
        clock.now = when
        body = {key: attempt[key] for key in ("attempt_id", "moves", "solved", "seconds")}
        data(
            client.post(
                f"/content/puzzles/{attempt['puzzle_id']}/attempts",
                json={**body, "attempt_id": "on-" + attempt["attempt_id"]},
                headers=online.headers,
            )
        )
    clock.now = at(TODAY, 12)
    online_state = _state(app, online.user_id)
    online_standing = data(client.get("/content/puzzles/me", headers=online.headers))

    assert offline_state == online_state
    assert offline_state["member"][4:] == (2, 2, TODAY)
    for key in ("rating", "deviation", "rated_plays", "rating_history", "streak", "themes"):
        assert offline_standing[key] == online_standing[key], key
    assert offline_standing["history"] == online_standing["history"]
    assert (answer["rating"], answer["streak"]) == (
        online_standing["rating"],
        online_standing["streak"],
    )
    # Yesterday's puzzle of the day was played yesterday; today's is still to play, for both.
    for someone in (offline, online):
        today = data(client.get("/content/puzzles/daily", headers=someone.headers))
        assert (today["id"], today["played"]) == (made["today"], False)
        with app.app_context():
            rounds = db.session.scalars(
                sa.select(PuzzleRound).filter_by(
                    user_id=someone.user_id, puzzle_id=made["yesterday"]
                )
            ).all()
            assert [(each.source, each.played_at) for each in rounds] == [("daily", times[9])]


def test_copies_of_one_batch_at_once_count_once(app, clock, puzzler, aside):
    """An app that sends its queue again while the first send is slow: ten copies together.
    Each attempt is recorded and rated once, and every copy answers each attempt's outcome."""
    from .test_races import at_once, rated_plays

    for number in range(6):
        add_puzzle(app, rating=1500 + 10 * number)
    someone = puzzler("free")
    headers = someone.headers
    client = app.test_client()
    pack = pack_of(client, headers, n=5)
    attempts = [
        played(puzzle, f"attempt-copies-{n}", NOON + timedelta(minutes=n), solved=n != 2)
        for n, puzzle in enumerate(pack["puzzles"])
    ]
    clock.now = NOON + timedelta(hours=1)
    headers = someone.headers  # signed in again: an access token lasts less than an hour
    copies = [lambda other: send(other, headers, attempts)] * 10
    answers = at_once(app, someone.user_id, copies)
    assert [answer.status_code for answer in answers] == [200] * 10
    results = [
        [each["result"] for each in answer.get_json()["data"]["attempts"]] for answer in answers
    ]
    assert results.count(["applied"] * 5) == 1 and results.count(["replay"] * 5) == 9
    outcomes = {
        str([each["outcome"]["rating"] for each in answer.get_json()["data"]["attempts"]])
        for answer in answers
    }
    assert len(outcomes) == 1
    assert rated_plays(app, someone.user_id) == 5
