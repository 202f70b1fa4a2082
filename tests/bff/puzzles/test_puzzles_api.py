"""/content/puzzles: the day's puzzle for everyone, rated puzzles near the member's rating (5 a
day for free members), attempts checked and rated once, streaks, standing and review."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bff.platform.extensions import db

from ..builders import refusal
from .builders import LONGER, MATE, NOON, add_puzzle, data, solve


def test_the_daily_puzzle_is_the_same_for_everyone_and_changes_with_the_day(
    app, client, clock, puzzler
):
    for rating in (900, 1450, 1500, 1550, 2300):
        add_puzzle(app, rating=rating)
    guest = data(client.get("/content/puzzles/daily"))
    someone = puzzler()
    assert data(client.get("/content/puzzles/daily", headers=someone.headers))["id"] == guest["id"]
    assert guest["day"] == "2026-11-27"
    assert guest["moves"] == MATE[1].split() and guest["solver"] == "white"
    assert 1300 <= guest["rating"] <= 1700
    days = [guest]
    for later in range(1, 5):
        clock.now = NOON + timedelta(days=later)
        days.append(data(client.get("/content/puzzles/daily")))
    # Not the day's twice in a year while others are left, near 1500 first.
    assert [1300 <= day["rating"] <= 1700 for day in days] == [True, True, True, False, False]
    assert len({day["id"] for day in days}) == 5


def test_a_guest_opens_only_the_daily_puzzle_and_cannot_play_rated(app, client, clock):
    daily_id = add_puzzle(app, rating=1500)
    other = add_puzzle(app, rating=900)
    assert data(client.get(f"/content/puzzles/{daily_id}"))["id"] == daily_id
    assert refusal(client.get(f"/content/puzzles/{other}")) == (403, "puzzle_not_served")
    assert client.get("/content/puzzles/next").status_code == 401
    attempt = client.post(
        f"/content/puzzles/{daily_id}/attempts",
        json={"attempt_id": "guest-attempt-1", "moves": ["f3f7"], "solved": True},
    )
    assert attempt.status_code == 401


def test_next_is_near_the_members_rating_and_never_one_played(app, client, clock, puzzler, aside):
    near = add_puzzle(app, rating=1520)
    add_puzzle(app, rating=2400)
    second = add_puzzle(app, rating=1300)
    someone = puzzler("pro")
    first = data(client.get("/content/puzzles/next", headers=someone.headers))
    assert first["id"] == near
    again = data(client.get("/content/puzzles/next", headers=someone.headers))
    assert again["id"] == near  # not played yet: the same one, however often asked
    assert data(solve(client, someone.headers, first, "attempt-0001"))["solved"] is True
    following = data(client.get("/content/puzzles/next", headers=someone.headers))
    assert following["id"] == second  # the window widened to the nearest left


def test_next_of_a_theme(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500, themes=("mate", "mateIn1"))
    fork = add_puzzle(app, rating=1900, themes=("fork", "short"), line=LONGER)
    someone = puzzler("pro")
    found = data(client.get("/content/puzzles/next?theme=fork", headers=someone.headers))
    assert found["id"] == fork
    assert {"theme": "fork", "name": "Fork"} in found["themes"]
    assert refusal(client.get("/content/puzzles/next?theme=pin", headers=someone.headers))[0] == 404
    assert refusal(client.get("/content/puzzles/next?theme=<b>", headers=someone.headers))[0] == 400


def test_a_free_member_gets_five_a_day_then_the_offer(app, client, clock, puzzler, aside):
    for number in range(8):
        add_puzzle(app, rating=1400 + 25 * number)
    someone = puzzler("free")
    for number in range(5):
        puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
        data(solve(client, someone.headers, puzzle, f"attempt-free-{number}"))
    spent = client.get("/content/puzzles/next", headers=someone.headers)
    assert refusal(spent) == (403, "puzzle_allowance_spent")
    assert spent.get_json()["error"]["available_at"] == "2026-11-28T00:00:00Z"
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert standing["allowance"] == {"per_day": 5, "left": 0, "resets_at": "2026-11-28T00:00:00Z"}
    clock.now = NOON + timedelta(days=1)
    assert client.get("/content/puzzles/next", headers=someone.headers).status_code == 200


def test_a_pro_member_has_no_daily_limit(app, client, clock, puzzler, aside):
    for number in range(7):
        add_puzzle(app, rating=1400 + 25 * number)
    someone = puzzler("pro")
    for number in range(7):
        puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
        data(solve(client, someone.headers, puzzle, f"attempt-pro-{number}"))
    assert (
        data(client.get("/content/puzzles/me", headers=someone.headers))["allowance"]["per_day"]
        is None
    )


def test_a_solve_raises_the_rating_and_a_failure_lowers_it(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500)
    add_puzzle(app, rating=1450)
    someone = puzzler("pro")
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    won = data(solve(client, someone.headers, puzzle, "attempt-win-1"))
    assert won["rated"] is True and won["solved"] is True
    assert won["rating"]["before"] == 1500 and won["rating"]["change"] > 0
    assert won["puzzle_rating"] < puzzle["rating"]
    assert won["streak"] == {"current": 1, "best": 1, "solved_today": True}
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    lost = data(
        solve(client, someone.headers, puzzle, "attempt-loss-1", solved=False, moves=["f3f6"])
    )
    assert lost["solved"] is False and lost["rating"]["change"] < 0
    assert lost["rating"]["before"] == won["rating"]["after"]
    assert lost["review_due_today"] == 1


def test_a_rated_attempt_moves_the_puzzles_rating_in_its_theme_rows(
    app, client, clock, puzzler, aside
):
    """The next puzzle of a theme is looked for by the rating in the theme's rows: the database
    keeps it the puzzle's."""
    from bff.puzzles.models import Puzzle, PuzzleTheme

    add_puzzle(app, rating=1500, themes=("mate", "mateIn1"))
    other = add_puzzle(app, rating=1200, themes=("mate",))
    someone = puzzler("pro")
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    won = data(solve(client, someone.headers, puzzle, "attempt-theme-1"))
    with app.app_context():
        rating = db.session.get(Puzzle, puzzle["id"]).rating
        rows = db.session.query(PuzzleTheme).filter_by(puzzle_id=puzzle["id"]).all()
        assert round(rating) == won["puzzle_rating"] < 1500
        assert sorted((row.theme, row.rating) for row in rows) == [
            ("mate", rating),
            ("mateIn1", rating),
        ]
        assert [row.rating for row in db.session.query(PuzzleTheme).filter_by(puzzle_id=other)] == [
            1200.0
        ]


