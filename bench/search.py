#!/usr/bin/env python3
"""/cms/search on a catalogue `--factor` times the seed (cms-schema/tools/grow_catalogue.py, 100 by
default: about 17,000 indexed items), in process through Flask's test client (routing, argument
parsing, the viewer's locks and JSON included; no network), on SQLite's FTS5 or, with
`--database-url`, on PostgreSQL's full-text search.

It builds the index (timed: what `flask --app bff search rebuild` costs), then asks QUERIES
(prefixes, typos, several words, one type, a second page), each `--rounds` times in turn, and
reports the p50 and p95 latency of all of them. Target: p95 <= 30 ms.

Usage: .venv/bin/python bench/search.py [--factor 100] [--rounds 20] [--database-url URL] [--quick]
       [--json]
--quick is the form `make test` runs (scripts/test, benchmarks): the seed and 10x side by side,
three rounds taking them in turn, the p95 at 10x at most 3 times the seed's.
Exit status 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "cms-schema" / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import grow_catalogue  # noqa: E402
import reporting  # noqa: E402 (bench/, beside this script)

from bff import create_app  # noqa: E402
from bff.app_context import app_context  # noqa: E402
from bff.platform import database  # noqa: E402
from bff.platform.extensions import db  # noqa: E402

QUERIES = (
    "q=philidor",
    "q=Philid",
    "q=phildor",  # a typo
    "q=endgame",
    "q=rook%20endings",
    "q=sicilian%20defence%20white",
    "q=Carv%C3%A1lho",  # an accent, in the people field
    "q=the",  # the commonest word: every item ranks
    "q=e4&type=episode",
    "q=opening&type=lesson&_start=20",
    "q=attack&_limit=50",
    "q=prophylactic%20thinking",
)
TARGET_P95_MS = 30.0
# --quick (scripts/test): the seed and 10 times it side by side, three rounds taking them in turn;
# the p95 of the grown catalogue over the seed's. A loaded host moved the p95 itself past twice
# the target (77 ms at load 17); it moves both catalogues alike, while the cost of a search that
# scans the catalogue grows tenfold with it.
QUICK = {"factor": 10, "rounds": 3}
QUICK_RATIO = 3.0


class Searched:
    """One catalogue, grown ``factor`` times, its index built, searched through Flask's test
    client."""

    def __init__(self, folder: Path, factor: int, database_url: str | None) -> None:
        seed = folder / f"catalogue-{factor}"
        grow_catalogue.grow(ROOT / "cms-schema" / "seed", seed, factor, ROOT / "cms-schema" / "src")
        self.url = database_url or f"sqlite:///{folder}/bench-{factor}.sqlite3"
        database.upgrade(self.url)
        self.app = create_app(
            {
                "DATABASE_URL": self.url,
                "CMS_SEED_PATH": str(seed),
                "BFF_INSTANCE_PATH": str(folder / f"instance-{factor}"),
                "LOG_LEVEL": "WARNING",
            }
        )
        with self.app.app_context():
            started = time.perf_counter()
            self.items = app_context(self.app).search.rebuild(db.session())
            self.build_s = time.perf_counter() - started
        self.client = self.app.test_client()
        self.counts = {}
        for query in QUERIES:  # warm: the first of each compiles and caches its plan
            answer = self.client.get(f"/cms/search?{query}")
            assert answer.status_code == 200, (query, answer.get_json())
            self.counts[query] = len(answer.get_json())
        self.timings: list[float] = []
        self.by_query: dict[str, list[float]] = {query: [] for query in QUERIES}

    def round(self) -> None:
        """Every query once, timed."""
        for query in QUERIES:
            started = time.perf_counter()
            answer = self.client.get(f"/cms/search?{query}")
            took = (time.perf_counter() - started) * 1000
            self.timings.append(took)
            self.by_query[query].append(took)
            assert answer.status_code == 200

    def close(self) -> None:
        with self.app.app_context():
            db.engine.dispose()

    def figures(self) -> dict:
        timings = sorted(self.timings)
        return {
            "items": self.items,
            "build_s": round(self.build_s, 1),
            "requests": len(timings),
            "p50_ms": round(statistics.median(timings), 1),
            "p95_ms": round(timings[int(len(timings) * 0.95) - 1], 1),
            "max_ms": round(timings[-1], 1),
            "results": self.counts,
            "median_ms_by_query": {
                q: round(statistics.median(t), 1) for q, t in self.by_query.items()
            },
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--factor", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database-url")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"the form make test runs: {QUICK}, p95 {QUICK['factor']}x/seed <= {QUICK_RATIO}",
    )
    args = parser.parse_args()
    if args.quick:
        for name, value in QUICK.items():
            if getattr(args, name) == parser.get_default(name):
                setattr(args, name, value)

    with tempfile.TemporaryDirectory() as folder:
        factors = (1, args.factor) if args.quick else (args.factor,)
        searched = [Searched(Path(folder), factor, args.database_url) for factor in factors]
        for _ in range(args.rounds):  # the catalogues in turn, so that both meet the same load
            for each in searched:
                each.round()
        for each in searched:
            each.close()

    grown = searched[-1]
    result = {
        "factor": args.factor,
        "database": grown.url.split(":", 1)[0],
        **grown.figures(),
        "load": os.getloadavg(),
        "quick": args.quick,
    }
    if args.quick:
        seed = searched[0].figures()
        ratio = round(result["p95_ms"] / seed["p95_ms"], 2)
        result.update(seed_p95_ms=seed["p95_ms"], p95_ratio=ratio, target_p95_ratio=QUICK_RATIO)
        result["targets_met"] = {"p95 ratio": ratio <= QUICK_RATIO}
    else:
        result["target_p95_ms"] = TARGET_P95_MS
        result["targets_met"] = {"p95": result["p95_ms"] <= TARGET_P95_MS}
    met = all(result["targets_met"].values())
    if args.quick:
        verdict = (
            f"p95 {args.factor}x/seed {result['p95_ratio']} (seed {result['seed_p95_ms']} ms; "
            f"target <= {QUICK_RATIO}: {'met' if met else 'MISSED'})"
        )
    else:
        verdict = f"target p95 <= {TARGET_P95_MS} ms: {'met' if met else 'MISSED'}"
    items, build_s, timings = result["items"], result["build_s"], result["requests"]

    def table() -> None:
        print(
            f"{items} items ({args.factor}x the seed, {result['database']}), index built in "
            f"{build_s} s; {timings} searches: p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms ({verdict}); "
            f"load {result['load'][0]:.2f}"
        )

    return reporting.show(result, args.json, table)


if __name__ == "__main__":
    sys.exit(main())
