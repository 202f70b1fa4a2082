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
--quick is the form `make test` runs (scripts/test, benchmarks): 10x, three rounds, p95 <= 60 ms.
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
# --quick (scripts/test): 10 times the seed, three rounds; a busy host doubles the p95, a search
# that scans the catalogue takes far longer even there.
QUICK = {"factor": 10, "rounds": 3}
QUICK_P95_MS = 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--factor", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database-url")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"the form make test runs: {QUICK}, p95 <= {QUICK_P95_MS} ms",
    )
    args = parser.parse_args()
    if args.quick:
        for name, value in QUICK.items():
            if getattr(args, name) == parser.get_default(name):
                setattr(args, name, value)
    target = QUICK_P95_MS if args.quick else TARGET_P95_MS

    with tempfile.TemporaryDirectory() as folder:
        seed = Path(folder) / "catalogue"
        grow_catalogue.grow(
            ROOT / "cms-schema" / "seed", seed, args.factor, ROOT / "cms-schema" / "src"
        )
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
        database.upgrade(url)
        app = create_app(
            {
                "DATABASE_URL": url,
                "CMS_SEED_PATH": str(seed),
                "BFF_INSTANCE_PATH": str(Path(folder) / "instance"),
                "LOG_LEVEL": "WARNING",
            }
        )
        with app.app_context():
            started = time.perf_counter()
            items = app_context(app).search.rebuild(db.session())
            build_s = time.perf_counter() - started
        client = app.test_client()
        counts = {}
        for query in QUERIES:  # warm: the first of each compiles and caches its plan
            answer = client.get(f"/cms/search?{query}")
            assert answer.status_code == 200, (query, answer.get_json())
            counts[query] = len(answer.get_json())
        timings = []
        by_query: dict[str, list[float]] = {query: [] for query in QUERIES}
        for _ in range(args.rounds):
            for query in QUERIES:
                started = time.perf_counter()
                answer = client.get(f"/cms/search?{query}")
                took = (time.perf_counter() - started) * 1000
                timings.append(took)
                by_query[query].append(took)
                assert answer.status_code == 200
        with app.app_context():
            db.engine.dispose()

    timings.sort()
    result = {
        "factor": args.factor,
        "database": url.split(":", 1)[0],
        "items": items,
        "build_s": round(build_s, 1),
        "requests": len(timings),
        "p50_ms": round(statistics.median(timings), 1),
        "p95_ms": round(timings[int(len(timings) * 0.95) - 1], 1),
        "max_ms": round(timings[-1], 1),
        "results": counts,
        "median_ms_by_query": {q: round(statistics.median(t), 1) for q, t in by_query.items()},
        "load": os.getloadavg(),
        "quick": args.quick,
        "target_p95_ms": target,
    }
    result["targets_met"] = {"p95": result["p95_ms"] <= target}

    def table() -> None:
        print(
            f"{items} items ({args.factor}x the seed, {result['database']}), index built in "
            f"{result['build_s']} s; {len(timings)} searches: p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms "
            f"(target p95 <= {target} ms: {'met' if result['targets_met']['p95'] else 'MISSED'}); "
            f"load {result['load'][0]:.2f}"
        )

    return reporting.show(result, args.json, table)


if __name__ == "__main__":
    sys.exit(main())