def test_the_server_checks_the_moves(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500)
    someone = puzzler("pro")
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    claimed = data(
        solve(client, someone.headers, puzzle, "attempt-claim-1", solved=True, moves=["f3f6"])
    )
    assert claimed["solved"] is False


def test_an_attempt_is_recorded_once(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500)
    someone = puzzler("pro")
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    first = data(solve(client, someone.headers, puzzle, "attempt-once-1"))
    assert data(solve(client, someone.headers, puzzle, "attempt-once-1")) == first
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert standing["rated_plays"] == 1 and len(standing["history"]) == 1
    replay = data(solve(client, someone.headers, puzzle, "attempt-once-2"))
    assert replay["rated"] is False and replay["rating"]["change"] == 0
    other = add_puzzle(app, rating=1500)
    conflict = client.post(
        f"/content/puzzles/{other}/attempts",
        json={"attempt_id": "attempt-once-1", "moves": [], "solved": False},
        headers=someone.headers,
    )
    assert refusal(conflict) == (409, "puzzle_attempt_conflict")


def test_a_puzzle_not_given_cannot_be_played_by_a_free_member(app, client, clock, puzzler):
    add_puzzle(app, rating=1500)
    data(client.get("/content/puzzles/daily"))
    hidden = add_puzzle(app, rating=2500, popularity=-50)
    someone = puzzler("free")
    assert refusal(client.get(f"/content/puzzles/{hidden}", headers=someone.headers)) == (
        403,
        "puzzle_not_served",
    )
    refused = solve(
        client, someone.headers, {"id": hidden, "moves": MATE[1].split()}, "attempt-hide-1"
    )
    assert refusal(refused) == (403, "puzzle_not_served")
    pro = puzzler("pro")
    assert data(client.get(f"/content/puzzles/{hidden}", headers=pro.headers))["id"] == hidden


