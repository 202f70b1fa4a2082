#!/usr/bin/env python3
"""Load on the /cms gateway with wrk: what the cache buys, what signing in costs, and the stack's
own ceiling, against gunicorn on loopback as `make run` starts it (two workers).

Four targets, measured in turn in short rounds (a, b, c, d, then again), so that a change of
load on a shared machine falls on all of them alike:
  a  /cms/lessons?_limit=24, cached, as a guest
  b  the same, as a signed-in Pro member (rights read, then trusted by the worker for a second)
  c  /users/social_providers: a minimal JSON answer of the same app (the stack's own limit)
  d  /cms/lessons?_limit=24 with the cache off (CMS_CACHE_TTL=0), on a second server
It prints each target's requests/s (mean of the rounds) and p50 and p99 latency (the median
round's), the ratios a/c, b/a and a/d and the tail ratio p99(a)/p99(c) (each the median of the
rounds' own ratios) and the memory of each worker, and checks the targets (a/c >= 0.7,
b/a >= 0.9, p99(a)/p99(c) <= 1.2; the absolute p99 is printed beside it, as it moves with the
host).

With --black-hole it measures instead what a frozen CMS costs: gunicorn reads a stand-in for
Strapi on loopback (tests/bff/fake_strapi.py) with a short cache lifetime; the cached list and
/healthz are measured while it answers, then while it accepts connections and never answers
(once the first timeouts have opened the breaker), and the run ends when an edit made after it
answers again shows on the list. Targets: p99 while frozen within 1.2x of the healthy p99 for
both, no error answer, recovery without a restart.

Usage: .venv/bin/python bench/cms-load.py [--duration 15] [--rounds 3] [--connections 64]
       [--workers 2] [--redis-url redis://127.0.0.1:6379/0] [--black-hole] [--quick] [--json]
--quick is the form `make test` runs (scripts/test, benchmarks): rounds of a second, a/c >= 0.5,
b/a >= 0.55, p99 a/c <= 2.
Needs Debian's wrk; installs it with apt-get when missing (as root, or through sudo).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import reporting  # noqa: E402 (bench/, beside this script)
import wrk_rounds  # noqa: E402
from gunicorn_server import MINIMAL, Server  # noqa: E402

LESSONS = "/cms/lessons?_limit=24"

JWT_SECRET = "bench-jwt-secret-key-of-at-least-32-bytes"
TARGETS = {"a/c": 0.7, "b/a": 0.9, "p99 a/c": 1.2}
# --quick (scripts/test): rounds of a second, where a busy host moves each ratio by a third; the
# cache off (a/c about 0.3), members' rights read on every request or a tail that doubles still
# fail.
QUICK = {"duration": 3, "rounds": 3, "connections": 32}
QUICK_TARGETS = {"a/c": 0.5, "b/a": 0.55, "p99 a/c": 2.0}
HEALTH = "/healthz"
FROZEN_P99_RATIO = 1.2  # --black-hole: p99 while the CMS is frozen / p99 while it answers


def prepare(folder: Path) -> tuple[dict[str, str], str]:
    """A migrated SQLite database with one Pro member; the settings and the member's token."""
    from bff import create_app
    from bff.accounts.models import User
    from bff.accounts.sign_in import start_session
    from bff.platform import database
    from bff.platform.extensions import db

    env = {
        "BFF_ENV": "development",
        "BFF_INSTANCE_PATH": str(folder / "instance"),
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "SECRET_KEY": "bench-secret-key",
        "JWT_SECRET_KEY": JWT_SECRET,
        "LOG_LEVEL": "WARNING",
    }
    database.upgrade(env["DATABASE_URL"])
    app = create_app(env)
    with app.app_context():
        now = datetime.now(UTC)
        member = User(
            username="bench_pro",
            username_key="bench_pro",
            email="bench@example.com",
            email_key="bench@example.com",
            user_tier="pro",
            email_confirmed_at=now,
        )
        db.session.add(member)
        db.session.commit()
        token = start_session(db.session, member, now=now, secret=JWT_SECRET).access
        db.engine.dispose()
    return env, token


