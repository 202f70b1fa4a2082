#!/usr/bin/env python3
"""The /cms gateway as the catalogue grows: the embedded store with the seed, then with a
catalogue `--factor` times it (cms-schema/tools/grow_catalogue.py, 100 by default: 6,500 lessons,
4,200 programs and their 24,400 chapters, 3,000 articles), under gunicorn on loopback as
`make run` starts it (two workers), the same approach as bench/cms-load.py.

Measured in the same run, both catalogues served side by side:
  cached   requests/s with wrk of a list (/cms/lessons?_limit=24&_start=24), a count
           (/cms/lessons/count?teacher=2), filter options (/cms/teachers) and a detail
           (/cms/lessons/5), in short rounds taking the seed and the grown catalogue in turn
           (each ratio the median of the rounds' own ratios);
  memory   RSS and PSS of each worker (/proc/<pid>/smaps_rollup) after a crawl of every page of
           the lessons, programs and articles lists and every lesson, program, program chapter
           and article (made before the cached rounds, so that they are measured with every
           cache full);
  miss     p50 and p95 latency of list pages (every sort, filters, deep pages) and details spread
           over the catalogue, asked one at a time of a server with the cache off
           (CMS_CACHE_TTL=0) once its indexes are built.
Targets: each cached answer at the grown size >= 0.9x the seed's requests/s; every worker <= 150 MB
RSS whatever the catalogue; the miss p95 at the grown size <= 3x the seed's (not linear).

Usage: .venv/bin/python bench/catalogue-scale.py [--duration 10] [--rounds 5] [--connections 32]
       [--workers 2] [--factor 100] [--json]
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "cms-schema" / "tools"))
_spec = importlib.util.spec_from_file_location("cms_load", ROOT / "bench" / "cms-load.py")
cms_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cms_load)  # gunicorn and the throwaway database, as it runs them

import grow_catalogue  # noqa: E402
import reporting  # noqa: E402
import wrk_rounds  # noqa: E402 (bench/, beside this script)

CACHED = {
    "list": "/cms/lessons?_limit=24&_start=24",
    "count": "/cms/lessons/count?teacher=2",
    "options": "/cms/teachers",
    "detail": "/cms/lessons/5",
}
LIST_PAGE = 24
TARGET_CACHED_RATIO = 0.9  # grown / seed requests/s
TARGET_MEMORY_MB = 150.0  # RSS of any worker
TARGET_MISS_RATIO = 3.0  # grown / seed p95 of a cache miss
LESSON_SORTS = ("title", "created_at", "subscription_level", "difficulty_level")
PROGRAM_SORTS = ("title", "created_at", "subscription_level")
MISSES_PER_KIND = 40


def main() -> int:
    parser = wrk_rounds.options(__doc__.split("\n\n")[0], duration=10, rounds=5, connections=32)
    parser.add_argument("--factor", type=int, default=grow_catalogue.DEFAULT_FACTOR)
    args = parser.parse_args()
    binary = wrk_rounds.ensure_wrk()

    with tempfile.TemporaryDirectory(prefix="bff-scale-") as folder:
        grown_path = Path(folder) / "catalogue"
        grow_catalogue.grow(
            grow_catalogue.SEED_DIR, grown_path, args.factor, grow_catalogue.CMS_SCHEMA_DIR / "src"
        )
        catalogues = {"seed": grow_catalogue.SEED_DIR, f"{args.factor}x": grown_path}
        sizes = {name: catalogue_size(path) for name, path in catalogues.items()}
        env, _ = cms_load.prepare(Path(folder))

        servers = {
            name: cms_load.Server({**env, "CMS_SEED_PATH": str(path)}, args.workers)
            for name, path in catalogues.items()
        }
        try:
            crawl_s = {name: crawl(server.url, sizes[name]) for name, server in servers.items()}
            cached, ratios = measure_cached(binary, servers, args)
            memory = {name: server.memory_mb() for name, server in servers.items()}
        finally:
            for server in servers.values():
                server.stop()

        servers = {
            name: cms_load.Server(
                {**env, "CMS_SEED_PATH": str(path), "CMS_CACHE_TTL": "0"}, args.workers
            )
            for name, path in catalogues.items()
        }
        try:
            misses = measure_misses(servers, sizes)
        finally:
            for server in servers.values():
                server.stop()

    seed, grown = catalogues
    miss_ratios = {
        kind: round(misses[grown][kind]["p95_ms"] / misses[seed][kind]["p95_ms"], 2)
        for kind in misses[seed]
    }
    heaviest = max(worker["rss_mb"] for workers in memory.values() for worker in workers)
    met = {
        **{f"cached {name}": ratio >= TARGET_CACHED_RATIO for name, ratio in ratios.items()},
        "memory per worker": heaviest <= TARGET_MEMORY_MB,
        **{f"miss {kind}": ratio <= TARGET_MISS_RATIO for kind, ratio in miss_ratios.items()},
    }
    report = {
        "workers": args.workers,
        "connections": args.connections,
        "seconds_per_target": args.duration,
        "rounds": args.rounds,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "catalogues": sizes,
        "cached": cached,
        "cached_ratio": ratios,
        "crawl_s": crawl_s,
        "memory_per_worker": memory,
        "misses": misses,
        "miss_p95_ratio": miss_ratios,
        "targets_met": met,
    }
    return reporting.show(report, args.json, lambda: print_table(report, seed, grown))


def catalogue_size(path: Path) -> dict[str, int]:
    index = json.loads((path / "index.json").read_text())
    return {item["file"].removesuffix(".json"): item["count"] for item in index["content_types"]}


def measure_cached(binary: str, servers: dict, args) -> tuple[dict, dict]:
    """Each cached target on each catalogue, in rounds that take them in turn."""
    # Warmed up: what the crawl may have pushed out, connections.
    targets = {
        (name, target): server.url + path
        for target, path in CACHED.items()
        for name, server in servers.items()
    }
    rounds = wrk_rounds.in_rounds(binary, targets, args, warm_s=1)
    seed, grown = servers
    together = wrk_rounds.summaries(rounds)
    results = {name: {target: together[name, target] for target in CACHED} for name in servers}
    ratios = {
        target: wrk_rounds.median_ratio(rounds, (grown, target), (seed, target))
        for target in CACHED
    }
    return results, ratios


def crawl(base: str, size: dict[str, int]) -> float:
    """Every list page and every detail once (eight at a time); the seconds it took."""
    paths = [
        f"/cms/{name}?_limit={LIST_PAGE}&_start={start}"
        for name in ("lessons", "programs")
        for start in range(0, size[name], LIST_PAGE)
    ]
    paths += [
        f"/cms/articles?_start={start}&_limit={LIST_PAGE}"
        for start in range(0, size["articles"], LIST_PAGE)
    ]
    paths += [
        f"/cms/{name}/{number}"
        for name in ("lessons", "programs", "program-chapters", "articles")
        for number in range(1, size[name] + 1)
    ]
    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda path: get(base + path)[0], paths))
    unexpected = [status for status in statuses if status not in (200, 403)]
    if unexpected:
        sys.exit(f"the crawl met {len(unexpected)} answers other than 200 and 403")
    return round(time.monotonic() - started, 1)


def measure_misses(servers: dict, sizes: dict) -> dict:
    """Uncached lists and details, asked one at a time, the catalogues in turn."""
    # The same sample on every run; not a secret.
    plans = {name: miss_plan(sizes[name], random.Random(7)) for name in servers}  # noqa: S311
    for name, server in servers.items():  # every sort and filter once on every worker
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda path, url=server.url: get(url + path), plans[name] * 2))
    timings: dict = {name: {"list": [], "detail": []} for name in servers}
    for step in range(len(plans["seed"])):
        for name, server in servers.items():
            path = plans[name][step]
            started = time.perf_counter()
            get(server.url + path)
            elapsed = (time.perf_counter() - started) * 1000
            timings[name]["detail" if "?" not in path else "list"].append(elapsed)
    return {
        name: {kind: percentiles(values) for kind, values in kinds.items()}
        for name, kinds in timings.items()
    }


def miss_plan(size: dict[str, int], chosen: random.Random) -> list[str]:
    """List pages with every sort, some filtered, at any depth, and details anywhere, mixed."""
    lists, details = [], []
    for n in range(MISSES_PER_KIND):
        if n % 2:
            sort = LESSON_SORTS[n // 2 % len(LESSON_SORTS)]
            start = chosen.randrange(0, size["lessons"], LIST_PAGE)
            filters = ("", f"&teacher={chosen.randint(1, size['teachers'])}", "&difficulty_level=3")
            lists.append(
                f"/cms/lessons?_limit={LIST_PAGE}&_start={start}&_sort={sort}:"
                f"{chosen.choice(('asc', 'desc'))}{filters[n // 2 % 3]}"
            )
        else:
            sort = PROGRAM_SORTS[n // 2 % len(PROGRAM_SORTS)]
            start = chosen.randrange(0, size["programs"], LIST_PAGE)
            lists.append(f"/cms/programs?_limit={LIST_PAGE}&_start={start}&_sort={sort}:asc")
        name = ("lessons", "programs", "articles", "program-chapters")[n % 4]
        details.append(f"/cms/{name}/{chosen.randint(1, size[name])}")
    return [path for pair in zip(lists, details, strict=True) for path in pair]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def percentiles(values: list[float]) -> dict:
    cuts = statistics.quantiles(values, n=20)
    return {"p50_ms": round(cuts[9], 2), "p95_ms": round(cuts[18], 2), "count": len(values)}


def print_sizes(sizes: dict[str, dict[str, int]]) -> None:
    """What each catalogue holds, one line a catalogue."""
    for name, size in sizes.items():
        kinds = ("lessons", "programs", "program-chapters", "articles")
        print(f"{name}: " + ", ".join(f"{size[kind]} {kind}" for kind in kinds))


def print_table(report: dict, seed: str, grown: str) -> None:
    print(
        f"{report['workers']} gunicorn workers, {report['connections']} connections, "
        f"{report['seconds_per_target']} s a cached target in {report['rounds']} round(s), "
        f"{report['cpus']} CPUs, load average {report['load_average'][0]:.1f}"
    )
    print_sizes(report["catalogues"])
    met = report["targets_met"]
    print(f"\n{'cached req/s':34} {seed:>9} {grown:>9} {'ratio':>6}  target >= 0.9")
    for target, path in CACHED.items():
        a, b = (report["cached"][name][target]["requests_per_s"] for name in (seed, grown))
        ratio = report["cached_ratio"][target]
        verdict = "met" if met[f"cached {target}"] else "MISSED"
        print(f"{target + '  ' + path:34} {a:9.0f} {b:9.0f} {ratio:6.2f}  {verdict}")
    print(f"\n{'cache miss, ms':34} {'p50':>9} {'p95':>9}")
    for kind in ("list", "detail"):
        for name in (seed, grown):
            found = report["misses"][name][kind]
            print(f"{kind + ', ' + name:34} {found['p50_ms']:9.2f} {found['p95_ms']:9.2f}")
        ratio = report["miss_p95_ratio"][kind]
        verdict = "met" if met[f"miss {kind}"] else "MISSED"
        print(f"{kind + ' p95 ' + grown + '/' + seed:34} {ratio:9.2f}  target <= 3: {verdict}")
    print(
        f"\nmemory after crawling every list page and detail (target <= {TARGET_MEMORY_MB:.0f} MB)"
    )
    for name in (seed, grown):
        for worker in report["memory_per_worker"][name]:
            print(
                f"{name}: worker {worker['pid']}: RSS {worker['rss_mb']} MB, "
                f"PSS {worker['pss_mb']} MB (crawl {report['crawl_s'][name]} s)"
            )
    print("memory per worker:", "met" if met["memory per worker"] else "MISSED")


if __name__ == "__main__":
    sys.exit(main())
