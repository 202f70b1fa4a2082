"""What the wrk benchmarks share: their options, wrk itself, and targets measured in turn in
short rounds (so that a change of load on a shared machine falls on all of them alike), with
the rounds' summaries and ratios."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Hashable, Mapping, Sequence


def options(description: str, *, duration: int, rounds: int, connections: int):
    """A parser with the options every wrk benchmark takes; a script adds its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--duration", type=int, default=duration, help="seconds per target, all rounds together"
    )
    parser.add_argument(
        "--rounds", type=int, default=rounds, help="rounds the seconds are split into"
    )
    parser.add_argument("--connections", type=int, default=connections)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


def quick_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    """--quick: the form `make test` runs (scripts/test, benchmarks): a small size, a second or
    two a target, looser ratio thresholds that a busy shared host still meets and a real break
    does not."""
    parser.add_argument("--quick", action="store_true", help=help_text)


def parse(parser: argparse.ArgumentParser, quick: Mapping[str, object]):
    """The options; with --quick, each option of ``quick`` left at its default takes its quick
    value instead (an option given on the command line wins)."""
    args = parser.parse_args()
    if args.quick:
        for name, value in quick.items():
            if getattr(args, name) == parser.get_default(name):
                setattr(args, name, value)
    return args


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    print("wrk is missing: installing Debian's wrk with apt-get", file=sys.stderr)
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*prefix, "apt-get", "install", "-y", "wrk"], check=True, env=environment)
    return shutil.which("wrk") or sys.exit("wrk could not be installed")


def wrk(binary: str, url: str, seconds: int, connections: int, headers=()) -> dict:
    command = [binary, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    for header in headers:
        command += ["-H", header]
    output = subprocess.run([*command, url], check=True, capture_output=True, text=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    return {
        "requests_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50_ms": _ms(re.search(r"^\s+50%\s+(\S+)", output, re.M).group(1)),
        "p99_ms": _ms(re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1)),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1).strip() if socket_errors else "",
    }


def _ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return round(float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit], 2)


def in_rounds(
    binary: str,
    targets: Mapping[Hashable, str],
    args,
    *,
    warm_s: int,
    headers: Mapping[Hashable, Sequence[str]] | None = None,
) -> list[dict]:
    """Each target warmed up for warm_s (caches, connections; 0: not), then measured in
    args.rounds rounds that take the targets in turn, args.duration split between them. Each
    round starts one target further on, so that a disturbance that comes back at the same
    point of every round (another process's periodic work) does not fall on one target alone."""
    headers = headers or {}
    for name, url in targets.items() if warm_s else ():
        wrk(binary, url, warm_s, args.connections, headers.get(name, ()))
    seconds = max(1, args.duration // args.rounds)
    names = list(targets)
    rounds = []
    for number in range(args.rounds):
        order = names[number % len(names) :] + names[: number % len(names)]
        measured = {
            name: wrk(binary, targets[name], seconds, args.connections, headers.get(name, ()))
            for name in order
        }
        rounds.append({name: measured[name] for name in names})
    return rounds


def summary(runs: list[dict]) -> dict:
    """One target's rounds together: mean requests/s, the median round's p50 and p99, every
    non-2xx answer."""
    return {
        "requests_per_s": round(statistics.mean(run["requests_per_s"] for run in runs), 1),
        "p50_ms": statistics.median(run["p50_ms"] for run in runs),
        "p99_ms": statistics.median(run["p99_ms"] for run in runs),
        "non_2xx": sum(run["non_2xx"] for run in runs),
        "socket_errors": "; ".join(run["socket_errors"] for run in runs if run["socket_errors"]),
    }


def summaries(rounds: list[dict]) -> dict:
    """Every target's summary, by target."""
    return {name: summary([each[name] for each in rounds]) for name in rounds[0]}


def median_ratio(rounds: list[dict], top, bottom, value: str = "requests_per_s") -> float:
    """The median of the rounds' own ratios top/bottom (each pair measured seconds apart). A
    round in which bottom served nothing (its server stalled the whole round on a loaded host)
    has no ratio and is left out; 0 when no round has one."""
    ratios = [each[top][value] / each[bottom][value] for each in rounds if each[bottom][value]]
    return round(statistics.median(ratios), 2) if ratios else 0.0
