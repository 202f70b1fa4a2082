"""Test-only faults: the real BFF fails on purpose for the requests of one test (BFF_FAULTS_FILE).

The end-to-end tests show what a failure looks like in the browser (a newsletter sign-up that
fails, a 401 that makes the client refresh its token, a call slower than the client waits)
without faking the BFF's answers there. With BFF_FAULTS_FILE set, which start-up refuses in
production (config.py), a request that carries the header ``X-Fault-Scope`` is compared with the
faults of that scope in the file; the first whose method and path match answers with its status
in the usual error envelope (errors.py), after its delay if it has one. A fault without a status
only delays the call, which then runs as usual. Tests run in parallel against one server, so each
test sends a scope of its own (tests/e2e/faults.ts) and never meets another test's faults.
Requests without the header cost nothing.

The file: ``{"faults": [{"id", "scope", "method", "path", "status", "code", "message", "times",
"delay"}]}``; ``method`` may be ``*``, ``path`` is the exact request path, ``times`` (optional)
is how many requests the fault answers before it goes away, ``delay`` is in seconds.

An entry ``{"id", "scope", "clock_shift"}`` moves the application's clock (access/clock.py) by
``clock_shift`` seconds for that scope's requests: a review due in ten minutes is due for them
at once, while every other test's requests keep the real time (``shifted``).

Several processes change the file (each gunicorn worker counting ``times`` down, each Playwright
worker adding faults), so all of them follow one protocol: create ``<file>.lock`` exclusively
(O_EXCL) or wait for it, write the new content to a temporary file beside it and rename it over
the file, then remove the lock. Readers need no lock, since a rename is atomic. A lock older than
``LOCK_STALE`` seconds was left by a process that died holding it and is broken.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from flask import Flask, g, has_request_context, request

from .config import Settings
from .errors import STATUS_CODES, ApiError, error_response

log = logging.getLogger(__name__)

SCOPE_HEADER = "X-Fault-Scope"
LOCK_STALE = 10.0
LOCK_POLL = 0.002
# A delayed call holds a worker: long enough to outlast the client's timeout (5 s), no longer.
MAX_DELAY = 30.0


@dataclass(frozen=True)
class Fault:
    id: str
    scope: str
    method: str
    path: str
    status: int | None = None
    code: str | None = None
    message: str | None = None
    times: int | None = None
    delay: float = 0.0

    @classmethod
    def parse(cls, entry: object) -> Fault:
        """One entry of the file; ValueError says what is wrong with it."""
        if not isinstance(entry, dict):
            raise ValueError("a fault is an object")
        for name in ("id", "scope", "method", "path"):
            if not isinstance(entry.get(name), str) or not entry[name]:
                raise ValueError(f"{name} must be a non-empty string")
        if not entry["path"].startswith("/"):
            raise ValueError("path must start with /")
        status = entry.get("status")
        if status is not None and (not _whole(status) or not 400 <= status <= 599):
            raise ValueError("status must be an error status, 400 to 599")
        times = entry.get("times")
        if times is not None and (not _whole(times) or times < 1):
            raise ValueError("times must be a whole number of at least 1")
        delay = entry.get("delay") or 0
        if isinstance(delay, bool) or not isinstance(delay, int | float):
            raise ValueError("delay must be a number of seconds")
        if not 0 <= delay <= MAX_DELAY:
            raise ValueError(f"delay must be between 0 and {MAX_DELAY:g} seconds")
        if status is None and not delay:
            raise ValueError("a fault needs a status, a delay or both")
        for name in ("code", "message"):
            if entry.get(name) is not None and not isinstance(entry[name], str):
                raise ValueError(f"{name} must be a string")
        return cls(
            id=entry["id"],
            scope=entry["scope"],
            method=entry["method"].upper(),
            path=entry["path"],
            status=status,
            code=entry.get("code"),
            message=entry.get("message"),
            times=times,
            delay=float(delay),
        )

    def matches(self, scope: str, method: str, path: str) -> bool:
        return self.scope == scope and self.method in ("*", method.upper()) and self.path == path

    def error(self) -> ApiError | None:
        """The failure to answer with, as the BFF answers a real one; None: only a delay."""
        if self.status is None:
            return None
        return ApiError(self.status, self.code or _default_code(self.status), self.message)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _default_code(status: int) -> str:
    return STATUS_CODES.get(status, "bad_request" if status < 500 else "server_error")


class FaultFile:
    """The faults file, read by every request that carries a scope and changed under the lock."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")

    def entries(self) -> list:
        """The raw entries; none when the file does not exist (yet) or cannot be read."""
        try:
            content = json.loads(self.path.read_text())
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as error:
            log.warning("Ignoring the faults file %s: %s", self.path, error)
            return []
        faults = content.get("faults") if isinstance(content, dict) else None
        return faults if isinstance(faults, list) else []

    def faults(self) -> list[Fault]:
        found = []
        for entry in self.entries():
            if isinstance(entry, dict) and "clock_shift" in entry:
                continue
            try:
                found.append(Fault.parse(entry))
            except ValueError as error:
                log.warning("Ignoring a fault of %s (%s): %r", self.path, error, entry)
        return found

    def clock_shift(self, scope: str) -> float:
        """Seconds the clock of ``scope``'s requests is moved by (the last entry that says)."""
        shift = 0.0
        for entry in self.entries():
            if not isinstance(entry, dict) or entry.get("scope") != scope:
                continue
            value = entry.get("clock_shift")
            if isinstance(value, int | float) and not isinstance(value, bool):
                shift = float(value)
            elif value is not None:
                log.warning("Ignoring a clock shift of %s: %r", self.path, entry)
        return shift

    def take(self, scope: str, method: str, path: str) -> Fault | None:
        """The first fault of ``scope`` for this call, counted down if it has ``times``."""
        fault = next((f for f in self.faults() if f.matches(scope, method, path)), None)
        if fault is None or fault.times is None:
            return fault
        with self.locked():
            # Read again under the lock: another worker may have used it up meanwhile.
            entries = self.entries()
            for index, entry in enumerate(entries):
                try:
                    candidate = Fault.parse(entry)
                except ValueError:
                    continue
                if not candidate.matches(scope, method, path):
                    continue
                if candidate.times is not None:
                    if candidate.times <= 1:
                        del entries[index]
                    else:
                        entries[index] = {**entry, "times": candidate.times - 1}
                    self.write(entries)
                return candidate
        return None

    def write(self, entries: list) -> None:
        """Replace the file's faults (the caller holds the lock)."""
        fd, draft = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        try:
            with os.fdopen(fd, "w") as handle:
                json.dump({"faults": entries}, handle)
            os.replace(draft, self.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(draft)
            raise

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        while True:
            try:
                os.close(os.open(self.lock_path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
                break
            except FileExistsError:
                self._break_if_stale()
                time.sleep(LOCK_POLL)
        try:
            yield
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.lock_path)

    def _break_if_stale(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            if time.time() - self.lock_path.stat().st_mtime > LOCK_STALE:
                log.warning("Breaking the stale lock %s", self.lock_path)
                os.unlink(self.lock_path)


def init_app(app: Flask, settings: Settings) -> None:
    """With a faults file, check each scoped request against it before anything else runs."""
    if settings.faults_file is None:
        return
    faults = FaultFile(settings.faults_file)
    log.warning("Test faults are on (%s): scoped requests may fail on purpose", faults.path)

    @app.before_request
    def _fail_on_purpose():
        scope = request.headers.get(SCOPE_HEADER)
        if not scope:
            return None
        g.clock_shift = faults.clock_shift(scope)
        fault = faults.take(scope, request.method, request.path)
        if fault is None:
            return None
        if fault.delay:
            time.sleep(fault.delay)
        error = fault.error()
        return None if error is None else error_response(error)


def shifted(clock: Callable[[], datetime]) -> Callable[[], datetime]:
    """``clock`` moved by the clock shift of the current request's scope (none outside one)."""

    def now() -> datetime:
        shift = g.get("clock_shift", 0.0) if has_request_context() else 0.0
        return clock() + timedelta(seconds=shift)

    return now
