"""The puzzle rater of cms-schema/tools/rate_puzzles.py: the likelihood fit recovers known
ratings from simulated attempts, the adaptive Glicko stops at its deviation bound, an attempt is
judged as the site judges one, and (with Stockfish) a small file is rated in place."""

from __future__ import annotations

import json
import random

import chess
import pytest

from bff.platform.config import REPO_ROOT
from bff.puzzles import glicko

from .grown import elo_fit, puzzle_solvers, rate_puzzles

SEED = REPO_ROOT / "bff" / "puzzles" / "seed.csv"


def _simulated(solvers: dict[str, float], puzzles: dict[str, float], repeats: int, seed: int):
    rng = random.Random(seed)  # noqa: S311 - simulated attempts, reproducible
    counts = {}
    for s, strength in solvers.items():
        for p, difficulty in puzzles.items():
            chance = puzzle_solvers.expected_solve(strength, difficulty)
            counts[(s, p)] = (repeats, sum(rng.random() < chance for _ in range(repeats)))
    return counts


def test_the_fit_recovers_known_ratings_from_simulated_attempts():
    anchors = {"a1350": 1350.0, "a1700": 1700.0, "a2100": 2100.0, "a2500": 2500.0}
    weak = {"weak": 950.0, "weaker": 700.0}
    rng = random.Random(3)  # noqa: S311 - simulated puzzles, reproducible
    puzzles = {f"p{i}": rng.uniform(500, 2600) for i in range(300)}
    counts = _simulated({**anchors, **weak}, puzzles, repeats=4, seed=11)

    fit = elo_fit.fit(counts, held=anchors)

    for name, truth in anchors.items():
        assert fit.solvers[name] == truth and fit.errors[name] == 0
    for name, truth in weak.items():
        assert 5 < fit.errors[name] < 60
        assert abs(fit.solvers[name] - truth) < 3 * fit.errors[name] + 10, (name, fit)
    # Every puzzle is estimated from 24 attempts: each is close, and together they are unbiased.
    errors = [fit.puzzles[p] - truth for p, truth in puzzles.items()]
    assert abs(sum(errors) / len(errors)) < 40
    assert sorted(abs(e) for e in errors)[len(errors) // 2] < 150


def test_the_fit_keeps_a_puzzle_everyone_solves_finite():
    counts = {("a", "easy"): (4, 4), ("b", "easy"): (4, 4), ("a", "even"): (4, 2)}
    fit = elo_fit.fit(counts, held={"a": 1500.0})
    assert 0 < fit.puzzles["easy"] < fit.puzzles["even"]


LADDER = [
    (puzzle_solvers.anchored(elo), glicko.Rating(elo, 30)) for elo in puzzle_solvers.ANCHOR_ELOS
]


def _random_solver(difficulty: float, seed: int):
    rng = random.Random(seed)  # noqa: S311 - simulated attempts, reproducible
    ratings = {solver.name: rating.rating for solver, rating in LADDER}

    def attempt(solver) -> bool:
        return rng.random() < puzzle_solvers.expected_solve(ratings[solver.name], difficulty)

    return attempt


@pytest.mark.parametrize("difficulty", [1450, 1900, 2400])
def test_the_adaptive_glicko_stops_at_the_deviation_bound(difficulty):
    rated = rate_puzzles.rate(_random_solver(difficulty, seed=difficulty), LADDER, minimum=1)
    assert not rated.capped
    assert rated.rating.deviation <= rate_puzzles.TARGET_DEVIATION
    # One attempt fewer (the same solver's same results) and the bound was not reached yet.
    shorter = rate_puzzles.rate(
        _random_solver(difficulty, seed=difficulty), LADDER, minimum=1, cap=rated.attempts - 1
    )
    assert shorter.capped and shorter.rating.deviation > rate_puzzles.TARGET_DEVIATION


@pytest.mark.parametrize("difficulty", [1000, 1450, 1900, 2400])
def test_the_minimum_of_attempts_keeps_the_rating_near_the_truth(difficulty):
    errors = []
    for seed in range(20):
        rated = rate_puzzles.rate(_random_solver(difficulty, seed=seed), LADDER)
        assert not rated.capped and rated.attempts >= rate_puzzles.MIN_ATTEMPTS
        assert rated.rating.deviation <= rate_puzzles.TARGET_DEVIATION
        errors.append(rated.rating.rating - difficulty)
    # Glicko's pull towards its 1500 start is left at about a hundred points at the ends.
    assert abs(sum(errors) / len(errors)) < 150


def test_the_adaptive_glicko_stops_at_its_cap_and_keeps_the_sites_bounds():
    always = rate_puzzles.rate(lambda solver: True, LADDER, target=10, cap=60)
    assert always.capped and always.attempts == 60
    assert always.rating.deviation >= glicko.MIN_DEVIATION
    assert always.rating.rating >= glicko.MIN_RATING


# Two rooks against a boxed king: Ra8 and Rb8 both mate (the line has Ra8).
TWO_MATES = "7k/p5pp/8/8/8/8/8/RR4K1 b - - 0 1"


def scripted(*moves: str):
    queue = list(moves)
    return lambda board: chess.Move.from_uci(queue.pop(0))


def test_an_attempt_takes_any_mate_at_the_last_move():
    line = ["a7a6", "a1a8"]
    assert puzzle_solvers.attempt(TWO_MATES, line, scripted("a1a8"))
    assert puzzle_solvers.attempt(TWO_MATES, line, scripted("b1b8"))
    assert not puzzle_solvers.attempt(TWO_MATES, line, scripted("b1b7"))


def test_an_attempt_fails_at_a_wrong_first_move_and_follows_the_lines_replies():
    # Not a real puzzle (the judging is what is tested): ...g6 Ra8+ Kh7 Rxa7.
    fen = "7k/6p1/8/8/8/8/8/R5K1 b - - 0 1"
    line = ["g7g6", "a1a8", "h8h7", "a8a7"]
    assert not puzzle_solvers.attempt(fen, line, scripted("a1a2"))
    seen = []

    def solver(board: chess.Board) -> chess.Move:
        seen.append(board.fen())
        return chess.Move.from_uci(["a1a8", "a8a7"][len(seen) - 1])

    assert puzzle_solvers.attempt(fen, line, solver)
    after_reply = chess.Board(fen)
    for uci in line[:3]:
        after_reply.push_uci(uci)
    assert seen[1] == after_reply.fen()
    # A move that is not the line's before the last one fails even when it is legal and good.
    assert not puzzle_solvers.attempt(fen, line, scripted("a1a7"))


def test_the_file_is_written_back_byte_for_byte(tmp_path):
    copy = tmp_path / "seed.csv"
    rows = rate_puzzles.read_rows(SEED)
    rate_puzzles.write_rows(copy, rows)
    assert copy.read_bytes() == SEED.read_bytes()


def test_stockfish_levels_follow_its_formula():
    assert puzzle_solvers.anchored(1350).depth == 1
    assert puzzle_solvers.anchored(1900).depth == 6
    assert puzzle_solvers.anchored(2700).depth == 17


@pytest.mark.engine
def test_three_seed_puzzles_are_rated_in_place(stockfish, tmp_path):
    rows = rate_puzzles.read_rows(SEED)[:4]
    sample = tmp_path / "three.csv"
    rate_puzzles.write_rows(sample, rows)
    report = tmp_path / "report.json"

    rate_puzzles.main(
        [str(sample), "--engine", stockfish, "--report", str(report)]
        + ["--calibration-puzzles", "3", "--calibration-repeats", "1"]
        + ["--check-puzzles", "1", "--check-repeats", "1"]
    )

    rated = rate_puzzles.read_rows(sample)
    assert rated[0] == rows[0]
    assert len(rated) == 4
    for before, after in zip(rows[1:], rated[1:], strict=True):
        kept = [i for i in range(len(before)) if i not in (3, 4)]
        assert [after[i] for i in kept] == [before[i] for i in kept]
        rating, deviation = int(after[3]), int(after[4])
        assert glicko.MIN_RATING <= rating <= glicko.MAX_RATING
        assert glicko.MIN_DEVIATION <= deviation <= 350
    written = json.loads(report.read_text())
    assert written["rating"]["ratings"]["count"] == 3
    assert {s["name"] for s in written["calibration"]["solvers"]} == {
        s.name for s in puzzle_solvers.SOLVERS
    }
    assert not (tmp_path / "three.csv.rating").exists()  # the run's progress is cleared
