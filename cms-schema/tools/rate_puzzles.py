"""Rates every puzzle of a Lichess-format CSV from measured attempts: solvers of known strength
play each puzzle and Glicko-2 rates it, as the site rates puzzles from members' plays.

    python cms-schema/tools/rate_puzzles.py FILE.csv [--jobs 2] [--report REPORT.json]

rewrites FILE.csv's Rating and RatingDeviation in place (every other column and the row order
kept) and writes a report (cms-schema/tools/puzzle_calibration.json by default).

The solvers (puzzle_solvers.py) are Stockfish 15.1 held to a strength:

- Anchors: UCI_LimitStrength with UCI_Elo 1350, 1500, 1700, 1900, 2100, 2300, 2500 and 2700;
  their rating is their UCI_Elo. Stockfish derives a level from UCI_Elo, searches MultiPV 4 to
  depth 1 + int(level) and picks one of the four with random weakness: each search is limited
  to that depth (deeper only costs time) and to 400,000 nodes.
- Three weaker solvers, needed because a 1350 solver that solves a puzzle every time says only
  "below 1350": Skill Level 0 at depth 1 picking among 8 moves instead of 4, and playing a
  uniformly random legal move 30, 60 or 90 % of the time (Skill Level 0 alone fitted no weaker
  than UCI_Elo 1350: a mate, or a gap far beyond a pawn, is never passed by). Their ratings
  are not assumed but fitted.

An attempt is judged as the site judges a member's: the opponent's first move is played, then
each solver move must be the line's (at the last move any mate counts), one wrong move fails,
the opponent's replies are the line's.

1. Calibration: on a subset spread over the file (--calibration-puzzles, 300), every solver
   attempts every puzzle --calibration-repeats times (4); the weak solvers' ratings and the
   subset's puzzle ratings are fitted jointly by maximum likelihood of the Elo model
   (P(solve) = 1 / (1 + 10^((puzzle - solver) / 400)), elo_fit.py), the anchors held at their
   UCI_Elo. The report gives each solver's solve share on the subset (a stronger anchor that
   solves less is a finding) and a free fit with only the 1500 anchor held.
2. Rating: each puzzle starts at 1500 / 350 / 0.06 and plays attempts, each one rating period
   of one game (bff/puzzles/glicko.py; the puzzle wins when the solver fails), against the
   solver whose rating is nearest the puzzle's, anchors at deviation 30 and the weak solvers at
   their fit's standard error (at least 30), until its deviation is at most 140 and it has
   played at least 24 attempts, or after 80 (the report lists those). The minimum is there
   because Glicko-2 reaches 140 after about six games while its rating still leans on its 1500
   start (simulated puzzles of 700 and 2400 came out about 300 points too close to 1500; after
   24 games about 100, which the deviation of about 76 then left does not cover: read the
   ratings near the ends as "at least this easy / hard"). The site's bounds hold (deviation at
   least 45, rating 400 to 4000); ratings and deviations are rounded. Progress is kept in
   FILE.csv.rating (one line a puzzle), so a stopped run goes on where it stopped (the
   calibration is kept once it is done); the file is removed at the end.
3. Held-out check: fresh attempts by the UCI_Elo 1500 solver at puzzles rated 1400-1600 and by
   the 1900 solver at puzzles rated 1800-2000; the share solved against the share the ratings
   predict.

What the ratings mean: they are on Stockfish's scale, anchored to Stockfish 15.1's UCI_Elo
(itself anchored to CCRL engine ratings at 60 s + 0.6 s games), not Lichess's player scale. A
puzzle rated R is solved half the time by a Stockfish held to UCI_Elo R; for people the scale is
only roughly alike. Puzzles the weakest solver always solves sink towards the fit's floor; their
ratings say "easy", not how easy.

Measured in a trial on 200 rows spread over the seed (2026-12-08, the committed report; 100 of
them calibrated with two attempts a solver, one engine process on a busy machine): the weak
solvers fitted at 788 ± 69, 1043 ± 45 and 1203 ± 38; the puzzles' median 1336, 10th to 90th
percentile 1163-1671, range 791-1893, deviation 76 each, 0.16 s a puzzle to rate and 16 minutes
to calibrate. Held out, the 1500 anchor solved 55.6 % of fresh attempts at the 40 puzzles rated
1400-1600 (predicted 50.7 %), the 1900 anchor 70 % at the 5 rated 1800-2000 (predicted 55.6 %).
The anchors above 2300 solved no more than 2300 (97-99 % each): the ladder is flat at the top,
their misses being slower mates (Skill's pick sees a mate in three as worth about a mate in one,
and the site judges only a mate at the last move right).
docs/learning-and-puzzles.md, "Measured puzzle ratings", says more.
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing.util
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent.parent))
sys.path.insert(0, str(TOOLS))

import elo_fit  # noqa: E402
import puzzle_solvers  # noqa: E402
from puzzle_solvers import SOLVERS, EngineSolvers, Solver, expected_solve  # noqa: E402

from bff.puzzles import glicko  # noqa: E402

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
REPORT = TOOLS / "puzzle_calibration.json"
ANCHOR_DEVIATION = 30.0  # a solver's UCI_Elo is known, not exact
TARGET_DEVIATION = 140.0  # a puzzle is rated once its deviation is this or less
# ... and once it has played this many attempts. Glicko-2 reaches a deviation of 140 after about
# six games from 1500 / 350, but its rating then still leans on the start: simulated puzzles
# of known difficulty (tests/bff/cms/test_rate_puzzles.py) came out 300 points too close to
# 1500 at 700 and 2400 after six games, about 130 after twenty, 90 after thirty.
MIN_ATTEMPTS = 24
MAX_ATTEMPTS = 80
RATING, DEVIATION = 3, 4  # the columns rewritten (PuzzleId,FEN,Moves,Rating,RatingDeviation,...)
CHECKS = (("elo1500", 1400, 1600), ("elo1900", 1800, 2000))


@dataclass(frozen=True)
class Rated:
    rating: glicko.Rating
    attempts: int
    capped: bool


def rate(
    attempt: Callable[[Solver], bool],
    ladder: list[tuple[Solver, glicko.Rating]],
    target: float = TARGET_DEVIATION,
    minimum: int = MIN_ATTEMPTS,
    cap: int = MAX_ATTEMPTS,
) -> Rated:
    """A puzzle's rating from attempts, each against the solver rated nearest the puzzle's
    current rating (the most informative game), until the deviation is at most ``target`` and
    at least ``minimum`` attempts are played (``cap`` at most)."""
    puzzle = glicko.Rating()
    for played in range(1, cap + 1):
        solver, rating = min(ladder, key=lambda entry: abs(entry[1].rating - puzzle.rating))
        solved = attempt(solver)
        puzzle = glicko.updated(puzzle, [(rating, 0.0 if solved else 1.0)])
        if puzzle.deviation <= target and played >= minimum:
            return Rated(puzzle, played, False)
    return Rated(puzzle, cap, True)


# The engine of one worker process ------------------------------------------------------------

_engine: EngineSolvers | None = None


def _start(path: str) -> None:
    global _engine
    _engine = EngineSolvers(path)
    # The engine's thread would keep the worker from exiting: quit it as the worker ends.
    multiprocessing.util.Finalize(_engine, _engine.close, exitpriority=10)


def _solver() -> EngineSolvers:
    assert _engine is not None
    return _engine


def _calibrate_one(task: tuple[str, str, list[str], tuple[Solver, ...], int]) -> dict:
    pid, fen, moves, solvers, repeats = task
    solved = {
        s.name: sum(_solver().attempt(s, fen, moves) for _ in range(repeats)) for s in solvers
    }
    return {"id": pid, "solved": solved}


def _rate_one(task: tuple[str, str, list[str], list[tuple[Solver, glicko.Rating]]]) -> dict:
    pid, fen, moves, ladder = task
    started = time.monotonic()
    rated = rate(lambda solver: _solver().attempt(solver, fen, moves), ladder)
    return {
        "id": pid,
        "rating": round(rated.rating.rating),
        "deviation": round(rated.rating.deviation),
        "attempts": rated.attempts,
        "capped": rated.capped,
        "seconds": round(time.monotonic() - started, 3),
    }


def _check_one(task: tuple[str, str, list[str], Solver, int]) -> int:
    _, fen, moves, solver, repeats = task
    return sum(_solver().attempt(solver, fen, moves) for _ in range(repeats))


def _pool(jobs: int, engine: str) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=jobs, initializer=_start, initargs=(engine,))


# The file ------------------------------------------------------------------------------------


def read_rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as handle:
        return list(csv.reader(handle))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    """Written as make_puzzles.py writes it (csv's defaults), through a temporary file."""
    fresh = path.with_suffix(path.suffix + ".new")
    with fresh.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    fresh.replace(path)


def spread(items: list, count: int) -> list:
    """``count`` items taken evenly over the list (all of them when it is shorter)."""
    if count >= len(items):
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


# 1. Calibration ------------------------------------------------------------------------------


def calibrate(rows: list[list[str]], count: int, repeats: int, pool: ProcessPoolExecutor) -> dict:
    subset = spread(rows, count)
    tasks = [(r[0], r[1], r[2].split(), SOLVERS, repeats) for r in subset]
    counts: dict[tuple[str, str], tuple[int, int]] = {}
    for i, done in enumerate(pool.map(_calibrate_one, tasks), start=1):
        for name, solved in done["solved"].items():
            counts[(name, done["id"])] = (repeats, solved)
        if i % 25 == 0:
            print(f"  calibrated {i}/{len(tasks)}", file=sys.stderr)
    return summarise(counts, len(subset), repeats)


def summarise(counts: dict[tuple[str, str], tuple[int, int]], puzzles: int, repeats: int) -> dict:
    """The solvers' fitted ratings, their solve shares, and whether the anchors' ladder holds."""
    anchors = {s.name: float(s.anchor) for s in SOLVERS if s.anchor is not None}
    fitted = elo_fit.fit(counts, held=anchors)
    free = elo_fit.fit(counts, held={"elo1500": 1500.0})
    share, varied = {}, {}
    for s in SOLVERS:
        mine = [(a, w) for (name, _), (a, w) in counts.items() if name == s.name]
        n, won = sum(a for a, _ in mine), sum(w for _, w in mine)
        share[s.name] = round(won / n, 3) if n else None
        # Stockfish's picks are random (its PRNG is seeded from the clock): puzzles a solver
        # both solved and failed show that its repeated attempts are not one attempt copied.
        varied[s.name] = sum(1 for a, w in mine if 0 < w < a)
    ladder = [s for s in SOLVERS if s.anchor is not None]
    findings = [
        f"{weaker.name} solves {share[weaker.name]} of the subset, {stronger.name} "
        f"{share[stronger.name]}"
        for weaker, stronger in zip(ladder, ladder[1:], strict=False)
        if (share[weaker.name] or 0) > (share[stronger.name] or 0)
    ]
    lowest_anchor = min(anchors.values())
    for s in SOLVERS:
        if s.anchor is None and fitted.solvers[s.name] >= lowest_anchor:
            findings.append(f"{s.name} fits at {round(fitted.solvers[s.name])}, not below 1350")
    solvers = []
    for s in SOLVERS:
        deviation = (
            ANCHOR_DEVIATION
            if s.anchor is not None
            else max(ANCHOR_DEVIATION, fitted.errors[s.name])
        )
        solvers.append(
            {
                "name": s.name,
                "anchored": s.anchor is not None,
                "rating": round(fitted.solvers[s.name]),
                "deviation": round(deviation),
                "free_fit_rating": round(free.solvers[s.name]),
                "calibration_solve_share": share[s.name],
                "puzzles_both_solved_and_failed": varied[s.name],
                "depth": s.depth,
                "multipv": s.multipv,
                "random_move_share": s.noise,
            }
        )
    return {
        "puzzles": puzzles,
        "repeats": repeats,
        "attempts": sum(a for a, _ in counts.values()),
        "iterations": fitted.iterations,
        "solvers": solvers,
        "ladder_monotonic": not findings,
        "findings": findings,
    }


def ladder_of(calibration: dict) -> list[tuple[Solver, glicko.Rating]]:
    by_name = {s.name: s for s in SOLVERS}
    return [
        (by_name[entry["name"]], glicko.Rating(entry["rating"], entry["deviation"]))
        for entry in calibration["solvers"]
        if entry["name"] in by_name
    ]


# 2. Rating, resumable ------------------------------------------------------------------------


def _state(path: Path) -> tuple[dict | None, dict[str, dict]]:
    state = path.with_suffix(path.suffix + ".rating")
    if not state.exists():
        return None, {}
    calibration, rated = None, {}
    for line in state.read_text().splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if "calibration" in record:
            calibration = record["calibration"]
        else:
            rated[record["id"]] = record
    return calibration, rated


def _append(path: Path, record: dict) -> None:
    with path.with_suffix(path.suffix + ".rating").open("a") as handle:
        handle.write(json.dumps(record) + "\n")


def rate_all(
    path: Path, rows: list[list[str]], ladder, rated: dict[str, dict], pool: ProcessPoolExecutor
) -> dict[str, dict]:
    todo = [(r[0], r[1], r[2].split(), ladder) for r in rows if r[0] not in rated]
    for i, done in enumerate(pool.map(_rate_one, todo, chunksize=1), start=1):
        rated[done["id"]] = done
        _append(path, done)
        if i % 50 == 0:
            print(f"  rated {i}/{len(todo)}", file=sys.stderr)
    return rated


# 3. How well it predicts ---------------------------------------------------------------------


def held_out(
    rows: list[list[str]], ladder, count: int, repeats: int, pool: ProcessPoolExecutor
) -> list[dict]:
    solvers = {s.name: (s, r) for s, r in ladder}
    checks = []
    for name, low, high in CHECKS:
        solver, rating = solvers[name]
        chosen = spread([r for r in rows if low <= int(r[RATING]) <= high], count)
        tasks = [(r[0], r[1], r[2].split(), solver, repeats) for r in chosen]
        solved = sum(pool.map(_check_one, tasks))
        attempts = len(chosen) * repeats
        predicted = sum(expected_solve(rating.rating, int(r[RATING])) for r in chosen)
        checks.append(
            {
                "solver": name,
                "puzzles_rated": [low, high],
                "puzzles": len(chosen),
                "attempts": attempts,
                "solved_share": round(solved / attempts, 3) if attempts else None,
                "predicted_share": round(predicted / len(chosen), 3) if chosen else None,
            }
        )
    return checks


def distribution(ratings: Iterable[int]) -> dict:
    values = sorted(ratings)
    if not values:
        return {}
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    histogram: dict[str, int] = {}
    for v in values:
        low = v // 200 * 200
        key = f"{low}-{low + 199}"
        histogram[key] = histogram.get(key, 0) + 1
    return {
        "count": len(values),
        "median": round(statistics.median(values)),
        "p10": round(deciles[0]),
        "p90": round(deciles[-1]),
        "min": values[0],
        "max": values[-1],
        "histogram": dict(sorted(histogram.items(), key=lambda kv: int(kv[0].split("-")[0]))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--jobs", type=int, default=1, help="engine processes (one core each)")
    parser.add_argument("--report", type=Path, default=REPORT)
    parser.add_argument("--engine", default=STOCKFISH)
    parser.add_argument("--calibration-puzzles", type=int, default=300)
    parser.add_argument("--calibration-repeats", type=int, default=4)
    parser.add_argument("--check-puzzles", type=int, default=40, help="per held-out check")
    parser.add_argument("--check-repeats", type=int, default=4)
    args = parser.parse_args(argv)

    rows = read_rows(args.file)
    header, body = rows[0], rows[1:]
    if header[RATING] != "Rating" or header[DEVIATION] != "RatingDeviation":
        parser.error(f"{args.file} is not in the Lichess puzzle format")
    calibration, rated = _state(args.file)
    with _pool(args.jobs, args.engine) as pool:
        started = time.monotonic()
        if calibration is None:
            calibration = calibrate(body, args.calibration_puzzles, args.calibration_repeats, pool)
            calibration["seconds"] = round(time.monotonic() - started, 1)
            _append(args.file, {"calibration": calibration})
        ladder = ladder_of(calibration)
        started = time.monotonic()
        before = len(rated)
        rated = rate_all(args.file, body, ladder, rated, pool)
        fresh = len(rated) - before
        wall = time.monotonic() - started
        for row in body:
            row[RATING] = str(rated[row[0]]["rating"])
            row[DEVIATION] = str(rated[row[0]]["deviation"])
        write_rows(args.file, [header, *body])
        checks = held_out(body, ladder, args.check_puzzles, args.check_repeats, pool)
    attempts = [r["attempts"] for r in rated.values()]
    report = {
        "file": args.file.name,
        "engine": "Stockfish 15.1, Threads 1, Hash 16",
        "node_cap": puzzle_solvers.NODE_CAP,
        "calibration": calibration,
        "rating": {
            "target_deviation": TARGET_DEVIATION,
            "min_attempts": MIN_ATTEMPTS,
            "max_attempts": MAX_ATTEMPTS,
            "jobs": args.jobs,
            "seconds_per_puzzle": round(wall / fresh, 2) if fresh else None,
            "attempts_per_puzzle": round(statistics.mean(attempts), 1) if attempts else None,
            "capped": sorted(r["id"] for r in rated.values() if r["capped"]),
            "ratings": distribution(r["rating"] for r in rated.values()),
            "deviations": distribution(r["deviation"] for r in rated.values()),
        },
        "held_out": checks,
    }
    args.report.write_text(json.dumps(report, indent=2) + "\n")
    args.file.with_suffix(args.file.suffix + ".rating").unlink(missing_ok=True)
    print(summary(report))
    return 0


def summary(report: dict) -> str:
    lines = ["solvers (rating ± deviation, solve share on the calibration subset):"]
    for s in report["calibration"]["solvers"]:
        kind = "anchor" if s["anchored"] else "fitted"
        lines.append(
            f"  {s['name']:24} {kind}  {s['rating']:5} ± {s['deviation']:<4} "
            f"free fit {s['free_fit_rating']:5}  solves {s['calibration_solve_share']}"
        )
    lines.append("ladder monotonic" if report["calibration"]["ladder_monotonic"] else "findings:")
    lines += [f"  {f}" for f in report["calibration"]["findings"]]
    r = report["rating"]
    d = r["ratings"]
    lines.append(
        f"{d.get('count')} puzzles: median {d.get('median')}, 10th-90th {d.get('p10')}-"
        f"{d.get('p90')}, min {d.get('min')}, max {d.get('max')}; {r['attempts_per_puzzle']} "
        f"attempts and {r['seconds_per_puzzle']} s a puzzle ({r['jobs']} jobs); "
        f"{len(r['capped'])} capped"
    )
    for c in report["held_out"]:
        lines.append(
            f"held out: {c['solver']} on {c['puzzles']} puzzles rated {c['puzzles_rated']}: "
            f"solved {c['solved_share']}, predicted {c['predicted_share']}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
