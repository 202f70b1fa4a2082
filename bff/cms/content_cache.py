"""The content cache: answers kept under a query key, tagged, purged by tag, served stale on error.

Purging works by tag versions (generational tags): every cached answer remembers the version of
each of its tags when it was stored, and a purge bumps the versions of the tags it names. An answer
whose tags moved on is no longer fresh. Versions live where every worker and instance sees them
(Redis, or the database when there is no Redis), so a purge received by one worker reaches all of
them, each worker re-reading versions at most ``versions_max_age`` seconds after the last read.

``ContentCache.recording()`` notes what an answer was built from (the tag versions and how long
each piece stays fresh), so that whatever is made from it can be kept exactly as long as it is
current (``ContentCache.is_current``): see ``rendered.py``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import sqlalchemy as sa

from ..platform.cache import Cache
from ..platform.metrics import CMS_CACHE, CMS_PURGED_TAGS, CMS_PURGES
from .models import TagVersion
from .upstream import UpstreamUnavailable

log = logging.getLogger(__name__)


class TagVersions(Protocol):
    def current(self, tags: Iterable[str]) -> dict[str, int]: ...

    def bump(self, tags: Iterable[str]) -> None: ...


class RedisTagVersions:
    def __init__(self, redis_client, prefix: str = "bff:tag:"):
        self._redis = redis_client
        self._prefix = prefix

    def current(self, tags: Iterable[str]) -> dict[str, int]:
        tags = list(tags)
        if not tags:
            return {}
        values = self._redis.mget([self._prefix + tag for tag in tags])
        return {tag: int(value or 0) for tag, value in zip(tags, values, strict=True)}

    def bump(self, tags: Iterable[str]) -> None:
        with self._redis.pipeline(transaction=False) as pipe:
            for tag in tags:
                pipe.incr(self._prefix + tag)
            pipe.execute()


class SqlTagVersions:
    """Versions in the database: what gunicorn workers of one machine (or many) all share."""

    def __init__(self, engine: sa.Engine):
        self._engine = engine

    def current(self, tags: Iterable[str]) -> dict[str, int]:
        tags = sorted(set(tags))
        if not tags:
            return {}
        with self._engine.connect() as connection:
            rows = connection.execute(
                sa.select(TagVersion.tag, TagVersion.version).where(TagVersion.tag.in_(tags))
            )
            known = {tag: version for tag, version in rows}
        return {tag: known.get(tag, 0) for tag in tags}

    def bump(self, tags: Iterable[str]) -> None:
        table = TagVersion.__table__
        with self._engine.begin() as connection:
            for tag in sorted(set(tags)):
                updated = connection.execute(
                    table.update().where(table.c.tag == tag).values(version=table.c.version + 1)
                )
                if updated.rowcount == 0:
                    # A first purge of this tag; a concurrent first purge makes this one a no-op.
                    try:
                        with connection.begin_nested():
                            connection.execute(table.insert().values(tag=tag, version=1))
                    except sa.exc.IntegrityError:
                        connection.execute(
                            table.update()
                            .where(table.c.tag == tag)
                            .values(version=table.c.version + 1)
                        )


class RecentVersions:
    """Remembers versions read in the last ``max_age`` seconds, so a busy worker asks rarely.

    A version is never used once ``max_age`` old (every worker sees a purge within that time).
    So that a busy worker's requests do not all stop to ask at once each time that age passes
    (every thread of the worker querying the database together: the gateway's slowest requests,
    bench/README.md: cms-load.py), one request asks again for the versions it reads once they
    are half that age, while the others go on with them; and the requests that find a version
    too old ask one at a time, each using what the one before it read. Versions older than
    ``max_age`` are forgotten as the worker meets new tags, so what it remembers stays bounded by
    what it met in that time. A dict pruned here rather than a cachetools TLRUCache: this runs for
    every tag of every request's cached answers (15 for a lesson list), and the TLRUCache's
    bookkeeping at each lookup made it 7 times slower (3 to 21 µs for 15 tags)."""

    def __init__(
        self, inner: TagVersions, max_age: float, clock: Callable[[], float] = time.monotonic
    ):
        self._inner = inner
        self._max_age = max_age
        self._clock = clock
        self._seen: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()  # guards _seen, _refreshing and _pruned_at
        self._asking = threading.Lock()  # one request asks for versions too old at a time
        self._refreshing = False
        self._pruned_at = 0

    def current(self, tags: Iterable[str]) -> dict[str, int]:
        tags = set(tags)
        known, missing, aging = self._remembered(tags)
        if missing:
            with self._asking:  # the request before this one may have read them meanwhile
                known, missing, aging = self._remembered(tags)
                if missing:
                    known.update(self._ask(missing | aging))
            return known
        if aging and self._start_refresh():
            try:
                known.update(self._ask(aging))
            finally:
                with self._lock:
                    self._refreshing = False
        return known

    def bump(self, tags: Iterable[str]) -> None:
        tags = list(tags)
        self._inner.bump(tags)
        with self._lock:
            for tag in tags:
                self._seen.pop(tag, None)

    def _remembered(self, tags: set[str]) -> tuple[dict[str, int], set[str], set[str]]:
        """The versions of ``tags`` still young enough, the tags with none, and those past half
        their age."""
        now = self._clock()
        known, aging = {}, set()
        with self._lock:
            # Look up only the tags asked for: a worker remembers every tag it has met.
            for tag in tags:
                seen = self._seen.get(tag)
                if seen is not None and now - seen[0] < self._max_age:
                    known[tag] = seen[1]
                    if now - seen[0] >= self._max_age / 2:
                        aging.add(tag)
        return known, tags - known.keys(), aging

    def _start_refresh(self) -> bool:
        with self._lock:
            if self._refreshing:
                return False
            self._refreshing = True
            return True

    def _ask(self, tags: set[str]) -> dict[str, int]:
        now = self._clock()
        fetched = self._inner.current(tags)
        with self._lock:
            self._seen.update({tag: (now, version) for tag, version in fetched.items()})
            if len(self._seen) > 2 * self._pruned_at + 1024:  # amortised: forget the too old
                self._seen = {
                    tag: seen for tag, seen in self._seen.items() if now - seen[0] < self._max_age
                }
                self._pruned_at = len(self._seen)
        return fetched


@dataclass(frozen=True)
class Fetched:
    value: Any
    source: str  # "hit", "miss" or "stale"
    # The tag versions the value was stamped with and until when it is fresh; None when it is
    # not a current cached answer (the cache is off, or the copy is stale).
    tags: dict[str, int] | None = None
    fresh_until: float | None = None


@dataclass
class Basis:
    """What an answer was built from: the versions of every tag of every cached piece and the end
    of the shortest freshness among them. Only a ``keepable`` basis may outlive its request: every
    piece was a current cached answer, of one generation of each tag."""

    tags: dict[str, int] = field(default_factory=dict)
    fresh_until: float | None = None  # None: nothing was fetched
    complete: bool = True

    @property
    def keepable(self) -> bool:
        return self.complete and self.fresh_until is not None

    def add(self, fetched: Fetched) -> None:
        if fetched.tags is None or fetched.fresh_until is None:
            self.complete = False  # the cache is off or the copy is stale
            return
        for tag, version in fetched.tags.items():
            if self.tags.setdefault(tag, version) != version:
                self.complete = False  # pieces of different generations
        if self.fresh_until is None or fetched.fresh_until < self.fresh_until:
            self.fresh_until = fetched.fresh_until


@dataclass(eq=False)
class ContentCache:
    store: Cache
    versions: TagVersions
    ttl: float
    stale_for: float = 7 * 24 * 3600
    clock: Callable[[], float] = time.time
    enabled: bool = True
    _recording: threading.local = field(default_factory=threading.local, init=False, repr=False)

    def off(self) -> ContentCache:
        """A cache on the same store that keeps nothing: every fetch loads."""
        return replace(self, enabled=False)

    def fetch(
        self,
        key: str,
        tags: set[str],
        load: Callable[[], Any],
        tags_of: Callable[[Any], set[str]] = lambda value: set(),
    ) -> Fetched:
        """The answer under ``key``: cached if fresh, else loaded (and kept), else the stale copy.

        ``tags`` are known before loading; ``tags_of`` finds more in the loaded answer (entry and
        media ids). Versions of the first are read before loading, so a purge that lands while we
        load is not forgotten.
        """
        bases = getattr(self._recording, "bases", ())
        try:
            fetched = self._fetch(key, tags, load, tags_of)
        except UpstreamUnavailable:
            # What is built around a piece that could not be read (a page's skeleton cards in
            # place of its list) is not what the cache would build once the CMS is back.
            for basis in bases:
                basis.complete = False
            raise
        CMS_CACHE.labels(fetched.source).inc()
        for basis in bases:
            basis.add(fetched)
        return fetched

    @contextmanager
    def recording(self) -> Iterator[Basis]:
        """Notes every fetch of this thread inside the block in the Basis it yields."""
        bases = self._recording.__dict__.setdefault("bases", [])
        basis = Basis()
        bases.append(basis)
        try:
            yield basis
        finally:
            bases.remove(basis)

    def is_current(self, basis: Basis) -> bool:
        """Is what was built from ``basis`` still what the cache would build now?"""
        if not basis.keepable or basis.fresh_until <= self.clock():
            return False
        return self.versions.current(basis.tags) == basis.tags

    def _fetch(self, key, tags, load, tags_of) -> Fetched:
        if not self.enabled:
            return Fetched(load(), "miss")
        cached = self._read(key)
        if cached is not None and self._is_fresh(cached):
            return Fetched(cached["value"], "hit", cached["tags"], cached["fresh_until"])
        before = self.versions.current(tags)
        try:
            value = load()
        except UpstreamUnavailable as error:
            if cached is None:
                raise
            if error.retry_after is None:  # else known already: its breaker is open
                log.warning("CMS unavailable: serving the stale copy of %s", key, exc_info=True)
            return Fetched(cached["value"], "stale")
        found = tags_of(value) - set(before)
        stamped = {**before, **self.versions.current(found)}
        fresh_until = self.clock() + self.ttl
        self._write(key, {"value": value, "tags": stamped, "fresh_until": fresh_until})
        return Fetched(value, "miss", stamped, fresh_until)

    def purge(self, tags: Iterable[str]) -> None:
        tags = sorted(set(tags))
        CMS_PURGES.inc()
        if tags:
            CMS_PURGED_TAGS.inc(len(tags))
            self.versions.bump(tags)
            log.info("Purged content tags %s", ", ".join(tags))

    def _is_fresh(self, cached: dict) -> bool:
        if cached["fresh_until"] <= self.clock():
            return False
        return self.versions.current(cached["tags"]) == cached["tags"]

    def _read(self, key: str) -> dict | None:
        raw = self.store.get(_store_key(key))
        return None if raw is None else json.loads(raw)

    def _write(self, key: str, entry: dict) -> None:
        body = json.dumps(entry, separators=(",", ":")).encode()
        self.store.set(_store_key(key), body, ttl=self.ttl + self.stale_for)


def _store_key(key: str) -> str:
    return "cms:" + hashlib.blake2b(key.encode(), digest_size=20).hexdigest()
