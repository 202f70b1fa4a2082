#!/usr/bin/env python3
"""What the content routes' memo of parsed query strings (ContentParser) saves: a cached lesson
list, `/cms/lessons?_limit=24&_start=0&_sort=title:asc&difficulty_level=2`, asked through
Flask's test client in one process (no server, no network), with the memo and with webargs'
parse instead, in alternating rounds so that a change of load falls on both alike.

Usage: .venv/bin/python bench/query-memo.py [--requests 3000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

URL = "/cms/lessons?_limit=24&_start=0&_sort=title:asc&difficulty_level=2"


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--requests", type=int, default=3000)
    options.add_argument("--rounds", type=int, default=3)
    args = options.parse_args()
    os.environ["BFF_INSTANCE_PATH"] = tempfile.mkdtemp(prefix="query-memo-")

    from bff import create_app
    from bff.app_context import app_context
    from bff.platform import database
    from bff.platform.openapi import ContentBlueprint, Parser

    app = create_app()
    database.upgrade(app_context(app).settings.database_url)
    client = app.test_client()
    assert client.get(URL).status_code == 200
    memo = ContentBlueprint.ARGUMENTS_PARSER

    def round_of(n: int) -> float:
        for _ in range(200):
            client.get(URL)
        start = time.perf_counter()
        for _ in range(n):
            client.get(URL)
        return (time.perf_counter() - start) / n * 1e6

    figures: dict[str, list[float]] = {"memo": [], "webargs": []}
    for _ in range(args.rounds):
        figures["memo"].append(round_of(args.requests))
        memo.parse = lambda *a, **k: Parser.parse(memo, *a, **k)  # the memo bypassed
        figures["webargs"].append(round_of(args.requests))
        del memo.parse
    for name, rounds in figures.items():
        print(f"{name:8} {statistics.median(rounds):6.0f} µs a request (median of {args.rounds})")
    without = statistics.median(figures["webargs"])
    saved = without - statistics.median(figures["memo"])
    print(f"saved    {saved:6.0f} µs a request, {saved / without:.0%}")


if __name__ == "__main__":
    main()
