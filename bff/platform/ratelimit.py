"""Rate limits on the calls that guess, send mail or cost a worker dear.

Each limit comes from settings (RATE_LIMIT_<NAME>, e.g. "10 per minute"), or is fixed where
there is no such setting (avatar uploads), is shared by every route of its kind and is counted
per client address (the one the load balancer reports: security.py trusts PROXY_HOPS of them),
or per member for avatar uploads, in moving windows: "10 per minute" is at most 10 in any 60
seconds, never 10 at the end of one minute and 10 more at the start of the next. The counts live
in Redis when REDIS_URL is set, so every worker of every instance shares them; else in a SQLite
file in the instance folder (`rate-limits.sqlite3`), which every worker of the instance shares
(`make run` runs two). Only a limited call pays for the check: nothing runs on any other request.
Over the limit is 429 `rate_limited` with Retry-After; the call is counted before its arguments
are read, so invalid calls count too. Every answer of a counted call, refused or not, says where
its client stands in the three headers of the IETF draft "RateLimit header fields for HTTP":
RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds until the oldest call of the
window leaves it; docs/api.md). Should the store fail, the call is let through and the
failure logged (the health check reports Redis)."""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from pathlib import Path
from typing import Protocol, cast

from flask import Response, g, request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string

from .config import Settings
from .context import ContextView
from .errors import ApiError
from .metrics import RATE_LIMITED

log = logging.getLogger(__name__)


class RateLimits:
    """Counts calls per scope and client in moving windows, in one store: Redis, a SQLite file
    the workers of an instance share (``file:///path``), or this process's memory
    (``memory://``, for a test)."""

    def __init__(self, storage_uri: str):
        if storage_uri.startswith(FILE_SCHEME):
            self._windows: MovingWindows = FileWindows(Path(storage_uri[len(FILE_SCHEME) :]))
        else:
            self._windows = cast(MovingWindows, storage_from_string(storage_uri))

    def hit(self, scope: str, limit: str, client: str) -> Standing | None:
        """Count one call of ``client`` against ``limit`` of ``scope`` and say where the client
        stands after it (None when the store cannot tell); ApiError 429 (with Retry-After: when
        the oldest call of the window leaves it) when it goes over."""
        item = _parsed(limit)
        key, expiry = item.key_for(scope, client), item.get_expiry()
        try:
            allowed = self._windows.acquire_entry(key, item.amount, expiry)
            started, counted = self._windows.get_moving_window(key, item.amount, expiry)
        except Exception:  # the store is down: an unlimited call beats no call at all
            log.exception("Rate limit store unavailable; the call is let through")
            return None
        wait = max(1, math.ceil(started + expiry - time.time()))
        standing = Standing(item.amount, max(0, item.amount - counted), wait)
        if allowed:
            return standing
        RATE_LIMITED.labels(scope).inc()
        raise ApiError(429, "rate_limited", headers={**standing.headers, "Retry-After": str(wait)})


@dataclass(frozen=True)
class Standing:
    """Where a client stands against one limit after a call: the calls a window allows, those
    left in it, and the seconds until the oldest counted call leaves it."""

    limit: int
    remaining: int
    reset: int

    @property
    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset),
        }


FILE_SCHEME = "file://"
# Every so many calls, a worker deletes every count whose window has passed, whoever's it was.
PURGE_EVERY = 500


class MovingWindows(Protocol):
    """A store of moving windows: limits' Redis and memory storages, or the file below."""

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool: ...

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]: ...


