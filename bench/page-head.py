#!/usr/bin/env python3
"""What the filled head costs: index.html with a route's head from the content, against the
build's index.html sent as a static file as it was before (docs/pages.md
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
       [--workers 2] [--quick] [--json]
--quick is the form `make test` runs (scripts/test, benchmarks): rounds of a second, ratio <= 1.6.
Needs a built client (`npm run build`; CLIENT_DIST when set) and Debian's wrk (installed with
apt-get when missing).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("cms_load", ROOT / "bench" / "cms-load.py")
cms_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cms_load)  # the throwaway database, as it makes it

import reporting  # noqa: E402 (bench/, beside this script)
import wrk_rounds  # noqa: E402
from gunicorn_server import Server  # noqa: E402

STATIC = "/static-index.html"
TARGETS = {"static": STATIC, "home": "/home", "lesson": "/lessons/1", "list": "/lessons"}
MAX_RATIO = 1.2
# --quick (scripts/test): rounds of a second on a busy host; a head filled by asking the content
# afresh on every request costs several times the file and still fails.
QUICK = {"duration": 5, "rounds": 5, "connections": 16}
QUICK_MAX_RATIO = 1.6


def main() -> int:
    parser = wrk_rounds.options(__doc__.split("\n\n")[0], duration=15, rounds=3, connections=32)
    wrk_rounds.quick_option(parser, f"the form make test runs: {QUICK}, ratio <= {QUICK_MAX_RATIO}")
    args = wrk_rounds.parse(parser, QUICK)
    most = QUICK_MAX_RATIO if args.quick else MAX_RATIO
    binary = wrk_rounds.ensure_wrk()
    built = Path(os.environ.get("CLIENT_DIST", ROOT / "client" / "dist"))
    if not (built / "index.html").is_file():
        sys.exit(f"no client build in {built}: npm run build")

    with tempfile.TemporaryDirectory(prefix="bff-bench-") as folder:
        env, _ = cms_load.prepare(Path(folder))
        dist = Path(folder) / "dist"
        shutil.copytree(built, dist)
        shutil.copyfile(dist / "index.html", dist / STATIC.lstrip("/"))
        server = Server({**env, "CLIENT_DIST": str(dist)}, args.workers)
        try:
            # Warmed up: the content cache, the memo, connections.
            targets = {name: server.url + path for name, path in TARGETS.items()}
            rounds = wrk_rounds.in_rounds(binary, targets, args, warm_s=2)
        finally:
            server.stop()

    results = wrk_rounds.summaries(rounds)
    ratios = {
        name: wrk_rounds.median_ratio(rounds, "static", name)
        for name in TARGETS
        if name != "static"
    }
    met = {name: ratio <= most for name, ratio in ratios.items()}
    met["no error answer"] = all(result["non_2xx"] == 0 for result in results.values())
    report = {
        "quick": args.quick,
        "max_ratio": most,
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
    return reporting.show(report, args.json, lambda: print_table(report))


def print_table(report: dict) -> None:
    print(f"{'target':<8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
    for name, result in report["results"].items():
        print(
            f"{name:<8} {result['requests_per_s']:>9} {result['p50_ms']:>8}"
            f" {result['p99_ms']:>8} {result['non_2xx']:>8}"
        )
    for name, ratio in report["cost_ratio_to_static"].items():
        verdict = "met" if report["targets_met"][name] else "MISSED"
        print(f"cost {name}/static: {ratio} (target <= {report['max_ratio']}: {verdict})")
    if not report["targets_met"]["no error answer"]:
        print("MISSED: some answers were not 2xx")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in report['load_average'])}")


if __name__ == "__main__":
    sys.exit(main())
