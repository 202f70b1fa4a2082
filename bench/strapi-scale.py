#!/usr/bin/env python3
"""The catalogue's growth with a real Strapi 5 behind the /cms gateway: the seed in one Strapi, a
catalogue `--factor` times it (cms-schema/tools/grow_catalogue.py, 10 by default) in another,
both started by scripts/with-strapi, the grown one filled by cms-schema/tools/push_seed.py
(`--workers` entries at once; the push's rate is reported).

For each kind of question, asked one at a time, the two catalogues and the four ways of
answering in turn, the same number of times (the machine is shared: each ratio is of two
medians of the same run):
  strapi    Strapi's own latency: the REST calls the BFF makes for that question (recorded from
            the BFF itself, in process), sent straight to Strapi;
  miss      the BFF with Strapi behind it and its cache off (CMS_CACHE_TTL=0);
  cached    the BFF with its cache on, the answer in it;
  embedded  the BFF on the embedded store (CMS_SEED_PATH), its cache off, for comparison
            (bench/catalogue-scale.py measures that store in depth).
The kinds: a list page, a deep page (the last 24 lessons by title), a count, filter options
and a detail (bench/catalogue-scale.py's targets, plus the deep page). It prints the p50 of each
and the ratio grown/seed: a cost that grows with the catalogue shows as a ratio far above 1.

Targets: every cached answer's p50 at most half Strapi's own, and the embedded store's p50
grown/seed at most 1.5 (exit status 1 otherwise).

Usage: .venv/bin/python bench/strapi-scale.py [--factor 10] [--samples 30] [--workers 4] [--json]
       [--grown-url URL --grown-tokens DIR] [--quick]
--quick is the form `make test` runs (scripts/test, benchmarks): 2x, only the lessons and what
they point to pushed, nine samples of which the best counts, cached <= Strapi's, the embedded
ratio <= 2.
--grown-url uses a Strapi that already holds the grown catalogue (or part of it: what is
missing is pushed) instead of starting one; DIR holds its bff-token and editor-token files.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "cms-schema" / "tools"))


def _load(name: str, file: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cms_load = _load("cms_load", "cms-load.py")  # the throwaway database
catalogue_scale = _load("catalogue_scale", "catalogue-scale.py")  # targets, sizes, timing

import grow_catalogue  # noqa: E402
import push_seed  # noqa: E402
import reporting  # noqa: E402
from gunicorn_server import Server  # noqa: E402

DEFAULT_FACTOR = 10
# Targets, for every question on both catalogues: a cached answer at most half Strapi's own
# latency (it never reaches Strapi), and the embedded store's miss not growing with the catalogue.
CACHED_OVER_STRAPI = 0.5
EMBEDDED_GROWTH = 1.5
# --quick (scripts/test): twice the seed, only the lessons and what they point to pushed (every
# question is about lessons and teachers), a few samples; looser for the noise of so few and of a
# busy host (where a cached answer's own cost nears Strapi's fastest), yet a cache that reaches
# Strapi, or an embedded store that grows with its catalogue, still fails. Each figure is then
# the best of its samples instead of their median (the table's "p50").
QUICK = {"factor": 2, "samples": 9}
QUICK_CACHED_OVER_STRAPI = 1.0
QUICK_EMBEDDED_GROWTH = 2.0
LESSON_TYPES = (
    "api::difficulty-level.difficulty-level",
    "api::lesson-category.lesson-category",
    "api::teacher.teacher",
    "api::lesson.lesson",
)
WAYS = ("strapi", "miss", "cached", "embedded")
MARK = "strapi-scale:"


def questions(size: dict[str, int]) -> dict[str, str]:
    """catalogue-scale.py's targets, and the last full page of the lessons by title."""
    page = catalogue_scale.LIST_PAGE
    last = max(0, size["lessons"] - page)  # a whole page whatever the size, as the others
    found = dict(catalogue_scale.CACHED)
    found["deep page"] = f"/cms/lessons?_limit={page}&_start={last}&_sortBy=title:asc"
    return found


class StrapiRun:
    """A Strapi 5 started by scripts/with-strapi (the seed in a database of its own), kept up
    until stop()."""

    def __init__(self) -> None:
        report = f'echo "{MARK} $TEST_STRAPI_URL $TEST_STRAPI_TOKEN $TEST_STRAPI_EDITOR_TOKEN"'
        command = ["bash", str(ROOT / "scripts" / "with-strapi"), "bash", "-c", f"{report}; cat"]
        self.process = subprocess.Popen(  # noqa: S603 (the repository's own script)
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            start_new_session=True,
        )
        for line in self.process.stdout:
            if line.startswith(MARK):
                self.url, self.token, self.editor_token = line.split()[1:]
                return
        sys.exit("scripts/with-strapi did not start Strapi")

    def stop(self) -> None:
        self.process.stdin.close()  # its command ends; with-strapi stops Strapi
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 15)


