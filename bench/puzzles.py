#!/usr/bin/env python3
"""Puzzles at scale: a Lichess-format file of `--count` puzzles (1,000,000 by default) made from
the seed's (new ids, ratings spread as Lichess's are), imported the way an operator imports the
real database (`flask --app bff puzzles import`: timed, rows a second), then members asking for
their next puzzle and sending attempts from `--members` threads at once, in process through
Flask's test client (routing, token, argument parsing and answer included; no network).

Each figure is set beside a minimal answer measured in the same run and the same threads
(GET /content/puzzles/themes, served from the cache), so a busy host moves both alike.
Targets: next p95 <= 10 ms and an attempt p95 <= 20 ms, on PostgreSQL (`--database-url`).

Usage: .venv/bin/python bench/puzzles.py [--count 1000000] [--members 8] [--rounds 20]
           [--database-url postgresql://...] [--json]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.reporting import show  # noqa: E402
from bff import create_app  # noqa: E402
from bff.app_context import app_context  # noqa: E402
from bff.platform import database  # noqa: E402
from bff.platform.extensions import db  # noqa: E402
from bff.puzzles import importer  # noqa: E402
from bff.puzzles.lichess_csv import COLUMNS  # noqa: E402
from tests.bff.builders import make_member  # noqa: E402

TARGETS_P95_MS = {"next": 10.0, "attempt": 20.0}


def write_file(path: Path, count: int) -> None:
    """`count` puzzles in the Lichess form, each a seed puzzle under a new id and rating."""
    with importer.SEED.open(newline="") as seed_file:
        seed = list(csv.DictReader(seed_file))
    rng = random.Random(7)
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        for number in range(count):
            row = dict(seed[number % len(seed)])
            row["PuzzleId"] = f"b{number:07d}"
            row["Rating"] = str(max(400, min(3000, int(rng.gauss(1500, 450)))))
            row["Popularity"] = str(rng.randint(-20, 100))
            writer.writerow([row[column] for column in COLUMNS])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def play(app, rounds: int, timings: dict[str, list[float]], lock: threading.Lock) -> None:
    """One member: `rounds` times the next puzzle, an attempt at it, and the minimal answer."""
    _, headers = make_member(app, "pro")
    client = app.test_client()
    mine: dict[str, list[float]] = {"next": [], "attempt": [], "minimal": []}
    for number in range(rounds):
        started = time.perf_counter()
        answer = client.get("/content/puzzles/next", headers=headers)
        mine["next"].append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.get_json()
        puzzle = answer.get_json()["data"]
        body = {
            "attempt_id": uuid.uuid4().hex,
            "moves": puzzle["moves"][1:] if number % 3 else puzzle["moves"][1:2],
            "solved": bool(number % 3),
            "seconds": 20,
        }
        started = time.perf_counter()
        answer = client.post(
            f"/content/puzzles/{puzzle['id']}/attempts", json=body, headers=headers
        )
        mine["attempt"].append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.get_json()
        started = time.perf_counter()
        assert client.get("/content/puzzles/themes").status_code == 200
        mine["minimal"].append((time.perf_counter() - started) * 1000)
    with lock:
        for name, values in mine.items():
            timings[name].extend(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--members", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database-url")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "puzzles.csv"
        write_file(source, args.count)
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
        database.upgrade(url)
        app = create_app(
            {
                "DATABASE_URL": url,
                "BFF_INSTANCE_PATH": str(Path(folder) / "instance"),
                "LOG_LEVEL": "WARNING",
            }
        )
        with app.app_context():
            started = time.perf_counter()
            report = importer.import_file(
                db.session(), source, now=app_context(app).clock, again=True
            )
            import_s = time.perf_counter() - started
            assert report.added == args.count, report
        app.test_client().get("/content/puzzles/themes")  # the minimal answer, cached
        timings: dict[str, list[float]] = {"next": [], "attempt": [], "minimal": []}
        lock = threading.Lock()
        members = [
            threading.Thread(target=play, args=(app, args.rounds, timings, lock))
            for _ in range(args.members)
        ]
        for member in members:
            member.start()
        for member in members:
            member.join()
        with app.app_context():
            db.engine.dispose()

    p95 = {name: round(percentile(values, 0.95), 2) for name, values in timings.items()}
    result = {
        "count": args.count,
        "database": url.split(":", 1)[0],
        "import_s": round(import_s, 1),
        "import_rows_per_s": round(args.count / import_s),
        "members": args.members,
        "requests": {name: len(values) for name, values in timings.items()},
        "p50_ms": {name: round(statistics.median(v), 2) for name, v in timings.items()},
        "p95_ms": p95,
        "p95_over_minimal": {
            name: round(p95[name] / p95["minimal"], 2) for name in TARGETS_P95_MS
        },
        "load": os.getloadavg(),
        "targets_p95_ms": TARGETS_P95_MS,
    }
    result["targets_met"] = {
        f"{name}_p95": p95[name] <= target for name, target in TARGETS_P95_MS.items()
    }

    def table() -> None:
        print(
            f"{args.count:,} puzzles ({result['database']}) imported in {result['import_s']} s"
            f" ({result['import_rows_per_s']:,} rows/s)"
        )
        for name in ("next", "attempt", "minimal"):
            target = TARGETS_P95_MS.get(name)
            print(
                f"  {name:8} p50 {result['p50_ms'][name]:7.2f} ms  p95 {p95[name]:7.2f} ms"
                + (
                    f"  {result['p95_over_minimal'][name]:.2f}x the minimal answer"
                    f"  (target p95 <= {target} ms: "
                    f"{'met' if p95[name] <= target else 'NOT met'})"
                    if target
                    else ""
                )
            )
        print(f"  {args.members} members at once; load {result['load'][0]:.2f}")

    return show(result, args.json, table)


if __name__ == "__main__":
    sys.exit(main())
