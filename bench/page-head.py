#!/usr/bin/env python3
"""What the filled head costs: index.html with a route's head from the content, against the
build's index.html sent as a static file as it was before (README: Pages for links and search
engines), on one gunicorn server as `make run` starts it (two workers), in the same run.

Targets, measured in turn in short rounds (so that a change of load on a shared machine falls on
all of them alike):
  static   the build's index.html copied to /static-index.html and sent as a file
           (send_from_directory: how every client route was answered before)
  home     /home: head from the home page's content, structured data
  lesson   /lessons/1: head from a (Pro) lesson, locked for a guest
  list     /lessons: a page without content, its own head
It prints each target's requests/s (mean of the rounds) and p50 and p99 (the median round's), and
each filled page's cost as a ratio to the static file's, cost = 1 / requests per second (the
median of the rounds' own ratios); the target is 1.2 at most for every filled page.

Usage: .venv/bin/python bench/page-head.py [--duration 15] [--rounds 3] [--connections 32]
       [--workers 2] [--json]
Needs a built client (`npm run build`; CLIENT_DIST when set) and Debian's wrk (installed with
apt-get when missing).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("cms_load", ROOT / "bench" / "cms-load.py")
cms_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cms_load)  # wrk, gunicorn and the throwaway database, as it runs them

STATIC = "/static-index.html"
TARGETS = {"static": STATIC, "home": "/home", "lesson": "/lessons/1", "list": "/lessons"}
MAX_RATIO = 1.2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=15, help="seconds per target in all")
    parser.add_argument("--rounds", type=int, default=3, help="rounds the seconds are split into")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    binary = cms_load.ensure_wrk()
    built = Path(os.environ.get("CLIENT_DIST", ROOT / "client" / "dist"))
    if not (built / "index.html").is_file():
        sys.exit(f"no client build in {built}: npm run build")

    with tempfile.TemporaryDirectory(prefix="bff-bench-") as folder:
        env, _ = cms_load.prepare(Path(folder))
        dist = Path(folder) / "dist"
        shutil.copytree(built, dist)
        shutil.copyfile(dist / "index.html", dist / STATIC.lstrip("/"))
        server = cms_load.Server({**env, "CLIENT_DIST": str(dist)}, args.workers)
        try:
            for path in TARGETS.values():  # warm up: the content cache, the memo, connections
                cms_load.wrk(binary, server.url + path, 2, args.connections)
            seconds = max(1, args.duration // args.rounds)
            rounds = [
                {
                    name: cms_load.wrk(binary, server.url + path, seconds, args.connections)
                    for name, path in TARGETS.items()
                }
                for _ in range(args.rounds)
            ]
        finally:
            server.stop()

    results = {name: cms_load.summary([each[name] for each in rounds]) for name in TARGETS}
    ratios = {
        name: round(
            statistics.median(
                each["static"]["requests_per_s"] / each[name]["requests_per_s"] for each in rounds
            ),
            2,
        )
        for name in TARGETS
        if name != "static"
    }
    met = {name: ratio <= MAX_RATIO for name, ratio in ratios.items()}
    report = {
        "connections": args.connections,
        "duration_s": args.duration,
        "rounds": args.rounds,
        "workers": args.workers,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "results": results,
        "cost_ratio_to_static": ratios,
        "targets_met": met,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'target':<8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
        for name, result in results.items():
            print(
                f"{name:<8} {result['requests_per_s']:>9} {result['p50_ms']:>8}"
                f" {result['p99_ms']:>8} {result['non_2xx']:>8}"
            )
        for name, ratio in ratios.items():
            verdict = "met" if met[name] else "MISSED"
            print(f"cost {name}/static: {ratio} (target <= {MAX_RATIO}: {verdict})")
        print(f"load average after: {', '.join(f'{x:.2f}' for x in report['load_average'])}")
    return 0 if all(met.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