def test_a_failed_puzzle_comes_back_for_review(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500)
    someone = puzzler("free")
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    data(solve(client, someone.headers, puzzle, "attempt-rev-1", solved=False, moves=[]))
    review = data(client.get("/content/puzzles/me", headers=someone.headers))["review"]
    assert review["due_today"] == 1 and review["due_now"] == 0
    assert (
        refusal(client.get("/content/puzzles/next?review=true", headers=someone.headers))[0] == 404
    )
    clock.now = NOON + timedelta(minutes=11)
    due = data(client.get("/content/puzzles/next?review=true", headers=someone.headers))
    assert (due["id"], due["source"]) == (puzzle["id"], "review")
    again = data(solve(client, someone.headers, due, "attempt-rev-2"))
    assert again["solved"] is True and again["rated"] is False
    clock.now = NOON + timedelta(hours=2)
    assert (
        data(client.get("/content/puzzles/me", headers=someone.headers))["review"]["due_now"] == 0
    )


def test_the_streak_counts_days_in_a_row(app, client, clock, puzzler, aside):
    for number in range(4):
        add_puzzle(app, rating=1500 + number)
    someone = puzzler("pro")
    for days in (0, 1, 3):
        clock.now = NOON + timedelta(days=days)
        puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
        outcome = data(solve(client, someone.headers, puzzle, f"attempt-day-{days}"))
    assert outcome["streak"] == {"current": 1, "best": 2, "solved_today": True}


def test_the_standing_says_rating_history_and_themes(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500, themes=("mate", "mateIn1"))
    add_puzzle(app, rating=1510, themes=("fork",), line=LONGER)
    someone = puzzler("pro")
    first = data(client.get("/content/puzzles/next", headers=someone.headers))
    data(solve(client, someone.headers, first, "attempt-me-1"))
    clock.now += timedelta(minutes=1)
    second = data(client.get("/content/puzzles/next", headers=someone.headers))
    data(solve(client, someone.headers, second, "attempt-me-2", solved=False, moves=[]))
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert [entry["puzzle_id"] for entry in standing["history"]] == [second["id"], first["id"]]
    assert len(standing["rating_history"]) == 2
    assert standing["provisional"] is True
    rates = {entry["theme"]: entry["success_rate"] for entry in standing["themes"]}
    solved_theme, failed_theme = (t["theme"] for t in (first["themes"][0], second["themes"][0]))
    assert rates[solved_theme] == 1.0 and rates[failed_theme] == 0.0


def test_themes_with_their_counts(app, client):
    add_puzzle(app, themes=("mate", "mateIn1"))
    add_puzzle(app, themes=("mate", "backRankMate"))
    found = data(client.get("/content/puzzles/themes"))
    assert found[0] == {"theme": "mate", "name": "Checkmate", "count": 2}
    assert {"theme": "backRankMate", "name": "Back-rank mate", "count": 1} in found


def test_bad_attempts_are_refused(app, client, clock, puzzler):
    puzzle_id = add_puzzle(app)
    someone = puzzler("pro")
    for body in (
        {"attempt_id": "short", "moves": [], "solved": True},
        {"attempt_id": "attempt-bad-1", "moves": ["Qxf7"], "solved": True},
        {"attempt_id": "attempt-bad-1", "moves": [], "solved": "yes please"},
        {"attempt_id": "attempt-bad-1", "moves": ["e2e4"] * 41, "solved": True},
    ):
        answer = client.post(
            f"/content/puzzles/{puzzle_id}/attempts", json=body, headers=someone.headers
        )
        assert answer.status_code == 400, body
    unknown = client.post(
        "/content/puzzles/nosuch1/attempts",
        json={"attempt_id": "attempt-bad-2", "moves": [], "solved": False},
        headers=someone.headers,
    )
    assert refusal(unknown)[0] == 404


def test_next_near_a_rating_asked_for(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1000)
    hard = add_puzzle(app, rating=2000)
    someone = puzzler("pro")
    found = data(client.get("/content/puzzles/next?rating=1950", headers=someone.headers))
    assert found["id"] == hard


