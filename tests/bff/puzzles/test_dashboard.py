"""The puzzle dashboard (performance by theme over 7, 30 and 90 days, weak and strong themes) and
the next puzzle of several themes or of the weak-themes mix."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import sqlalchemy as sa

from bff.platform.extensions import db
from bff.puzzles import dashboard, routes, training
from bff.puzzles.dashboard import Dashboard, Results
from bff.puzzles.models import Puzzle

from ..builders import refusal
from .builders import NOON, add_puzzle, daily_aside, data, solve

DASHBOARD = "/content/puzzles/me/dashboard"


def seeded(seed: int) -> random.Random:
    """The random source the route takes, seeded: a test's draws are the same each run."""
    return random.Random(seed)  # noqa: S311 (not for secrets)


@pytest.fixture
def aside(app, clock):
    """The day's puzzle set aside for the two months a test moves its clock over."""
    return daily_aside(app, clock.now.date(), days=60)


def play(client, someone, theme: str, solved: bool, number: int) -> dict:
    puzzle = data(client.get(f"/content/puzzles/next?theme={theme}", headers=someone.headers))
    moves = None if solved else []
    data(solve(client, someone.headers, puzzle, f"attempt-{theme}-{number}", solved, moves))
    return puzzle


def performance(app, played: list[tuple[str, bool]]) -> int:
    """Lichess's performance from the puzzles' ratings as the database has them now."""
    with app.app_context():
        total = sum(
            db.session.get(Puzzle, puzzle_id).rating + (500 if won else -500)
            for puzzle_id, won in played
        )
    return round(total / len(played))


def test_the_dashboard_by_theme_over_7_30_and_90_days(app, client, clock, puzzler, aside):
    for theme, count in (("fork", 4), ("pin", 4), ("skewer", 1), ("deflection", 1)):
        for _ in range(count):
            add_puzzle(app, rating=1500, themes=(theme,))
    someone = puzzler("pro")
    old = play(client, someone, "deflection", True, 0)
    clock.now = NOON + timedelta(days=40)
    played: dict[str, list[tuple[str, bool]]] = {"fork": [], "pin": [], "skewer": []}
    for number, (theme, won) in enumerate(
        [("fork", False)] * 3 + [("fork", True)] + [("pin", True)] * 4 + [("skewer", True)]
    ):
        played[theme].append((play(client, someone, theme, won, number)["id"], won))
        clock.now += timedelta(minutes=1)
    week = data(client.get(f"{DASHBOARD}?days=7", headers=someone.headers))
    everything = [each for results in played.values() for each in results]
    assert week["days"] == 7 and week["enough"] is True
    assert week["overall"] == {
        "plays": 9,
        "solved": 6,
        "solved_share": 0.67,
        "performance": performance(app, everything),
    }
    by_theme = {each["theme"]: each for each in week["themes"]}
    assert [each["theme"] for each in week["themes"]] == ["fork", "pin", "skewer"]
    assert by_theme["fork"] == {
        "theme": "fork",
        "name": "Fork",
        "plays": 4,
        "solved": 1,
        "solved_share": 0.25,
        "performance": performance(app, played["fork"]),
    }
    assert by_theme["pin"]["performance"] == performance(app, played["pin"])
    assert [each["theme"] for each in week["weak"]] == ["fork"]
    assert [each["theme"] for each in week["strong"]] == ["pin"]  # skewer: one play only
    assert data(client.get(DASHBOARD, headers=someone.headers))["overall"]["plays"] == 9  # 30
    quarter = data(client.get(f"{DASHBOARD}?days=90", headers=someone.headers))
    assert quarter["overall"]["plays"] == 10
    assert quarter["overall"]["performance"] == performance(app, [*everything, (old["id"], True)])


def test_a_replay_and_a_review_do_not_count_again(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500, themes=("fork",))
    someone = puzzler("pro")
    puzzle = play(client, someone, "fork", False, 1)
    data(solve(client, someone.headers, puzzle, "attempt-again-1"))
    found = data(client.get(DASHBOARD, headers=someone.headers))
    assert found["overall"]["plays"] == 1 and found["overall"]["solved"] == 0
    assert found["enough"] is False and found["weak"] == [] and found["strong"] == []