def main() -> int:
    parser = wrk_rounds.options(__doc__.split("\n\n")[0], duration=15, rounds=3, connections=64)
    parser.add_argument("--redis-url", help="share the cache in Redis, as production does")
    parser.add_argument(
        "--black-hole", action="store_true", help="measure a frozen CMS (see the docstring)"
    )
    wrk_rounds.quick_option(parser, f"the form make test runs: {QUICK}, targets {QUICK_TARGETS}")
    args = wrk_rounds.parse(parser, QUICK)
    binary = wrk_rounds.ensure_wrk()
    targets = QUICK_TARGETS if args.quick else TARGETS
    if args.black_hole:
        return black_hole(args, binary)

    with tempfile.TemporaryDirectory(prefix="bff-bench-") as folder:
        env, token = prepare(Path(folder))
        if args.redis_url:
            env["REDIS_URL"] = args.redis_url
        bearer = f"Authorization: Bearer {token}"

        cached = Server(env, args.workers)
        uncached = Server({**env, "CMS_CACHE_TTL": "0"}, args.workers)
        urls = {
            "a": cached.url + LESSONS,
            "b": cached.url + LESSONS,
            "c": cached.url + MINIMAL,
            "d": uncached.url + LESSONS,
        }
        try:
            # Short rounds of a, b, c and d in turn: a change of load on the machine falls on
            # all four alike instead of on whichever ran at the time.
            rounds = wrk_rounds.in_rounds(
                binary, urls, args, warm_s=1 if args.quick else 3, headers={"b": (bearer,)}
            )
            memory = cached.memory_mb()
        finally:
            cached.stop()
            uncached.stop()

    results = wrk_rounds.summaries(rounds)
    # Each ratio is the median of the rounds' own ratios (a and c measured seconds apart).
    ratios = {
        f"{top}/{bottom}": wrk_rounds.median_ratio(rounds, top, bottom)
        for top, bottom in (("a", "c"), ("b", "a"), ("a", "d"))
    }
    ratios["p99 a/c"] = wrk_rounds.median_ratio(rounds, "a", "c", "p99_ms")
    met = {
        "a/c": ratios["a/c"] >= targets["a/c"],
        "b/a": ratios["b/a"] >= targets["b/a"],
        "p99 a/c": ratios["p99 a/c"] <= targets["p99 a/c"],
        "no error answer": all(result["non_2xx"] == 0 for result in results.values()),
    }
    report = {
        "quick": args.quick,
        "targets": targets,
        "load_average": os.getloadavg(),
        "connections": args.connections,
        "duration_s": args.duration,
        "rounds": args.rounds,
        "workers": args.workers,
        "cache": "redis" if args.redis_url else "in-process",
        "cpus": os.cpu_count(),
        "results": results,
        "ratios": ratios,
        "memory_per_worker": memory,
        "targets_met": met,
    }
    return reporting.show(report, args.json, lambda: print_table(report))


