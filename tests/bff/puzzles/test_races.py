"""A member's requests that race for real, 20 to 40 at once, as a client retrying in a burst
would send them: copies of one attempt, many 'next', many attempts at one puzzle, the last of a
free member's day. Each test holds what a member's 'next' and attempt wait for (SQLite's
write lock, PostgreSQL's lock of their rating row) while its requests start in threads, so that
all of them have read the member's state before any writes; then lets go."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa

from bff.platform.extensions import db
from bff.puzzles.models import Puzzle, PuzzlePlayer, PuzzleRound

from .builders import add_puzzle, data

# Long enough for every thread to have read what it reads before its first write.
STARTED = 1.5


@contextmanager
def members_turn_held(app, user_id: int) -> Iterator[None]:
    """Hold SQLite's write lock, or on PostgreSQL the member's rating row, while the block runs
    (the requests it starts read and then wait, or wait at once when they take the lock first)."""
    with app.app_context():
        engine = db.engine
    with engine.connect() as holder:
        if engine.dialect.name == "sqlite":
            holder.connection.driver_connection.execute("BEGIN IMMEDIATE")
        else:
            row = "SELECT 1 FROM puzzle_players WHERE user_id = :member FOR UPDATE"
            holder.execute(sa.text(row), {"member": user_id})
        yield
        holder.rollback()


def at_once(app, user_id: int, requests: list) -> list:
    """Run each request (a function of a test client) in a thread of its own, all started while
    the member's turn is held; their answers, in the order given."""
    answers: list = [None] * len(requests)

    def run(index: int) -> None:
        answers[index] = requests[index](app.test_client())

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    with members_turn_held(app, user_id):
        for thread in threads:
            thread.start()
        time.sleep(STARTED)
    for thread in threads:
        thread.join(timeout=60)
    assert all(answer is not None for answer in answers), "a request did not end"
    return answers


def attempt(puzzle_id: str, moves: list[str], attempt_id: str, headers: dict[str, str]):
    body = {"attempt_id": attempt_id, "moves": moves, "solved": True, "seconds": 9}
    return lambda client: client.post(
        f"/content/puzzles/{puzzle_id}/attempts", json=body, headers=headers
    )


def rounds_of(app, user_id: int) -> list[PuzzleRound]:
    with app.app_context():
        found = db.session.scalars(sa.select(PuzzleRound).filter_by(user_id=user_id)).all()
        db.session.expunge_all()
        return list(found)


def rated_plays(app, user_id: int) -> int:
    with app.app_context():
        return db.session.get(PuzzlePlayer, user_id).rated_plays


def test_copies_of_one_attempt_at_once_answer_as_one(app, clock, puzzler):
    """A client that retries an attempt whose answer was slow: the copies arrive together. One
    round is recorded and rated, and every copy answers what the first did (not a 500 for the
    copy that lost the insert of the round, nor a second rating)."""
    add_puzzle(app, rating=1500)
    someone = puzzler("free")
    headers = someone.headers
    client = app.test_client()
    daily = data(client.get("/content/puzzles/daily", headers=headers))  # no round served
    data(client.get("/content/puzzles/me", headers=headers))  # their rating row made
    copies = [attempt(daily["id"], daily["moves"][1:], "copied-attempt", headers)] * 20
    answers = at_once(app, someone.user_id, copies)
    assert [answer.status_code for answer in answers] == [200] * 20, [
        answer.get_data(as_text=True) for answer in answers
    ]
    assert all(answer.get_json() == answers[0].get_json() for answer in answers)
    assert answers[0].get_json()["data"]["rated"] is True
    rounds = rounds_of(app, someone.user_id)
    assert [(each.attempt_id, each.rated) for each in rounds] == [("copied-attempt", True)]
    assert rated_plays(app, someone.user_id) == 1


def test_many_attempts_at_one_puzzle_at_once_rate_it_once(app, clock, puzzler, aside):
    """Attempts of one puzzle with different ids, together (two devices, a client that makes a
    new id for each retry): the first recorded is rated, the others are replays of it, and each
    id keeps its own round."""
    add_puzzle(app, rating=1500)
    someone = puzzler("free")
    headers = someone.headers
    client = app.test_client()
    served = data(client.get("/content/puzzles/next", headers=headers))
    with app.app_context():
        plays_before = db.session.get(Puzzle, served["id"]).plays
    ids = [f"attempt-{i:02d}" for i in range(20)]
    tries = [attempt(served["id"], served["moves"][1:], each, headers) for each in ids]
    answers = at_once(app, someone.user_id, tries)
    assert [answer.status_code for answer in answers] == [200] * 20
    assert sum(answer.get_json()["data"]["rated"] for answer in answers) == 1
    rounds = rounds_of(app, someone.user_id)
    assert sorted(each.attempt_id for each in rounds) == ids
    assert sum(each.rated for each in rounds) == 1
    assert rated_plays(app, someone.user_id) == 1
    with app.app_context():
        assert db.session.get(Puzzle, served["id"]).plays == plays_before + 1


