#!/usr/bin/env python3
"""Puzzles at scale, on PostgreSQL, against gunicorn as `make run` starts it: a Lichess-format
file of `--count` puzzles (1,000,000 by default) made from the seed's, imported with the real
command (`flask --app bff puzzles import`: timed, rows a second), then Pro members asking for
their next puzzle and sending an attempt at it, from `--clients` processes at once over HTTP.

The file: each row is a seed puzzle (bff/puzzles/seed.csv, read only) under a new id, with a
rating drawn as Lichess's are spread (normal around 1500, 400 to 3000), its popularity and plays
drawn too; positions, lines and themes are the seed's, so every row is legal and themed.

Each client process plays `--members` / `--clients` members in turn, one request in flight: the
next puzzle, an attempt at it (two in three solved, one in three failed), then a minimal answer
of the same app (GET /users/social_providers), so the minimal answer is measured in the same run
and under the same load. The first `--warm` seconds are not counted. Latencies are measured by
the client (its own HTTP included), p50/p95/p99 of each, and each p95 over the minimal's.

Two phases. First the capacity: every client sends its next request as soon as the last is
answered, for `--capacity-seconds`; what the app answers a second then is its most, and the
latencies are a saturated host's (each request queued behind the others). Then the latency at
a steady `--rate` of requests a second (all clients together), below that capacity as a real
site runs: each request is due at its time, its latency counted from when it was due (a late
answer makes the next ones late, so a stall is not hidden: no coordinated omission).

Targets, of the paced phase: `next` p95 <= 10 ms and an attempt p95 <= 20 ms (the issue's,
absolute), and the rate reached. With --quick (20,000 puzzles, a few seconds, for `make test`)
only the saturated phase runs and the targets are ratios to the minimal answer, lenient enough
for a busy 2-core host (QUICK_P95_OVER_MINIMAL, bench/README.md). Either way
any error answer fails the run, and so does a plan that reads a whole puzzle table: a next
puzzle, an attempt and one of a theme are served once in the bench's own process first (after a
VACUUM ANALYZE), with the plan of each statement PostgreSQL ran for them (auto_explain, the
one statement of 'next' included); a Seq Scan on puzzles or
puzzle_themes (an index missing or unusable) is named in the report.

PostgreSQL: `--database-url` (a server on which the run creates its own database, dropped and
made again each time), else TEST_POSTGRES_URL, else the run starts under
scripts/with-test-services (a throwaway PostgreSQL, as `make test` gets one).

Usage: .venv/bin/python bench/puzzles.py [--count 1000000] [--seconds 30] [--rate 120]
           [--capacity-seconds 10] [--clients 6] [--members 240] [--workers 2]
           [--database-url postgresql+psycopg://...] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import csv
import http.client
import json
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import reporting  # noqa: E402 (bench/, beside this script)
from gunicorn_server import MINIMAL, Server  # noqa: E402

SEED = ROOT / "bff" / "puzzles" / "seed.csv"
DASHBOARD = "/content/puzzles/me/dashboard"
COLUMNS = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags"
JWT_SECRET = "bench-jwt-secret-key-of-at-least-32-bytes"
TARGETS_P95_MS = {
    "next": 10.0,
    "attempt": 20.0,
    # A timed run's start (its first five puzzles chosen) and the dashboard of each window.
    "start": 15.0,
    "dash 7d": 15.0,
    "dash 30d": 15.0,
    "dash 90d": 15.0,
}
WINDOWS = (7, 30, 90)  # the dashboard's windows, one a turn in turn
# The paced phase's requests a second, all clients together: 40 puzzles a second played (a next,
# an attempt and the minimal answer each), 2,400 a minute, many times what the site's members
# play; about half of what the bench's 2-core host answers at most.
RATE = 120.0
# The paced phase may fall this far short of --rate (the host could not keep up).
RATE_REACHED = 0.95
# --quick: p95 over the minimal answer's p95, measured together. On a busy 2-core host
# (bench/README.md) next is about 6x and an attempt about 8x: these catch a request grown
# several times over; a missing index is caught by its plan (table_scans).
QUICK_P95_OVER_MINIMAL = {
    "next": 12.0,
    "attempt": 25.0,
    "start": 30.0,
    "dash 7d": 15.0,
    "dash 30d": 15.0,
    "dash 90d": 15.0,
}
# Members' attempts already in the database: --crowd members with CROWD_ROUNDS rated attempts
# each, and every member measured with MEMBER_ROUNDS over the last 90 days (a regular's history:
# their dashboard groups a few hundred puzzles by theme).
CROWD_ROUNDS = 10
MEMBER_ROUNDS = 300


def write_file(path: Path, count: int) -> None:
    """`count` puzzles in the Lichess form, each a seed puzzle under a new id and rating."""
    with SEED.open(newline="") as seed_file:
        seed = list(csv.DictReader(seed_file))
    rng = random.Random(7)
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS.split(","))
        for number in range(count):
            row = dict(seed[number % len(seed)])
            row["PuzzleId"] = f"b{number:07d}"
            row["Rating"] = str(max(400, min(3000, round(rng.gauss(1500, 450)))))
            row["RatingDeviation"] = str(rng.randint(74, 110))
            row["Popularity"] = str(rng.randint(-20, 100))
            row["NbPlays"] = str(rng.randint(0, 50000))
            writer.writerow([row[column] for column in COLUMNS.split(",")])


def own_database(server_url: str, name: str, *, drop: bool = False) -> str:
    """The run's own database on that server, made empty and migrated (or dropped); its URL."""
    import sqlalchemy as sa

    from bff.platform import database

    admin = sa.create_engine(server_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        if not drop:
            connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    url = sa.make_url(server_url).set(database=name).render_as_string(hide_password=False)
    if not drop:
        database.upgrade(url)
    return url


def make_members(env: dict[str, str], count: int) -> list[str]:
    """`count` confirmed Pro members, signed in; their access tokens. Made in the database as
    the other benches make theirs: signing up is not what is measured, and its per-address rate
    limit would hold the run up."""
    from bff import create_app
    from bff.accounts.models import User
    from bff.accounts.sign_in import start_session
    from bff.platform.extensions import db

    app = create_app(env)
    tokens = []
    with app.app_context():
        now = datetime.now(UTC)
        for number in range(count):
            member = User(
                username=f"solver{number}",
                username_key=f"solver{number}",
                email=f"solver{number}@example.com",
                email_key=f"solver{number}@example.com",
                user_tier="pro",
                email_confirmed_at=now,
            )
            db.session.add(member)
            db.session.flush()
            tokens.append(start_session(db.session, member, now=now, secret=JWT_SECRET).access)
        db.session.commit()
        db.engine.dispose()
    return tokens


def make_history(url: str, crowd: int, puzzles: int) -> tuple[int, float]:
    """`crowd` more members, each with CROWD_ROUNDS rated attempts, and MEMBER_ROUNDS for each
    member measured (the `solver` accounts), at random puzzles over the last 90 days, two in
    three solved: made by the server in a few statements (INSERT ... SELECT over
    generate_series), not request by request. The rounds made and the seconds it took."""
    import sqlalchemy as sa

    started = time.perf_counter()
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO users (username, username_key, email, email_key, user_tier,"
                " email_confirmed_at, created_at)"
                " SELECT 'crowd' || n, 'crowd' || n, 'crowd' || n || '@example.com',"
                " 'crowd' || n || '@example.com', 'free', now(), now()"
                " FROM generate_series(1, :crowd) AS n"
            ),
            {"crowd": crowd},
        )
        made = 0
        for prefix, each in (("crowd%", CROWD_ROUNDS), ("solver%", MEMBER_ROUNDS)):
            made += connection.execute(
                sa.text(
                    "INSERT INTO puzzle_rounds (user_id, puzzle_id, source, served_at, attempt_id,"
                    " played_at, solved, seconds, rated, held)"
                    " SELECT user_id, puzzle_id, 'next', at, attempt_id,"
                    " at + interval '40 seconds', solved, 40, true, false FROM ("
                    "  SELECT users.id AS user_id,"
                    "  'b' || lpad(floor(random() * :puzzles)::int::text, 7, '0') AS puzzle_id,"
                    "  now() - random() * interval '90 days' AS at,"
                    "  md5(users.id || '-' || turn) AS attempt_id, random() < 0.67 AS solved"
                    "  FROM users CROSS JOIN generate_series(1, :each) AS turn"
                    "  WHERE users.username_key LIKE :prefix) AS drawn"
                ),
                {"puzzles": puzzles, "each": each, "prefix": prefix},
            ).rowcount
    engine.dispose()
    return made, time.perf_counter() - started