def push_grown(
    url: str, editor_token: str, folder: Path, workers: int, size: dict, only=None
) -> dict:
    """Pushes what the Strapi at url lacks of the grown catalogue (of the content types
    ``only`` names, when given); its rate."""
    strapi = push_seed.Strapi(url, editor_token, timeout=120)
    total = strapi.call("GET", "/api/lessons?pagination[limit]=1&fields[0]=documentId")
    if total["meta"]["pagination"]["total"] == size["lessons"]:
        return {"skipped": "the lessons are all there"}
    pusher = push_seed.Pusher(
        strapi,
        push_seed.Model(grow_catalogue.CMS_SCHEMA_DIR / "src"),
        folder,
        log=lambda line: print(f"push: {line}", file=sys.stderr, flush=True),
        workers=workers,
        only_missing=True,
    )
    if only is not None:
        pusher.index["content_types"] = [
            item for item in pusher.index["content_types"] if item["uid"] in only
        ]
    started = time.monotonic()
    pusher.run()
    seconds = time.monotonic() - started
    sent = pusher.outcomes["created"] + pusher.outcomes["updated"]
    return {
        **pusher.outcomes,
        "deferred": len(pusher.deferred),
        "seconds": round(seconds, 1),
        "per_s": round(sent / seconds, 1),  # entries written; the second pass's time included
    }


def strapi_calls(env: dict[str, str], paths: dict[str, str]) -> dict[str, list[str]]:
    """The REST calls the BFF makes to answer each path: its own code, in process, recorded."""
    from bff import create_app

    app = create_app({**env, "CMS_CACHE_TTL": "0"})
    recorded: list[str] = []
    send = requests.Session.send

    def recording(session, request, **kwargs):
        if "/api/" in request.url:
            recorded.append(request.url)
        return send(session, request, **kwargs)

    calls = {}
    with mock.patch.object(requests.Session, "send", recording), app.test_client() as client:
        for kind, path in paths.items():
            recorded.clear()
            answer = client.get(path)
            if answer.status_code != 200:
                sys.exit(f"{path}: HTTP {answer.status_code} from the BFF on Strapi")
            calls[kind] = list(recorded)
    return calls


def timed(session: requests.Session, urls: list[str]) -> float:
    """Milliseconds to get every url, one after the other."""
    started = time.perf_counter()
    for url in urls:
        answer = session.get(url, timeout=120)
        if answer.status_code != 200:
            sys.exit(f"{url}: HTTP {answer.status_code}")
    return (time.perf_counter() - started) * 1000