def test_many_nexts_at_once_serve_one_puzzle(app, clock, puzzler, aside):
    """'next' asked many times at once, each near another rating: the first serves a puzzle and
    the others give that one again (it is not played yet)."""
    for rating in range(1000, 3050, 50):
        add_puzzle(app, rating=rating)
    someone = puzzler("free")
    headers = someone.headers
    data(app.test_client().get("/content/puzzles/me", headers=headers))  # their rating row made

    def near(rating: int):
        return lambda client: client.get(f"/content/puzzles/next?rating={rating}", headers=headers)

    answers = at_once(app, someone.user_id, [near(r) for r in range(1000, 3000, 100)])
    served = {data(answer)["id"] for answer in answers}
    assert len(served) == 1
    assert len(rounds_of(app, someone.user_id)) == 1


def test_forty_plain_nexts_at_once_serve_one_and_spend_nothing(app, clock, puzzler, aside):
    """Forty plain 'next' at once (a client's burst of retries): one puzzle served forty times,
    and nothing of the free member's five spent (their day counts puzzles played)."""
    for rating in range(1300, 1700, 20):
        add_puzzle(app, rating=rating)
    someone = puzzler("free")
    headers = someone.headers
    data(app.test_client().get("/content/puzzles/me", headers=headers))  # their rating row made

    def plain(client):
        return client.get("/content/puzzles/next", headers=headers)

    answers = at_once(app, someone.user_id, [plain] * 40)
    assert [answer.status_code for answer in answers] == [200] * 40
    assert len({data(answer)["id"] for answer in answers}) == 1
    assert len(rounds_of(app, someone.user_id)) == 1
    standing = data(app.test_client().get("/content/puzzles/me", headers=headers))
    assert standing["allowance"]["left"] == 5, standing


THEMES = (
    "fork",
    "pin",
    "skewer",
    "sacrifice",
    "deflection",
    "hangingPiece",
    "discoveredAttack",
    "attraction",
    "clearance",
    "interference",
    "backRankMate",
    "doubleCheck",
    "trappedPiece",
    "quietMove",
    "xRayAttack",
    "exposedKing",
    "advancedPawn",
    "kingsideAttack",
    "queensideAttack",
    "enPassant",
)


def test_twenty_themes_at_once_serve_at_most_five_waiting(app, clock, puzzler, aside):
    """A free member's 'next' for twenty themes at once: serving spends nothing of the day, but a
    free member holds at most five puzzles given and not played, so five are served (one for each
    of five themes) and the other fifteen are refused as puzzles_waiting: asking without playing
    shows no more than five."""
    for theme in THEMES:
        add_puzzle(app, rating=1500, themes=("mate", theme))
    someone = puzzler("free")
    headers = someone.headers
    data(app.test_client().get("/content/puzzles/me", headers=headers))  # their rating row made

    def of(theme: str):
        return lambda client: client.get(f"/content/puzzles/next?theme={theme}", headers=headers)

    answers = at_once(app, someone.user_id, [of(theme) for theme in THEMES])
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * 5 + [403] * 15
    refused = [answer.get_json() for answer in answers if answer.status_code == 403]
    assert {body["error"]["code"] for body in refused} == {"puzzles_waiting"}
    served = {data(answer)["id"] for answer in answers if answer.status_code == 200}
    assert len(served) == 5
    assert len(rounds_of(app, someone.user_id)) == 5
    standing = data(app.test_client().get("/content/puzzles/me", headers=headers))
    assert standing["allowance"]["left"] == 5, standing


def test_five_played_is_five_however_many_are_sent_at_once(app, clock, puzzler, aside):
    """Four played and two waiting (given for two themes): attempts at both at once record the
    first as the fifth of the day and refuse the other (puzzle_allowance_spent), so five played
    is five; 'next' then refuses too."""
    for theme in THEMES[:6]:
        add_puzzle(app, rating=1500, themes=("mate", theme))
    someone = puzzler("free")
    headers = someone.headers
    client = app.test_client()
    given = {
        theme: data(client.get(f"/content/puzzles/next?theme={theme}", headers=headers))
        for theme in THEMES[:5]
    }
    for number, theme in enumerate(THEMES[:4]):
        puzzle = given[theme]
        sent = attempt(puzzle["id"], puzzle["moves"][1:], f"played-{number:02d}", headers)
        assert data(sent(client))["rated"] is True
    sixth = data(client.get(f"/content/puzzles/next?theme={THEMES[5]}", headers=headers))
    waiting = [given[THEMES[4]], sixth]
    tries = [
        attempt(puzzle["id"], puzzle["moves"][1:], f"waiting-{number:02d}", headers)
        for number, puzzle in enumerate(waiting)
    ]
    answers = at_once(app, someone.user_id, tries)
    assert sorted(answer.status_code for answer in answers) == [200, 403]
    refused = next(answer for answer in answers if answer.status_code == 403)
    assert refused.get_json()["error"]["code"] == "puzzle_allowance_spent"
    assert rated_plays(app, someone.user_id) == 5
    assert client.get("/content/puzzles/next", headers=headers).status_code == 403
    standing = data(client.get("/content/puzzles/me", headers=headers))
    assert standing["allowance"]["left"] == 0