def black_hole(args, binary: str) -> int:
    """The cached list and /healthz while a stand-in for Strapi answers, then while it is
    frozen, then until an edit made once it answers again shows (README: --black-hole)."""
    from tests.bff.fake_strapi import running_strapi

    seconds = max(1, args.duration // args.rounds)
    with tempfile.TemporaryDirectory(prefix="bff-bench-") as folder, running_strapi() as cms:
        env, _ = prepare(Path(folder))
        env.update(CMS_URL=cms.url, CMS_TOKEN="bench", CMS_CACHE_TTL="2", CMS_TIMEOUT="5")
        if args.redis_url:
            env["REDIS_URL"] = args.redis_url
        server = Server(env, args.workers)

        def measure(warm_s: int) -> dict:
            targets = {path: server.url + path for path in (LESSONS, HEALTH)}
            return wrk_rounds.summaries(wrk_rounds.in_rounds(binary, targets, args, warm_s=warm_s))

        try:
            healthy = measure(warm_s=3)  # warmed up: the list is cached, connections made

            cms.released.clear()
            cms.mode, cms.delay = "slow", 3600.0  # accepts connections, never answers
            started = time.monotonic()
            while read_json(server.url + HEALTH)["data"]["status"] != "degraded":
                time.sleep(0.1)
            opened_after = time.monotonic() - started
            frozen = measure(warm_s=0)

            cms.mode, cms.title = "fast", "Edited after the freeze"
            cms.released.set()  # the requests it held end
            started = time.monotonic()
            while (recovered := first_title(server.url + LESSONS) == cms.title) is False:
                if time.monotonic() - started > 120:
                    break
                time.sleep(0.2)
            recovered_after = time.monotonic() - started
        finally:
            server.stop()

    ratios = {path: round(frozen[path]["p99_ms"] / healthy[path]["p99_ms"], 2) for path in healthy}
    met = {
        **{f"p99 frozen/healthy {path}": r <= FROZEN_P99_RATIO for path, r in ratios.items()},
        "no error answer": all(frozen[path]["non_2xx"] == 0 for path in frozen),
        "recovered": recovered,
    }
    report = {
        "connections": args.connections,
        "seconds_per_round": seconds,
        "rounds": args.rounds,
        "workers": args.workers,
        "cpus": os.cpu_count(),
        "healthy": healthy,
        "frozen": frozen,
        "p99_frozen_over_healthy": ratios,
        "breaker_opened_after_s": round(opened_after, 1),
        "recovered_after_s": round(recovered_after, 1),
        "targets_met": met,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0 if all(met.values()) else 1
    print(
        f"{args.workers} gunicorn workers, {args.connections} connections, {args.rounds} "
        f"rounds of {seconds} s a target, {os.cpu_count()} CPUs"
    )
    print(f"{'run':36} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
    for phase, results in (("CMS answers", healthy), ("CMS frozen", frozen)):
        for path, result in results.items():
            print(
                f"{phase + ', ' + path:36} {result['requests_per_s']:9.0f} "
                f"{result['p50_ms']:8.2f} {result['p99_ms']:8.2f} {result['non_2xx']:8d}"
            )
    print(f"breaker open {opened_after:.1f} s after the freeze (the first timeouts)")
    for path, ratio in ratios.items():
        print(f"p99 frozen/healthy, {path}: {ratio:.2f} (target <= {FROZEN_P99_RATIO})")
    print(
        f"an edit made after the freeze shows after {recovered_after:.1f} s: "
        f"{'recovered' if recovered else 'NOT RECOVERED'}"
    )
    return 0 if all(met.values()) else 1


def read_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 (loopback)
        return json.loads(answer.read())


def first_title(url: str) -> str | None:
    with contextlib.suppress(OSError, ValueError, LookupError):
        return read_json(url)[0]["title"]  # lists are bare arrays
    return None


def print_table(report: dict) -> None:
    names = {
        "a": f"a  {LESSONS}, cached, guest",
        "b": f"b  {LESSONS}, cached, Pro member",
        "c": f"c  {MINIMAL} (minimal JSON)",
        "d": f"d  {LESSONS}, cache off",
    }
    print(
        f"{report['workers']} gunicorn workers, {report['cache']} cache, "
        f"{report['connections']} connections, {report['duration_s']} s a target "
        f"in {report['rounds']} rounds, "
        f"{report['cpus']} CPUs"
    )
    print(f"{'run':44} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
    for key, result in report["results"].items():
        print(
            f"{names[key]:44} {result['requests_per_s']:9.0f} {result['p50_ms']:8.2f} "
            f"{result['p99_ms']:8.2f} {result['non_2xx']:8d}"
        )
    ratios, met, targets = report["ratios"], report["targets_met"], report["targets"]
    for name in ("a/c", "b/a"):
        verdict = "met" if met[name] else "MISSED"
        print(f"{name} = {ratios[name]:.2f} (target >= {targets[name]}: {verdict})")
    print(f"a/d = {ratios['a/d']:.2f} (what the cache buys)")
    p99 = report["results"]["a"]["p99_ms"]
    print(
        f"p99 of a = {p99:.1f} ms, {ratios['p99 a/c']:.2f}x the p99 of c "
        f"(target <= {targets['p99 a/c']}x: {'met' if met['p99 a/c'] else 'MISSED'})"
    )
    if not met["no error answer"]:
        print("MISSED: some answers were not 2xx")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in report['load_average'])}")
    for worker in report["memory_per_worker"]:
        print(f"worker {worker['pid']}: RSS {worker['rss_mb']} MB, PSS {worker['pss_mb']} MB")


if __name__ == "__main__":
    sys.exit(main())
