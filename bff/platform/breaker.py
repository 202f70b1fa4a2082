"""Circuit breakers: an upstream known to be failing is not asked again until a cool-off passes.

A CMS that accepts connections and never answers would otherwise cost every request that
touches it the full timeout, for as long as it stays frozen. After ``threshold`` consecutive
failures (timeouts, refused connections, errors on its side) the breaker opens: every call fails
at once with ``CircuitOpen`` for a cool-off, lengthened or shortened by a random part of
``jitter`` so that instances that opened together do not all come back together. Once the
cool-off has passed, one call at a time is let through as a probe (it holds a lease as long as
the upstream's timeout, after which another caller may try): its success closes the breaker,
its failure opens it again. Any other outcome (an answer, even a refusal) proves the upstream
answers and counts as a success. An upstream with a cheap question of its own (the CMS's health
route) is probed with it on a thread instead, so that no request waits for the probe: the
request that started it fails at once like the others.

The state lives in a small file of the instance folder, changed under an exclusive ``flock``, so
that the workers of an instance share it (the timeouts one worker met spare the others) and
instances do not (each judges its own way to the upstream). ``MemoryState`` keeps it in one
process instead, for tools and tests that need no file.
"""

from __future__ import annotations

import fcntl
import logging
import math
import os
import random
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from .metrics import BREAKER_OPEN, UPSTREAM_SECONDS

log = logging.getLogger(__name__)

T = TypeVar("T")


class CircuitOpen(Exception):
    """The upstream is known to be failing: the call was not made."""

    def __init__(self, name: str, retry_after: float):
        super().__init__(f"{name} is failing; next try in {retry_after:.0f} s")
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass
class State:
    failures: int = 0  # consecutive
    open_until: float = 0.0  # 0 while closed
    probe_until: float = 0.0  # a probe is out until then


class StateStore(Protocol):
    def change(self, change: Callable[[State], T]) -> T:
        """Read the state, let ``change`` alter it, keep it, as one step no other caller splits."""


class MemoryState:
    """The state in this process's memory, shared by its threads."""

    def __init__(self) -> None:
        self._state = State()
        self._lock = threading.Lock()

    def change(self, change: Callable[[State], T]) -> T:
        with self._lock:
            return change(self._state)


_LAYOUT = struct.Struct("<qdd")  # failures, open_until, probe_until


class FileState:
    """The state in a file every worker of the instance opens, changed under ``flock``.

    The file is opened once per process (after a fork the parent's descriptor is not reused, as
    a flock on a shared open file description would not exclude anything), and the lock is
    taken around each change only: a few microseconds, next to an upstream call's milliseconds.
    """

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None
        self._pid = 0
        self._lock = threading.Lock()  # flock excludes processes; this, the threads of one

    def change(self, change: Callable[[State], T]) -> T:
        with self._lock:
            fd = self._descriptor()
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                raw = os.pread(fd, _LAYOUT.size, 0)
                state = State(*_LAYOUT.unpack(raw)) if len(raw) == _LAYOUT.size else State()
                result = change(state)
                os.pwrite(fd, _LAYOUT.pack(state.failures, state.open_until, state.probe_until), 0)
                return result
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)

    def _descriptor(self) -> int:
        if self._fd is None or self._pid != os.getpid():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            self._pid = os.getpid()
        return self._fd


@dataclass(eq=False)
class CircuitBreaker:
    """``failures``: the exceptions that count against the upstream; ``probe``: a cheap question
    to ask it on a thread once the cool-off has passed (else a caller's call is the probe)."""

    name: str
    store: StateStore
    failures: tuple[type[BaseException], ...]
    _: KW_ONLY
    threshold: int = 3
    cool_off: float = 15.0
    lease: float = 10.0
    jitter: float = 0.2
    probe: Callable[[], object] | None = None
    clock: Callable[[], float] = time.time
    rand: Callable[[], float] = random.random

    def call(self, call: Callable[[], T]) -> T:
        """``call()``, unless the breaker is open (CircuitOpen)."""
        if self.store.change(self._admit) and self.probe is not None:
            threading.Thread(target=self._probe, args=(self.probe,), daemon=True).start()
            raise CircuitOpen(self.name, self.lease)
        return self._guarded(call)

    def _probe(self, probe: Callable[[], object]) -> None:
        try:
            self._guarded(probe)
        except self.failures:
            pass  # still failing: open again, as _guarded noted
        except Exception:
            log.exception("The probe of %s failed", self.name)

    def _guarded(self, call: Callable[[], T]) -> T:
        started = time.perf_counter()
        try:
            result = call()
        except self.failures:
            UPSTREAM_SECONDS.labels(self.name, "failed").observe(time.perf_counter() - started)
            self.store.change(self._failed)
            raise
        except BaseException:
            self.store.change(self._succeeded)
            raise
        UPSTREAM_SECONDS.labels(self.name, "ok").observe(time.perf_counter() - started)
        self.store.change(self._succeeded)
        return result

    def is_open(self) -> bool:
        """Would a call now fail at once? (Not counting a probe that may be let through.)"""
        now = self.clock()
        return self.store.change(lambda state: now < max(state.open_until, state.probe_until))

    # Changes of the state, each run under the store's lock -------------------------------

    def _admit(self, state: State) -> bool:
        """May the call go? True when it is the probe; CircuitOpen when it may not."""
        if not state.open_until:
            return False
        now = self.clock()
        busy_until = max(state.open_until, state.probe_until)
        if now < busy_until:
            raise CircuitOpen(self.name, busy_until - now)
        state.probe_until = now + self.lease
        return True

    def _failed(self, state: State) -> None:
        state.failures += 1
        if state.open_until or state.failures >= self.threshold:
            if not state.open_until:
                log.warning(
                    "%s failed %d times in a row: not asked for a while", self.name, state.failures
                )
            spread = 1 + self.jitter * (2 * self.rand() - 1)
            state.open_until = self.clock() + self.cool_off * spread
            state.probe_until = 0.0
            BREAKER_OPEN.labels(self.name).set(1)

    def _succeeded(self, state: State) -> None:
        if state.open_until:
            log.warning("%s answers again", self.name)
        state.failures = 0
        state.open_until = 0.0
        state.probe_until = 0.0
        BREAKER_OPEN.labels(self.name).set(0)


def instance_breaker(
    name: str, instance_path: Path, failures: tuple[type[BaseException], ...], **options
) -> CircuitBreaker:
    """The breaker of upstream ``name`` that every worker of this instance shares."""
    store = FileState(instance_path / "breakers" / f"{name}.state")
    return CircuitBreaker(name, store, failures, **options)