def test_a_member_with_nothing_played_and_bad_windows(app, client, clock, puzzler):
    someone = puzzler("free")
    empty = data(client.get(DASHBOARD, headers=someone.headers))
    assert empty["overall"] == {
        "plays": 0,
        "solved": 0,
        "solved_share": None,
        "performance": None,
    }
    assert (empty["enough"], empty["themes"], empty["weak"]) == (False, [], [])
    assert refusal(client.get(f"{DASHBOARD}?days=14", headers=someone.headers)) == (
        400,
        "validation_failed",
    )
    assert client.get(DASHBOARD).status_code == 401


def test_the_dashboard_is_one_statement_of_the_rounds(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=1500, themes=("fork", "pin"))
    someone = puzzler("pro")
    play(client, someone, "fork", True, 1)
    with app.app_context():
        engine = db.engine
    statements: list[str] = []

    def keep(connection, cursor, statement, *args) -> None:
        statements.append(statement)

    sa.event.listen(engine, "before_cursor_execute", keep)
    try:
        data(client.get(DASHBOARD, headers=someone.headers))
    finally:
        sa.event.remove(engine, "before_cursor_execute", keep)
    assert len([each for each in statements if "puzzle_rounds" in each]) == 1, statements


# The weak and strong rules -------------------------------------------------------------------


def results(theme: str | None, plays: int, solved: int, rating: float = 1500) -> Results:
    return Results(theme, plays, solved, rating * plays)


def board(*themes: Results, plays: int = 40, solved: int = 24) -> Dashboard:
    return Dashboard(30, NOON, results(None, plays, solved), list(themes))


def names(found: list[Results]) -> list[str | None]:
    return [each.theme for each in found]


def test_performance_is_the_mean_of_rating_plus_or_minus_500():
    assert results("fork", 4, 1).performance == 1500 - 250
    assert Results("pin", 2, 2, 1400 + 1600).performance == 2000
    assert results(None, 40, 24).performance == 1600


def test_weak_is_clearly_below_or_often_failed_with_two_failures_or_more():
    clearly = results("fork", 5, 2)  # 1400 against 1600
    barely_often = Results("pin", 4, 2, 4 * 1590)  # 1590, failed half the time
    barely = Results("skewer", 10, 5, 10 * 1580 + 600)  # 1640: above, though failed half
    one_failure = Results("sacrifice", 3, 2, 3 * 1350)  # far below, one failure only
    found = board(clearly, barely_often, barely, one_failure)
    assert names(found.weak) == ["fork", "pin"]


def test_a_theme_needs_three_plays_a_fortieth_of_the_plays_and_to_be_a_skill():
    few = results("fork", 2, 0)
    rare = results("pin", 3, 0)  # 3 of 200 plays
    described = results("mateIn2", 10, 2)
    assert names(board(few, described).weak) == []
    assert names(board(rare, plays=200, solved=120).weak) == []
    assert names(board(rare).weak) == ["pin"]


def test_strong_is_clearly_above_with_three_solves():
    found = board(
        results("pin", 3, 3),  # 2000
        results("fork", 2, 2),  # two plays
        results("skewer", 6, 4, rating=1400),  # 1567: below
        results("deflection", 10, 8, rating=1400),  # 1700
    )
    assert names(found.strong) == ["pin", "deflection"]
    assert found.weak == []


def test_weak_and_strong_are_sorted_and_bounded():
    themes = [results(f"theme{number}", 10, 5 - number % 5) for number in range(12)]
    found = board(*themes)
    assert len(found.weak) == dashboard.LISTED
    failures = [each.failed for each in found.weak]
    assert failures == sorted(failures, reverse=True)


def test_too_few_plays_tell_nothing():
    assert board(results("fork", 3, 0), plays=4, solved=1).weak == []
    assert board(results("fork", 3, 0), plays=5, solved=2).weak != []


# Several themes and the mix ------------------------------------------------------------------


def test_the_mix_takes_about_70_percent_from_the_weak_themes():
    rng = seeded(2026)
    weak, others = ["fork", "pin"], ["skewer", "sacrifice", "deflection"]
    firsts = [training.order(weak, others, 0.7, rng)[0] for _ in range(4000)]
    share = sum(first in weak for first in firsts) / len(firsts)
    assert 0.67 < share < 0.73
    assert set(firsts) == set(weak + others)
    # Every theme is tried, the chosen group's first; one group alone is all there is.
    assert sorted(training.order(weak, others, 0.7, rng)) == sorted(weak + others)
    assert set(training.order(weak, [], 0.7, rng)[:2]) == set(weak)
    assert set(training.order([], others, 0.7, rng)) == set(others)