def measure(targets: dict, kinds: list[str], samples: int, statistic=statistics.median) -> dict:
    """targets[catalogue][way] = (session, {kind: [urls]}); p50 of each, interleaved."""
    timings: dict = {name: {way: {kind: [] for kind in kinds} for way in WAYS} for name in targets}
    for _ in range(2):  # warm: caches filled, connections and workers up
        for ways in targets.values():
            for session, calls in ways.values():
                for urls in calls.values():
                    timed(session, urls)
    for _ in range(samples):
        for kind in kinds:
            for way in WAYS:
                for name, ways in targets.items():
                    session, calls = ways[way]
                    timings[name][way][kind].append(timed(session, calls[kind]))
    return {
        name: {
            way: {kind: round(statistic(values), 2) for kind, values in by_kind.items()}
            for way, by_kind in by_way.items()
        }
        for name, by_way in timings.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--factor", type=int, default=DEFAULT_FACTOR)
    parser.add_argument("--samples", type=int, default=30, help="times each question is asked")
    parser.add_argument("--workers", type=int, default=4, help="entries pushed at once")
    parser.add_argument("--grown-url", help="a Strapi holding the grown catalogue already")
    parser.add_argument("--grown-tokens", type=Path, help="its bff-token and editor-token files")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quick", action="store_true", help=f"the form make test runs: {QUICK}")
    args = parser.parse_args()
    if bool(args.grown_url) != bool(args.grown_tokens):
        parser.error("--grown-url and --grown-tokens go together")
    if args.quick:
        for name, value in QUICK.items():
            if getattr(args, name) == parser.get_default(name):
                setattr(args, name, value)
    growth = QUICK_EMBEDDED_GROWTH if args.quick else EMBEDDED_GROWTH
    cached_most = QUICK_CACHED_OVER_STRAPI if args.quick else CACHED_OVER_STRAPI
    pushed = LESSON_TYPES if args.quick else None

    runs: list = []
    servers: list = []
    with tempfile.TemporaryDirectory(prefix="bff-strapi-scale-") as folder:
        grown_path = Path(folder) / "catalogue"
        grow_catalogue.grow(
            grow_catalogue.SEED_DIR, grown_path, args.factor, grow_catalogue.CMS_SCHEMA_DIR / "src"
        )
        seed, grown = "seed", f"{args.factor}x"
        paths = {seed: grow_catalogue.SEED_DIR, grown: grown_path}
        sizes = {name: catalogue_scale.catalogue_size(path) for name, path in paths.items()}
        env, _ = cms_load.prepare(Path(folder))
        try:
            runs.append(StrapiRun())
            strapis = {seed: (runs[0].url, runs[0].token)}
            if args.grown_url:
                read = (args.grown_tokens / "bff-token").read_text().strip()
                editor = (args.grown_tokens / "editor-token").read_text().strip()
                strapis[grown] = (args.grown_url, read)
            else:
                runs.append(StrapiRun())
                strapis[grown] = (runs[1].url, runs[1].token)
                editor = runs[1].editor_token
            push = push_grown(
                strapis[grown][0], editor, grown_path, args.workers, sizes[grown], pushed
            )

            targets = {}
            for name, (url, token) in strapis.items():
                on_strapi = {**env, "CMS_URL": url, "CMS_TOKEN": token}
                on_strapi["CMS_WEBHOOK_SECRET"] = "bench-webhook-secret"  # noqa: S105
                asked = questions(sizes[name])
                direct = requests.Session()
                direct.headers["Authorization"] = f"Bearer {token}"
                targets[name] = {"strapi": (direct, strapi_calls(on_strapi, asked))}
                for way, settings in (
                    ("miss", {**on_strapi, "CMS_CACHE_TTL": "0"}),
                    ("cached", {**on_strapi, "CMS_CACHE_TTL": "3600"}),  # all the run
                    ("embedded", {**env, "CMS_SEED_PATH": str(paths[name]), "CMS_CACHE_TTL": "0"}),
                ):
                    servers.append(Server(settings, 1))
                    base = servers[-1].url
                    urls = {kind: [base + path] for kind, path in asked.items()}
                    targets[name][way] = (requests.Session(), urls)
            # Quick: the best of a few samples, which a busy host moves far less than their median.
            p50 = measure(
                targets, list(asked), args.samples, min if args.quick else statistics.median
            )
            calls = {name: targets[name]["strapi"][1] for name in targets}
        finally:
            for server in servers:
                server.stop()
            for run in runs:
                run.stop()

    ratios = {
        way: {
            kind: round(p50[grown][way][kind] / p50[seed][way][kind], 2) for kind in p50[seed][way]
        }
        for way in WAYS
    }
    met = {
        **{
            f"cached/strapi {name} {kind}": p50[name]["cached"][kind]
            <= cached_most * p50[name]["strapi"][kind]
            for name in p50
            for kind in p50[name]["cached"]
        },
        **{f"embedded {kind}": ratio <= growth for kind, ratio in ratios["embedded"].items()},
    }
    report = {
        "quick": args.quick,
        "targets": {"cached_over_strapi": cached_most, "embedded_growth": growth},
        "pushed": "lessons and what they point to" if pushed else "everything",
        "samples": args.samples,
        "statistic": "best" if args.quick else "p50",
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "catalogues": sizes,
        "push": push,
        "questions": {name: questions(sizes[name]) for name in sizes},
        "strapi_calls": calls,  # the REST calls behind each question, as the BFF made them
        "p50_ms": p50,
        "ratio": ratios,
        "targets_met": met,
    }
    return reporting.show(report, args.json, lambda: print_table(report, seed, grown))


def print_table(report: dict, seed: str, grown: str) -> None:
    print(
        f"{report['samples']} samples, {report['cpus']} CPUs, "
        f"load average {report['load_average'][0]:.1f}"
    )
    catalogue_scale.print_sizes(report["catalogues"])
    push = report["push"]
    if "skipped" in push:
        print(f"push of {grown}: not needed, {push['skipped']}")
    else:
        created = f"{push.get('created', 0)} entries created in {push['seconds']} s"
        print(f"push of {grown}: {created}, {push['per_s']} a second")
    print(
        f"\n{report['statistic'] + ' ms':20} "
        + "".join(f"{way:>10} {'':>9} {'ratio':>6}" for way in WAYS)
    )
    print(f"{'':21}" + "".join(f"{seed:>10} {grown:>9} {'':>6}" for _ in WAYS))
    for kind in report["p50_ms"][seed]["strapi"]:
        row = f"{kind:21}"
        for way in WAYS:
            a, b = report["p50_ms"][seed][way][kind], report["p50_ms"][grown][way][kind]
            row += f"{a:10.1f} {b:9.1f} {report['ratio'][way][kind]:6.2f}"
        print(row)
    targets, missed = report["targets"], [k for k, ok in report["targets_met"].items() if not ok]
    print(
        f"\ntargets: cached <= {targets['cached_over_strapi']} x Strapi's p50, embedded "
        f"{grown}/{seed} <= {targets['embedded_growth']}: "
        + ("met" if not missed else "MISSED: " + ", ".join(missed))
    )
    print("\nquestions:")
    for kind, path in report["questions"][grown].items():
        calls = len(report["strapi_calls"][grown][kind])
        print(f"  {kind:12} {path}  ({calls} Strapi call{'s' if calls != 1 else ''})")


if __name__ == "__main__":
    sys.exit(main())