class FileWindows:
    """Moving windows in a SQLite file: one row per counted call, with when its window ends.

    A check and its count are one write transaction (`BEGIN IMMEDIATE`), so two workers
    counting the same client at once cannot both take the last call of a window. Each thread
    of each process has its own connection (a forked worker opens its own)."""

    def __init__(self, path: Path):
        self.path = path
        self._local = threading.local()
        self._calls = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._write() as connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS hits (key TEXT NOT NULL, at REAL NOT NULL,"
                " expires REAL NOT NULL)"
            )
            connection.execute("CREATE INDEX IF NOT EXISTS hits_key_at ON hits (key, at)")
            connection.execute("CREATE INDEX IF NOT EXISTS hits_expires ON hits (expires)")

    def _connection(self) -> sqlite3.Connection:
        found = getattr(self._local, "connection", None)
        if found is None or self._local.pid != os.getpid():
            found = sqlite3.connect(self.path, timeout=5, isolation_level=None)
            found.execute("PRAGMA journal_mode=WAL")
            found.execute("PRAGMA synchronous=NORMAL")
            self._local.connection, self._local.pid = found, os.getpid()
        return found

    def _write(self) -> _Transaction:
        return _Transaction(self._connection())

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        now = time.time()
        with self._write() as connection:
            self._calls += 1
            if self._calls % PURGE_EVERY == 0:
                connection.execute("DELETE FROM hits WHERE expires <= ?", (now,))
            (counted,) = connection.execute(
                "SELECT COUNT(*) FROM hits WHERE key = ? AND at > ?", (key, now - expiry)
            ).fetchone()
            if counted + amount > limit:
                return False
            connection.executemany(
                "INSERT INTO hits (key, at, expires) VALUES (?, ?, ?)",
                [(key, now, now + expiry)] * amount,
            )
            return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        started, counted = (
            self._connection()
            .execute(
                "SELECT MIN(at), COUNT(*) FROM (SELECT at FROM hits WHERE key = ? AND at > ?"
                " ORDER BY at DESC LIMIT ?)",
                (key, now - expiry, limit),
            )
            .fetchone()
        )
        return (started if started is not None else now), counted


class _Transaction:
    """A write transaction taken at once (BEGIN IMMEDIATE), committed or rolled back."""

    def __init__(self, connection: sqlite3.Connection):
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        self.connection.execute("BEGIN IMMEDIATE")
        return self.connection

    def __exit__(self, kind, value, traceback) -> None:
        self.connection.execute("COMMIT" if kind is None else "ROLLBACK")


def store_uri(redis_url: str | None, instance_path: Path) -> str:
    """Where an application counts: Redis when there is one, else the instance's file."""
    return redis_url or f"{FILE_SCHEME}{instance_path / 'rate-limits.sqlite3'}"


class LimitServices(Protocol):
    """What counting calls reads of the application context: the limits and their store."""

    settings: Settings
    rate_limits: RateLimits


context = ContextView[LimitServices](__name__)


@lru_cache(maxsize=64)
def _parsed(limit: str) -> RateLimitItem:
    return parse(limit)


def count(name: str, client: str, default: str | None = None) -> None:
    """Count one call of ``client`` (a client address, or a member such as "member:12") against
    the RATE_LIMIT_<NAME> limit, or against ``default`` for a limit that is not a setting."""
    limit = getattr(context().settings, f"rate_limit_{name}", None) or default
    if limit is None:
        raise LookupError(f"no rate limit named {name!r}")
    try:
        standing = context().rate_limits.hit(name, limit, client)
    except ApiError as refused:
        g.rate_limit_headers = refused.headers
        raise
    # A call counted against two limits reports the one with the fewest calls left.
    kept = g.get("rate_limit_headers")
    if standing is not None and (
        kept is None or standing.remaining < int(kept["RateLimit-Remaining"])
    ):
        g.rate_limit_headers = standing.headers


def add_headers(response: Response) -> Response:
    """After a counted call, whatever its answer: its client's standing (RateLimit-*)."""
    headers = g.get("rate_limit_headers")
    if headers:
        for name in STANDING_HEADERS:
            response.headers[name] = headers[name]
    return response


STANDING_HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")


def limited(name: str) -> Callable:
    """Decorate a view: each call counts against the RATE_LIMIT_<NAME> limit of its client."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def limited_view(*args, **kwargs):
            count(name, request.remote_addr or "unknown")
            return view(*args, **kwargs)

        return limited_view

    return decorate