def test_next_of_several_themes(app, client, clock, puzzler, aside, monkeypatch):
    monkeypatch.setattr(routes, "_rng", seeded(5))
    pin = add_puzzle(app, rating=1500, themes=("pin",))
    forks = {add_puzzle(app, rating=1500 + number, themes=("fork",)) for number in range(3)}
    add_puzzle(app, rating=1500, themes=("skewer",))
    someone = puzzler("pro")
    play(client, someone, "pin", True, 1)  # no pin left
    for number in range(3):
        found = data(client.get("/content/puzzles/next?themes=pin,fork", headers=someone.headers))
        assert found["id"] in forks and found["id"] != pin
        assert found["training"] == {"theme": "fork", "name": "Fork", "weak": False}
        again = data(client.get("/content/puzzles/next?themes=pin,fork", headers=someone.headers))
        assert again["id"] == found["id"]  # the same until played
        data(solve(client, someone.headers, found, f"attempt-several-{number}"))
    assert refusal(
        client.get("/content/puzzles/next?themes=fork,pin", headers=someone.headers)
    ) == (
        404,
        "not_found",
    )
    plain = data(client.get("/content/puzzles/next", headers=someone.headers))
    assert "training" not in plain


@pytest.mark.parametrize(
    "query",
    [
        "themes=fork,nosuch",
        "themes=" + ",".join(f"theme{number}" for number in range(11)),
        "themes=fork&theme=fork",
        "themes=fork&mix=weak",
        "mix=weak&review=true",
        "mix=strong",
        "themes=<b>",
        "themes=,",
    ],
)
def test_themes_and_mix_are_checked(app, client, clock, puzzler, query):
    add_puzzle(app, rating=1500, themes=("fork",))
    for number in range(11):
        add_puzzle(app, rating=1500, themes=(f"theme{number}",))
    someone = puzzler("pro")
    refused = client.get(f"/content/puzzles/next?{query}", headers=someone.headers)
    assert refusal(refused) == (400, "validation_failed")
    assert refused.get_json()["error"]["fields"]


def test_a_free_members_five_hold_for_several_themes(app, client, clock, puzzler, aside):
    for number in range(8):
        add_puzzle(app, rating=1500 + number, themes=("fork", "pin"))
    someone = puzzler("free")
    for number in range(5):
        found = data(client.get("/content/puzzles/next?themes=fork,pin", headers=someone.headers))
        data(solve(client, someone.headers, found, f"attempt-five-{number}"))
    spent = client.get("/content/puzzles/next?themes=fork,pin", headers=someone.headers)
    assert refusal(spent) == (403, "puzzle_allowance_spent")
    assert refusal(client.get("/content/puzzles/next?mix=weak", headers=someone.headers)) == (
        403,
        "puzzle_allowance_spent",
    )


def test_the_weak_mix_serves_weak_themes_and_the_others(
    app,
    client,
    clock,
    puzzler,
    aside,
    monkeypatch,
):
    monkeypatch.setattr(routes, "_rng", seeded(11))
    for number in range(16):
        add_puzzle(app, rating=1500 + number, themes=("fork",))
        add_puzzle(app, rating=1500 + number, themes=("pin",))
    someone = puzzler("pro")
    plain = data(client.get("/content/puzzles/next?mix=weak", headers=someone.headers))
    assert plain["training"] is None  # nothing played: the plain next puzzle
    clock.now += timedelta(minutes=1)
    first = data(client.get("/content/puzzles/next", headers=someone.headers))
    won = "fork" not in {each["theme"] for each in first["themes"]}
    data(solve(client, someone.headers, first, "attempt-mix-0", won, None if won else []))
    for number in range(3):
        play(client, someone, "fork", False, number)
        play(client, someone, "pin", True, number)
    weak = data(client.get(DASHBOARD, headers=someone.headers))["weak"]
    assert [each["theme"] for each in weak] == ["fork"]
    kinds = []
    for number in range(12):
        found = data(client.get("/content/puzzles/next?mix=weak", headers=someone.headers))
        theme = found["training"]["theme"]
        assert theme in {"fork", "pin"} and found["training"]["weak"] is (theme == "fork")
        assert theme in {each["theme"] for each in found["themes"]}
        kinds.append(theme)
        # Each played as before, so that fork stays weak and pin strong.
        won = theme == "pin"
        data(
            solve(
                client,
                someone.headers,
                found,
                f"attempt-mix-{number + 1}",
                won,
                None if won else [],
            )
        )
    assert 6 <= kinds.count("fork") <= 11 and "pin" in kinds
