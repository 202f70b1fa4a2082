"""The shared cache: in-process (cachetools) by default, Redis when REDIS_URL is set.

Both keep bytes under string keys with a time-to-live, so callers serialise what they store
and any worker or instance reading a Redis cache sees the same answers.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol

from cachetools import TTLCache

# Bytes an in-process entry costs besides its value: its key, expiry and the cache's bookkeeping.
ENTRY_OVERHEAD = 256


class Cache(Protocol):
    kind: str

    def get(self, key: str) -> bytes | None: ...

    def set(self, key: str, value: bytes, ttl: float) -> None: ...

    def delete(self, *keys: str) -> None: ...

    def ping(self) -> None:
        """Raise unless the cache is usable."""


class InProcessCache:
    """A bounded TTL cache in this worker's memory; entries carry their own expiry.

    Bounded twice, least recently used out first: at most ``maxsize`` entries, and at most
    ``max_bytes`` of keys and values, so that a large catalogue's details cannot take a worker
    past its memory (docs/content-gateway.md, cache). Each entry counts at least
    ``max_bytes / maxsize``."""

    kind = "in-process"

    def __init__(self, maxsize: int = 4096, max_ttl: float = 86400, max_bytes: int = 8 << 20):
        least = max(1, max_bytes // maxsize)
        self._entries: TTLCache = TTLCache(
            maxsize=max(max_bytes, least * maxsize),
            ttl=max_ttl,
            getsizeof=lambda entry: max(least, len(entry[1]) + ENTRY_OVERHEAD),
        )
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            expires_at, value = entry
            if expires_at <= time.monotonic():
                del self._entries[key]
                return None
            return value

    def set(self, key: str, value: bytes, ttl: float) -> None:
        with self._lock:
            self._entries[key] = (time.monotonic() + ttl, value)

    def delete(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._entries.pop(key, None)

    def ping(self) -> None:
        return None


class RedisCache:
    """Redis shared by every worker and instance; keys live under one prefix."""

    kind = "redis"

    def __init__(self, url: str, prefix: str = "bff:", timeout: float = 2.0):
        import redis

        self._redis = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, health_check_interval=30
        )
        self._prefix = prefix

    @property
    def client(self):
        """The Redis connection, for others that share this server (purge versions, limits)."""
        return self._redis

    def get(self, key: str) -> bytes | None:
        return self._redis.get(self._prefix + key)

    def set(self, key: str, value: bytes, ttl: float) -> None:
        self._redis.set(self._prefix + key, value, px=max(1, int(ttl * 1000)))

    def delete(self, *keys: str) -> None:
        if keys:
            self._redis.delete(*(self._prefix + key for key in keys))

    def ping(self) -> None:
        self._redis.ping()


def make_cache(redis_url: str | None) -> Cache:
    return RedisCache(redis_url) if redis_url else InProcessCache()