def table_scans(env: dict[str, str], token: str, *, small: bool = False) -> list[str]:
    """A next puzzle, an attempt, a next puzzle of a theme, a timed run's start and the
    dashboard of each window served once in this process, after
    a VACUUM ANALYZE, with the plan of each statement PostgreSQL ran for them, the one statement
    of 'next' included (auto_explain, its plans sent to the connection
    as notices): those that read a whole puzzle table (an index missing or unusable), as
    "table: statement". ``small`` (the quick form's tables): PostgreSQL is told to avoid a
    table scan where an index serves, as at a million it does by its own choice (on 20,000 puzzles
    reading the table is its honest choice for a dashboard that joins a few hundred of them), so a
    scan is left only where no index can serve."""
    import sqlalchemy as sa

    from bff import create_app
    from bff.platform.extensions import db

    app = create_app(env)
    with app.app_context():
        engine = db.engine
    # The tables as in service: the import's rows vacuumed (else PostgreSQL's own vacuum of them
    # runs during the measurement) and their statistics read, before the plans.
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql("VACUUM (ANALYZE)")
    engine.dispose()
    plans: list[str] = []

    @sa.event.listens_for(engine, "connect")
    def explained(connection, _record) -> None:
        connection.add_notice_handler(lambda notice: plans.append(notice.message_primary or ""))
        with connection.cursor() as cursor:
            try:
                cursor.execute("LOAD 'auto_explain'")
            except Exception as error:  # noqa: BLE001 - said in the exit message
                sys.exit(f"the plans need auto_explain, which a superuser loads: {error}")
            cursor.execute("SET auto_explain.log_min_duration = 0")
            cursor.execute("SET auto_explain.log_nested_statements = on")
            cursor.execute("SET client_min_messages = log")
            if small:
                cursor.execute("SET enable_seqscan = off")
        connection.commit()

    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    answer = client.get("/content/puzzles/next", headers=headers)
    puzzle = answer.get_json()["data"]
    body = {"attempt_id": uuid.uuid4().hex, "moves": puzzle["moves"][1:], "solved": True}
    path = f"/content/puzzles/{puzzle['id']}/attempts"
    answers = [
        answer,
        client.post(path, json={**body, "seconds": 9}, headers=headers),
        client.get(f"/content/puzzles/next?theme={puzzle['themes'][0]['theme']}", headers=headers),
        client.post("/content/puzzles/runs", json={"mode": "timed"}, headers=headers),
        *(client.get(f"{DASHBOARD}?days={days}", headers=headers) for days in WINDOWS),
    ]
    if any(answer.status_code not in (200, 201) for answer in answers):
        sys.exit(f"the plans could not be read: {[answer.get_json() for answer in answers]}")
    engine.dispose()
    if not any("decision AS" in plan for plan in plans):  # next_statement.py's CTE
        sys.exit("no plan was read: auto_explain sent none")
    scans = []
    for plan in plans:
        query = re.search(r"Query Text: (.*)", plan)
        for table in re.findall(r"Seq Scan on (puzzles|puzzle_themes|puzzle_rounds)\b", plan):
            text = " ".join((query.group(1) if query else plan).split())
            scans.append(f"{table}: {text[:160]}")
    return scans