def test_a_members_rating_row_is_made_once_when_two_first_calls_race(app, member, monkeypatch):
    """The puzzles page asks for the standing and the next puzzle at once: the request that
    finds no row but loses the insert to the other reads the row the other made."""
    from bff.puzzles import play
    from bff.puzzles.models import PuzzlePlayer

    user_id, _ = member("free")
    with app.app_context():
        winner = play.player(db.session, user_id)
        winner.rating = 1512.0  # the winner's row, told apart from a fresh one
        db.session.commit()
        db.session.expunge_all()
        real_scalar = db.session.scalar
        looks = iter([None])  # the loser's first look comes before the winner's commit

        def scalar(statement, *args, **kwargs):
            seen = next(looks, "real")
            return real_scalar(statement, *args, **kwargs) if seen == "real" else None

        monkeypatch.setattr(db.session, "scalar", scalar)
        loser = play.player(db.session, user_id, lock=True)
        assert (loser.user_id, loser.rating) == (user_id, 1512.0)
        monkeypatch.undo()
        db.session.commit()
        assert db.session.query(PuzzlePlayer).filter_by(user_id=user_id).count() == 1


def on_postgresql(app) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("PostgreSQL's row lock and its data-modifying CTE")


def test_next_is_one_round_trip_on_postgresql(app, client, clock, puzzler, aside, monkeypatch):
    """On PostgreSQL 'next' serves a puzzle, then the one the member has not played, each in one
    round trip of the puzzles (the viewer's read aside): the member's row locked and the one
    statement that decides and inserts the round, sent together (next_statement.py)."""
    import sqlalchemy as sa

    from bff.puzzles import next_statement

    on_postgresql(app)
    near = add_puzzle(app, rating=1480)
    someone = puzzler("pro")
    headers = someone.headers
    data(client.get("/content/puzzles/me", headers=headers))  # their rating row made
    data(client.get("/content/puzzles/daily"))  # the day's puzzle chosen (to be left out)
    with app.app_context():
        engine = db.engine
    statements: list[str] = []
    together: list[int] = []
    real = next_statement._locked_and_decided

    def keep(connection, cursor, statement, *args) -> None:
        statements.append(statement)

    def counted(*args):
        together.append(1)
        return real(*args)

    monkeypatch.setattr(next_statement, "_locked_and_decided", counted)

    sa.event.listen(engine, "before_cursor_execute", keep)
    try:
        for _ in range(2):
            statements.clear()
            together.clear()
            assert data(client.get("/content/puzzles/next", headers=headers))["id"] == near
            # Nothing of the puzzles through SQLAlchemy one at a time: one pipeline of the two.
            assert [s for s in statements if "puzzle" in s] == [], statements
            assert together == [1]
    finally:
        sa.event.remove(engine, "before_cursor_execute", keep)


def test_two_nexts_of_one_member_at_once_serve_one_puzzle(app, client, clock, puzzler, aside):
    """The puzzles page and a second tab ask at the same moment: one puzzle is served, and both
    get it (the member's row is locked for each 'next'; SQLite, the embedded default, has no
    row lock)."""
    import threading
    import time

    import sqlalchemy as sa

    from bff.puzzles.models import PuzzleRound

    on_postgresql(app)
    for rating in (1450, 1500, 1550):
        add_puzzle(app, rating=rating)
    someone = puzzler("free")
    headers = someone.headers
    data(client.get("/content/puzzles/me", headers=headers))  # their rating row made
    found: list[str] = []

    def ask() -> None:
        found.append(data(app.test_client().get("/content/puzzles/next", headers=headers))["id"])

    askers = [threading.Thread(target=ask) for _ in range(2)]
    with app.app_context():
        engine = db.engine
    # Both requests come while something else holds the member's row: both wait, then go one
    # after the other.
    with engine.connect() as holder, holder.begin():
        row = "SELECT 1 FROM puzzle_players WHERE user_id = :member FOR UPDATE"
        holder.execute(sa.text(row), {"member": someone.user_id})
        for asker in askers:
            asker.start()
        time.sleep(0.5)
        assert found == []  # waiting for the row
    for asker in askers:
        asker.join(timeout=30)
    assert len(found) == 2 and found[0] == found[1]
    with app.app_context():
        assert db.session.query(PuzzleRound).filter_by(user_id=someone.user_id).count() == 1


