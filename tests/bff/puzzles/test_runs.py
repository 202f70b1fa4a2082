"""/content/puzzles/runs: timed and streak runs served, checked and scored by the server, on its
clock; answers that were not served, out of order or late refused; one run a day for free."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bff.platform.extensions import db
from bff.puzzles import runs
from bff.puzzles.member_data import PUZZLE_DATA
from bff.puzzles.models import PuzzlePlayer, PuzzleRound
from bff.puzzles.run_models import PuzzleRun, PuzzleRunPuzzle
from bff.review.models import ReviewCard

from ..builders import refusal
from .builders import LONGER, MATE, NOON, add_puzzle, data
from .test_races import at_once

RIGHT = MATE[1].split()[1:]  # the mate: the whole answer
WRONG = ["f3f6"]  # a legal move that is not the mate


@pytest.fixture
def ladder(app, aside):
    """Mates in one at every band from 800 to 2000, three a band (and the day's aside)."""
    return [
        add_puzzle(app, rating=rating)
        for band in range(800, 2000, 100)
        for rating in (band + 10, band + 50, band + 90)
    ]


def start(client, headers, mode="timed"):
    return client.post("/content/puzzles/runs", json={"mode": mode}, headers=headers)


def started(client, headers, mode="timed") -> dict:
    response = start(client, headers, mode)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def send(client, headers, run, moves, answer_id, puzzle_id=None):
    puzzle_id = puzzle_id or run["puzzles"][0]["id"]
    return client.post(
        f"/content/puzzles/runs/{run['id']}/answers",
        json={"puzzle_id": puzzle_id, "moves": moves, "answer_id": answer_id},
        headers=headers,
    )


def play(client, headers, run, moves, answer_id) -> dict:
    """Answer the run's next puzzle: the outcome; ``run`` is the run after it."""
    return data(send(client, headers, run, moves, answer_id))


def test_a_timed_run_is_served_rising_without_solutions_and_scored(
    app,
    client,
    clock,
    puzzler,
    ladder,
    aside,
):
    someone = puzzler()
    run = started(client, someone.headers)
    assert run["mode"] == "timed" and run["rated"] is False and run["over"] is False
    assert run["started_at"] == "2026-11-27T12:00:00Z"
    assert run["ends_at"] == "2026-11-27T12:03:00Z"
    assert len(run["puzzles"]) == runs.AHEAD
    first = run["puzzles"][0]
    assert set(first) == {"id", "place", "fen", "first_move", "solver", "rating", "themes"}
    assert "moves" not in first and aside not in [each["id"] for each in run["puzzles"]]
    assert [each["place"] for each in run["puzzles"]] == [0, 1, 2, 3, 4]
    assert 800 <= first["rating"] < 1000
    ratings = []
    for number in range(9):
        clock.now += timedelta(seconds=5)
        ratings.append(run["puzzles"][0]["rating"])
        outcome = play(client, someone.headers, run, RIGHT, f"answer-solve-{number:02d}")
        assert outcome["verdict"] == "solved" and outcome["solution"] == MATE[1].split()
        run = outcome["run"]
    assert run["score"] == 9 and run["mistakes"] == 0 and run["played"] == 9
    # Three puzzles a band, the band rising by 100 each time.
    assert [runs.band_of(place)[0] for place in range(9)] == [800] * 3 + [900] * 3 + [1000] * 3
    assert all(runs.band_of(n)[0] <= r < runs.band_of(n)[1] for n, r in enumerate(ratings))
    assert len(run["puzzles"]) == runs.AHEAD and run["puzzles"][0]["place"] == 9
    # Three seconds added by each of the nine solved.
    assert run["ends_at"] == "2026-11-27T12:03:27Z"
    with app.app_context():  # not rated: neither the member's rating nor a round moved
        member = db.session.get(PuzzlePlayer, someone.user_id)
        assert member.rated_plays == 0 and db.session.query(PuzzleRound).count() == 0


def test_a_line_goes_on_move_by_move_and_its_reply_comes_from_the_server(
    app,
    client,
    clock,
    puzzler,
    aside,
):
    longer = add_puzzle(app, rating=850, line=LONGER)
    someone = puzzler("pro")
    run = started(client, someone.headers)
    assert run["puzzles"][0]["id"] == longer and run["puzzles"][0]["first_move"] == "f3g5"
    going_on = play(client, someone.headers, run, ["d7d5"], "answer-step-01")
    assert going_on["verdict"] == "continue" and going_on["reply"] == "e4d5"
    assert going_on["solution"] is None and going_on["run"]["score"] == 0
    # Moves that end with the reply, not the solver's move, are not an answer.
    uneven = send(client, someone.headers, run, ["d7d5", "e4d5"], "answer-even-1")
    assert refusal(uneven) == (400, "validation_failed")
    solved = play(client, someone.headers, run, ["d7d5", "e4d5", "f6d5"], "answer-step-02")
    assert solved["verdict"] == "solved" and solved["run"]["score"] == 1


def test_time_out_ends_a_timed_run_with_a_few_seconds_of_grace(
    app,
    client,
    clock,
    puzzler,
    ladder,
):
    someone = puzzler("pro")
    run = started(client, someone.headers)
    clock.now = NOON + timedelta(seconds=184)  # past the clock, within the grace: it counts
    late = play(client, someone.headers, run, RIGHT, "answer-late-001")
    assert late["verdict"] == "solved" and late["run"]["score"] == 1
    assert late["run"]["over"] is True and late["run"]["ended_at"] == "2026-11-27T12:03:03Z"
    assert late["run"]["puzzles"] == []
    refused = send(client, someone.headers, run, RIGHT, "answer-late-002", run["puzzles"][1]["id"])
    assert refusal(refused) == (409, "puzzle_run_over")

    other = started(client, someone.headers)
    clock.now += timedelta(seconds=180 + runs.GRACE.seconds + 1)
    too_late = send(client, someone.headers, other, RIGHT, "answer-late-003")
    assert refusal(too_late) == (409, "puzzle_run_over")
    found = data(client.get(f"/content/puzzles/runs/{other['id']}", headers=someone.headers))
    assert found["over"] is True and found["score"] == 0 and found["ended_at"] == other["ends_at"]


def test_three_mistakes_end_a_timed_run_and_the_misses_are_in_review(
    app,
    client,
    clock,
    puzzler,
    ladder,
):
    someone = puzzler()
    run = started(client, someone.headers)
    missed = []
    for number, moves in enumerate((WRONG, RIGHT, WRONG, WRONG)):
        missed += [run["puzzles"][0]["id"]] if moves is WRONG else []
        outcome = play(client, someone.headers, run, moves, f"answer-miss-{number:02d}")
        run = outcome["run"]
        assert outcome["verdict"] == ("missed" if moves is WRONG else "solved")
        assert outcome["solution"] == MATE[1].split()
    assert run["over"] is True and run["mistakes"] == 3 and run["score"] == 1
    assert run["puzzles"] == [] and [each["id"] for each in run["missed"]] == missed
    assert run["missed"][0]["moves"] == MATE[1].split()  # answered: the solution is given
    with app.app_context():
        cards = db.session.query(ReviewCard).filter_by(user_id=someone.user_id).all()
        assert sorted(card.item_id for card in cards) == sorted(missed)
        assert {card.kind for card in cards} == {"puzzle"}


def test_a_streak_ends_at_its_first_mistake(app, client, clock, puzzler, ladder):
    someone = puzzler("pro")
    run = started(client, someone.headers, "streak")
    assert run["ends_at"] is None and run["mistakes_allowed"] == 1
    for number in range(4):
        clock.now += timedelta(minutes=2)  # no clock: as slow as they like
        run = play(client, someone.headers, run, RIGHT, f"answer-streak-{number}")["run"]
    lost = play(client, someone.headers, run, WRONG, "answer-streak-9")
    assert lost["verdict"] == "missed" and lost["run"]["over"] is True
    assert lost["run"]["score"] == 4 and lost["run"]["best"] == {"today": 4, "all_time": 4}


def test_forged_answers_are_refused(app, client, clock, puzzler, ladder):
    someone = puzzler("pro")
    run = started(client, someone.headers)
    not_served = next(each for each in ladder if each not in [p["id"] for p in run["puzzles"]])
    assert refusal(send(client, someone.headers, run, RIGHT, "forged-001", not_served)) == (
        400,
        "puzzle_run_not_served",
    )
    ahead = run["puzzles"][1]["id"]
    assert refusal(send(client, someone.headers, run, RIGHT, "forged-002", ahead)) == (
        409,
        "puzzle_run_out_of_order",
    )
    first = run["puzzles"][0]["id"]
    after = play(client, someone.headers, run, RIGHT, "forged-003")["run"]
    assert refusal(send(client, someone.headers, after, RIGHT, "forged-004", first)) == (
        409,
        "puzzle_run_out_of_order",
    )
    illegal = send(client, someone.headers, after, ["a1a8"], "forged-005")
    assert refusal(illegal) == (400, "validation_failed")
    # Another member's run is not found.
    other = puzzler("pro")
    assert refusal(send(client, other.headers, after, RIGHT, "forged-006"))[0] == 404
    assert after["score"] == 1


def test_an_answer_sent_again_answers_the_same_and_counts_once(
    app,
    client,
    clock,
    puzzler,
    ladder,
):
    someone = puzzler("pro")
    run = started(client, someone.headers)
    first = play(client, someone.headers, run, RIGHT, "answer-again-1")
    again = play(client, someone.headers, run, RIGHT, "answer-again-1")
    assert again["verdict"] == "solved" and again["run"]["score"] == 1 == first["run"]["score"]
    reused = send(client, someone.headers, first["run"], WRONG, "answer-again-1")
    assert refusal(reused) == (409, "puzzle_run_answer_conflict")


def test_a_free_member_has_one_run_a_day_and_pro_as_many_as_they_like(
    app,
    client,
    clock,
    puzzler,
    ladder,
):
    free = puzzler()
    started(client, free.headers)
    refused = start(client, free.headers, "streak")
    assert refusal(refused) == (403, "puzzle_run_allowance_spent")
    assert refused.get_json()["error"]["available_at"] == "2026-11-28T00:00:00Z"
    clock.now = NOON + timedelta(days=1)
    # A new day; the start sent again with its Idempotency-Key is the same run.
    again = {**free.headers, "Idempotency-Key": "start-run-once-1"}
    first = started(client, again, "streak")
    assert started(client, again, "streak")["id"] == first["id"]
    pro = puzzler("pro")
    for _ in range(3):
        started(client, pro.headers)


def test_personal_best_of_the_day_and_of_all_time(app, client, clock, puzzler, ladder):
    someone = puzzler("pro")
    nothing = data(client.get("/content/puzzles/runs/best", headers=someone.headers))
    assert nothing == {
        "timed": {"today": None, "all_time": None},
        "streak": {"today": None, "all_time": None},
    }
    run = started(client, someone.headers)
    for number in range(3):
        run = play(client, someone.headers, run, RIGHT, f"answer-best-{number}")["run"]
    clock.now = NOON + timedelta(days=1)
    run = started(client, someone.headers)
    run = play(client, someone.headers, run, RIGHT, "answer-best-9")["run"]
    assert run["best"] == {"today": 1, "all_time": 3}
    best = data(client.get("/content/puzzles/runs/best", headers=someone.headers))
    assert best["timed"] == {"today": 1, "all_time": 3}
    assert best["streak"] == {"today": None, "all_time": None}


def test_puzzles_played_lately_are_left_out_while_there_are_others(
    app,
    client,
    clock,
    puzzler,
    aside,
):
    played = add_puzzle(app, rating=850)
    fresh = add_puzzle(app, rating=860)
    someone = puzzler("pro")
    with app.app_context():
        db.session.add(
            PuzzleRound(user_id=someone.user_id, puzzle_id=played, source="next", served_at=NOON)
        )
        db.session.commit()
    run = started(client, someone.headers)
    # The fresh one first, the one played lately only when nothing else is left.
    assert [each["id"] for each in run["puzzles"]] == [fresh, played]


def test_two_answers_at_once_count_once(app, client, clock, puzzler, ladder):
    someone = puzzler("pro")
    run = started(client, someone.headers)
    # Both wait on the member's rating row (made as the run started), locked by each answer.
    both = at_once(
        app,
        someone.user_id,
        [
            lambda each, number=number: send(
                each, someone.headers, run, RIGHT, f"answer-race-{number}"
            )
            for number in range(2)
        ],
    )
    assert sorted(answer.status_code for answer in both) == [200, 409]
    found = data(client.get(f"/content/puzzles/runs/{run['id']}", headers=someone.headers))
    assert found["score"] == 1 and found["played"] == 1


def test_runs_are_in_download_my_data_and_erased_with_the_account(
    app, client, clock, puzzler, ladder
):
    someone = puzzler()
    run = started(client, someone.headers, "streak")
    play(client, someone.headers, run, WRONG, "answer-data-1")
    exported = client.get("/users/account/export", headers=someone.headers)
    assert data(exported)["puzzle_runs"] == [
        {
            "mode": "streak",
            "started_at": "2026-11-27T12:00:00Z",
            "ended_at": "2026-11-27T12:00:00Z",
            "score": 0,
            "mistakes": 1,
        }
    ]
    with app.app_context():
        PUZZLE_DATA.erase(db.session, someone.user_id, now=clock.now)
        db.session.commit()
        assert db.session.query(PuzzleRun).count() == 0
        assert db.session.query(PuzzleRunPuzzle).count() == 0


def test_a_run_ends_when_every_puzzle_was_served(app, client, clock, puzzler, aside):
    add_puzzle(app, rating=900)
    someone = puzzler("pro")
    run = started(client, someone.headers, "streak")
    assert len(run["puzzles"]) == 1
    last = play(client, someone.headers, run, RIGHT, "answer-last-01")["run"]
    assert last["over"] is True and last["score"] == 1 and last["puzzles"] == []