def import_file(env: dict[str, str], source: Path, count: int) -> tuple[float, float]:
    """The import command run on the file; its seconds, and the CPU seconds of the command and
    its processes (what a busy host does not stretch; PostgreSQL's own not counted)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "bff", "puzzles", "import", str(source)],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    added = re.search(r"([\d,]+) puzzles added", done.stdout)
    if done.returncode or not added or int(added.group(1).replace(",", "")) != count:
        sys.exit(f"the import failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return seconds, cpu


def copy_file(env: dict[str, str], source: Path, count: int) -> tuple[float, float]:
    """The file's rows copied into the puzzles and their themes by PostgreSQL alone (COPY, then
    INSERT ... SELECT), unchecked: `--fill copy`, for a host too busy to import a million rows
    with the command (each row's checking is most of its CPU) within the time there is. The rows
    are the seed's, already checked. Its seconds, and no CPU of the bench's own (0)."""
    import sqlalchemy as sa

    started = time.perf_counter()
    engine = sa.create_engine(env["DATABASE_URL"], poolclass=sa.pool.NullPool)
    with engine.begin() as connection:
        cursor = connection.connection.driver_connection.cursor()
        cursor.execute(
            "CREATE TEMPORARY TABLE lichess (id text, fen text, moves text, rating int,"
            " deviation int, popularity int, plays int, themes text, game_url text,"
            " opening_tags text) ON COMMIT DROP"
        )
        with (
            source.open("rb") as rows,
            cursor.copy("COPY lichess FROM STDIN WITH (FORMAT csv, HEADER true)") as copy,
        ):
            while block := rows.read(1 << 20):
                copy.write(block)
        cursor.execute(
            "INSERT INTO puzzles (id, fen, moves, rating, deviation, volatility, popularity,"
            " plays, themes, game_url, opening_tags) SELECT id, fen, moves, rating, deviation,"
            " 0.06, popularity, plays, coalesce(themes, ''), coalesce(game_url, ''),"
            " coalesce(opening_tags, '') FROM lichess"
        )
        added = cursor.rowcount
        cursor.execute(
            "INSERT INTO puzzle_themes (theme, puzzle_id, rating) SELECT DISTINCT theme, id,"
            " rating FROM lichess, unnest(string_to_array(themes, ' ')) AS theme"
            " WHERE theme <> ''"
        )
    engine.dispose()
    if added != count:
        sys.exit(f"the copy added {added} puzzles of {count}")
    return time.perf_counter() - started, 0.0


def request(connection, path: str, token: str | None = None, body: dict | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(
        "POST" if body is not None else "GET",
        path,
        body=json.dumps(body) if body is not None else None,
        headers=headers,
    )
    answer = connection.getresponse()
    return answer.status, answer.read()


def client(
    port: int, tokens: list[str], warm_s: float, seconds: float, rate: float, number: int, out
) -> None:
    """One client process: its members in turn, next, attempt, minimal, a timed run's start and
    the dashboard (of each window in turn); the timings it kept.
    With a ``rate`` (this client's requests a second), each request is due 1/rate after the one
    before and timed from then; without, it goes as soon as the last is answered."""
    rng = random.Random(number)
    connection = http.client.HTTPConnection("127.0.0.1", port)
    timings: dict[str, list[float]] = {name: [] for name in (*TARGETS_P95_MS, "minimal")}
    errors: list[str] = []
    counted_from = time.perf_counter() + warm_s
    stop = counted_from + seconds
    # Clients start at a random point of their first interval, not all at once.
    due = time.perf_counter() + (rng.uniform(0, 1 / rate) if rate else 0.0)
    turn = 0
    while (now := time.perf_counter()) < stop and len(errors) < 20:
        counting = now >= counted_from
        token = tokens[turn % len(tokens)]
        turn += 1

        def timed(name: str, path: str, token=None, body=None, counting=counting):
            nonlocal due
            if rate:
                time.sleep(max(0.0, due - time.perf_counter()))
                started, due = due, due + 1 / rate
            else:
                started = time.perf_counter()
            status, raw = request(connection, path, token, body)
            if counting:
                timings[name].append((time.perf_counter() - started) * 1000)
            if status not in (200, 201):
                errors.append(f"{name} {status}: {raw[:200]!r}")
                return None
            return json.loads(raw)

        answer = timed("next", "/content/puzzles/next", token)
        if answer is not None:
            puzzle = answer["data"]
            solve = rng.random() < 2 / 3
            body = {
                "attempt_id": uuid.uuid4().hex,
                "moves": puzzle["moves"][1:] if solve else puzzle["moves"][1:2],
                "solved": solve,
                "seconds": rng.randint(5, 90),
            }
            timed("attempt", f"/content/puzzles/{puzzle['id']}/attempts", token, body)
        timed("minimal", MINIMAL)
        timed("start", "/content/puzzles/runs", token, {"mode": "timed"})
        days = WINDOWS[turn % len(WINDOWS)]
        timed(f"dash {days}d", f"{DASHBOARD}?days={days}", token)
    out.put((timings, errors))


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values) or [0.0]

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 2)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99)}


def drive(port: int, tokens: list[str], clients: int, warm_s: float, seconds: float, rate: float):
    """Every client process at once (at ``rate`` requests a second together, or as fast as
    answered when 0); their timings together, and the error answers."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    processes = [
        context.Process(
            target=client,
            args=(port, tokens[number::clients], warm_s, seconds, rate / clients, number, out),
        )
        for number in range(clients)
    ]
    for process in processes:
        process.start()
    timings: dict[str, list[float]] = {name: [] for name in (*TARGETS_P95_MS, "minimal")}
    errors: list[str] = []
    for _ in processes:
        mine, theirs = out.get()
        for name, values in mine.items():
            timings[name].extend(values)
        errors.extend(theirs)
    for process in processes:
        process.join()
    return timings, errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, help="puzzles (1,000,000; --quick: 20,000)")
    parser.add_argument("--seconds", type=float, help="seconds measured (30; --quick: 6)")
    parser.add_argument("--rate", type=float, default=RATE, help="requests a second, paced")
    parser.add_argument(
        "--capacity-seconds", type=float, default=10.0, help="seconds as fast as answered"
    )
    parser.add_argument("--warm", type=float, default=2.0, help="seconds not counted first")
    parser.add_argument("--clients", type=int, help="client processes (6; --quick: 4)")
    parser.add_argument("--members", type=int, help="Pro members playing (240; --quick: 60)")
    parser.add_argument(
        "--crowd",
        type=int,
        help=f"more members, {CROWD_ROUNDS} attempts each (100,000; --quick: 2,000)",
    )
    parser.add_argument(
        "--fill",
        choices=("import", "copy"),
        default="import",
        help="import: the real command, timed; copy: COPY alone, unchecked (a busy host)",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--database-url", help="a PostgreSQL server (else TEST_POSTGRES_URL)")
    parser.add_argument("--quick", action="store_true", help="small and short, ratio targets")
    parser.add_argument("--keep", action="store_true", help="keep the database (to EXPLAIN)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    count = args.count or (20_000 if args.quick else 1_000_000)
    seconds = args.seconds or (6.0 if args.quick else 30.0)
    args.clients = args.clients or (4 if args.quick else 6)
    args.members = args.members or (60 if args.quick else 240)
    crowd = args.crowd if args.crowd is not None else (2_000 if args.quick else 100_000)
    server_url = args.database_url or os.environ.get("TEST_POSTGRES_URL")
    if not server_url:  # a throwaway PostgreSQL for this run, as `make test` gets one
        script = ROOT / "scripts" / "with-test-services"
        os.execvp("bash", ["bash", str(script), sys.executable, *sys.argv])

    name = f"bff_bench_puzzles_{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="bff-bench-") as folder:
        source = Path(folder) / "puzzles.csv"
        started = time.perf_counter()
        write_file(source, count)
        written_s = time.perf_counter() - started
        env = {
            "BFF_ENV": "development",
            "BFF_INSTANCE_PATH": str(Path(folder) / "instance"),
            "DATABASE_URL": own_database(server_url, name),
            "SECRET_KEY": "bench-secret-key",
            "JWT_SECRET_KEY": JWT_SECRET,
            "LOG_LEVEL": "WARNING",
        }
        fill = import_file if args.fill == "import" else copy_file
        import_s, import_cpu_s = fill(env, source, count)
        tokens = make_members(env, args.members + 1)
        rounds, history_s = make_history(env["DATABASE_URL"], crowd, count)
        scans = table_scans(env, tokens.pop(), small=args.quick)
        server = Server(env, args.workers)
        try:
            saturated_s = seconds if args.quick else args.capacity_seconds
            timings, errors = drive(server.port, tokens, args.clients, args.warm, saturated_s, 0)
            capacity = sum(len(values) for values in timings.values()) / saturated_s
            paced = paced_errors = None
            if not args.quick:
                paced, paced_errors = drive(
                    server.port, tokens, args.clients, args.warm, seconds, args.rate
                )
        finally:
            server.stop()
            if not args.keep:
                own_database(server_url, name, drop=True)

    saturated = phase(timings, saturated_s)
    over = saturated["p95_over_minimal"]
    if paced is None:
        met = {f"{name} p95 / minimal": over[name] <= QUICK_P95_OVER_MINIMAL[name] for name in over}
    else:
        at_rate = phase(paced, seconds)
        met = {
            f"{name} p95 at the rate": at_rate["latency_ms"][name]["p95"] <= target
            for name, target in TARGETS_P95_MS.items()
        }
        met["the rate reached"] = at_rate["requests_per_s"] >= RATE_REACHED * args.rate
        errors += paced_errors
    met["no error answer"] = not errors
    met["no table scan of the puzzles"] = not scans
    report = {
        "count": count,
        "file_written_s": round(written_s, 1),
        "fill": args.fill,
        "import_s": round(import_s, 1),
        "import_rows_per_s": round(count / import_s),
        "import_cpu_s": round(import_cpu_s, 1),
        "import_rows_per_cpu_s": round(count / max(import_cpu_s, 0.001)),
        "crowd": crowd,
        "rounds": rounds,
        "history_s": round(history_s, 1),
        "workers": args.workers,
        "clients": args.clients,
        "members": args.members,
        "saturated": {"seconds": saturated_s, **saturated},
        "capacity_per_s": round(capacity, 1),
        "paced": None if paced is None else {"seconds": seconds, "rate": args.rate, **at_rate},
        "targets": QUICK_P95_OVER_MINIMAL if args.quick else TARGETS_P95_MS,
        "errors": errors[:5],
        "table_scans": scans,
        "cpus": os.cpu_count(),
        "load": [round(value, 2) for value in os.getloadavg()],
        "targets_met": met,
    }
    return reporting.show(report, args.json, lambda: print_table(report, args.quick))


def phase(timings: dict[str, list[float]], seconds: float) -> dict:
    """A phase's requests, requests a second, percentiles and each p95 over the minimal's."""
    figures = {name: percentiles(values) for name, values in timings.items()}
    return {
        "requests": {name: len(values) for name, values in timings.items()},
        "requests_per_s": round(sum(len(values) for values in timings.values()) / seconds, 1),
        "latency_ms": figures,
        "p95_over_minimal": {
            name: round(figures[name]["p95"] / max(figures["minimal"]["p95"], 0.01), 2)
            for name in TARGETS_P95_MS
        },
    }


def print_table(report: dict, quick: bool) -> None:
    if report["fill"] == "copy":
        print(
            f"{report['count']:,} puzzles on PostgreSQL copied in (COPY, unchecked, not the"
            f" import) in {report['import_s']} s; the file written in {report['file_written_s']} s"
        )
    else:
        print(
            f"{report['count']:,} puzzles on PostgreSQL imported in {report['import_s']} s"
            f" ({report['import_rows_per_s']:,} rows/s; {report['import_cpu_s']} s of CPU,"
            f" {report['import_rows_per_cpu_s']:,} rows a CPU second; the file written in"
            f" {report['file_written_s']} s)"
        )
    print(
        f"{report['crowd'] + report['members'] + 1:,} members' {report['rounds']:,} attempts"
        f" made in {report['history_s']} s ({MEMBER_ROUNDS} for each member measured)"
    )
    print(
        f"{report['workers']} gunicorn workers, {report['clients']} client processes,"
        f" {report['members']} Pro members, {report['cpus']} CPUs, load {report['load'][0]}"
    )
    saturated, paced = report["saturated"], report["paced"]
    print(
        f"As fast as answered, {saturated['seconds']} s: {saturated['requests_per_s']} requests/s"
        " (the capacity; each request queued behind the others)"
    )
    print_phase(saturated)
    if paced is not None:
        print(
            f"Paced at {paced['rate']} requests/s, {paced['seconds']} s:"
            f" {paced['requests_per_s']} requests/s reached; latency from when each was due"
        )
        print_phase(paced)
    for name, met in report["targets_met"].items():
        key = name.split(" p95")[0]
        target = report["targets"].get(key)
        unit = "x" if quick else " ms"
        print(f"{name}: {'met' if met else 'MISSED'}" + (f" (<= {target}{unit})" if target else ""))
    for line in report["errors"] + report["table_scans"]:
        print(f"  {line}")


def print_phase(figures: dict) -> None:
    print(f"{'':8} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'p95/minimal':>12}")
    for name, latency in figures["latency_ms"].items():
        ratio = figures["p95_over_minimal"].get(name)
        print(
            f"{name:8} {figures['requests'][name]:8} {latency['p50']:8.2f} {latency['p95']:8.2f}"
            f" {latency['p99']:8.2f} {f'{ratio:.2f}x' if ratio else '':>12}"
        )


if __name__ == "__main__":
    sys.exit(main())