def test_opening_the_puzzles_again_spends_nothing(app, client, clock, puzzler, aside):
    """A free member's day counts puzzles played: 'next' asked again and again gives the same
    puzzle and leaves the five; each one played spends one."""
    for number in range(3):
        add_puzzle(app, rating=1450 + 50 * number)
    someone = puzzler("free")
    served = {data(client.get("/content/puzzles/next", headers=someone.headers))["id"]}
    for _ in range(7):
        served.add(data(client.get("/content/puzzles/next", headers=someone.headers))["id"])
    assert len(served) == 1
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert standing["allowance"]["left"] == 5
    puzzle = data(client.get("/content/puzzles/next", headers=someone.headers))
    data(solve(client, someone.headers, puzzle, "attempt-spend-1", solved=False, moves=[]))
    standing = data(client.get("/content/puzzles/me", headers=someone.headers))
    assert standing["allowance"]["left"] == 4
    # The day's puzzle and the review are besides the five.
    daily = data(client.get("/content/puzzles/daily", headers=someone.headers))
    data(solve(client, someone.headers, daily, "attempt-spend-2"))
    assert (
        data(client.get("/content/puzzles/me", headers=someone.headers))["allowance"]["left"] == 4
    )


def test_a_free_member_holds_at_most_five_waiting(app, client, clock, puzzler, aside):
    """Asking for theme after theme without playing: five are given, the sixth theme is refused
    (puzzles_waiting) until one of them is played; a plain 'next' gives the last one given."""
    themes = ("fork", "pin", "skewer", "sacrifice", "deflection", "clearance")
    for theme in themes:
        add_puzzle(app, rating=1500, themes=("mate", theme))
    someone = puzzler("free")

    def of(theme: str):
        return client.get(f"/content/puzzles/next?theme={theme}", headers=someone.headers)

    given = [data(of(theme)) for theme in themes[:5]]
    assert len({puzzle["id"] for puzzle in given}) == 5
    assert refusal(of(themes[5])) == (403, "puzzles_waiting")
    assert data(of(themes[0]))["id"] == given[0]["id"]  # a theme given before: the same again
    plain = data(client.get("/content/puzzles/next", headers=someone.headers))
    assert plain["id"] == given[4]["id"]
    data(solve(client, someone.headers, given[2], "attempt-waiting-1"))
    assert data(of(themes[5]))["themes"][1]["theme"] == themes[5]


def test_next_never_serves_the_days_puzzle(app, client, clock, puzzler):
    """The day's puzzle is everyone's, played from /daily: 'next' leaves it out, even when it
    is the nearest, and even before anyone asked for it (chosen then)."""
    first = add_puzzle(app, rating=1500)
    second = add_puzzle(app, rating=1500)
    someone = puzzler("pro")
    served = data(client.get("/content/puzzles/next", headers=someone.headers))
    daily = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert {served["id"], daily["id"]} == {first, second}
    data(solve(client, someone.headers, served, "attempt-notdaily-1"))
    assert refusal(client.get("/content/puzzles/next", headers=someone.headers))[0] == 404
    outcome = data(solve(client, someone.headers, daily, "attempt-notdaily-2"))
    assert outcome["rated"] is True


def test_the_daily_puzzle_says_whether_the_member_played_and_solved_it(app, client, clock, puzzler):
    add_puzzle(app, rating=1500)
    guest = data(client.get("/content/puzzles/daily"))
    assert (guest["played"], guest["solved"]) == (False, None)
    someone = puzzler("free")
    before = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert (before["played"], before["solved"]) == (False, None)
    data(solve(client, someone.headers, before, "attempt-daily-1", solved=False, moves=[]))
    missed = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert (missed["played"], missed["solved"]) == (True, False)
    data(solve(client, someone.headers, before, "attempt-daily-2"))
    solved = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert (solved["played"], solved["solved"]) == (True, True)
    data(solve(client, someone.headers, before, "attempt-daily-3", solved=False, moves=[]))
    still = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert (still["played"], still["solved"]) == (True, True)  # once solved, it stays solved
    assert data(client.get("/content/puzzles/daily"))["played"] is False  # a guest's is their own
    other = puzzler("free")
    theirs = data(client.get("/content/puzzles/daily", headers=other.headers))
    assert (theirs["played"], theirs["solved"]) == (False, None)
    clock.now = NOON + timedelta(days=1)
    add_puzzle(app, rating=1500)
    tomorrow = data(client.get("/content/puzzles/daily", headers=someone.headers))
    assert (tomorrow["played"], tomorrow["solved"]) == (False, None)
