"""Rendered /cms answers (body and ETag), kept per worker while the content they show is current.

A cached list still costs, on every request, decoding the cached JSON, the entitlement walk and
encoding and hashing the answer. Kept rendered, a repeated question costs a lookup instead.

The key names everything an answer depends on besides the cached content: the route, its
validated arguments and the viewer's rights (None for an answer the same for every viewer). The
content is checked on every use: an answer serves while ``ContentCache.is_current`` says the tag
versions it was built from are current (so a purge reaches it exactly as it reaches the cache) and
none of its pieces has outlived its TTL. An answer built with the cache off, from a stale copy, or
from no cached content at all is never kept.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from cachetools import LRUCache

from ..platform.compression import compress, worth_compressing
from .content_cache import Basis, ContentCache

# Per worker: a hundred lists of a hundred cards, or thousands of the usual pages.
DEFAULT_MAX_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Rendered:
    body: bytes
    etag: str
    # The cache tags of every piece it was made of, when all are known and current (what a
    # shared cache is told to purge it by: answers.py); None when they are not.
    tags: frozenset[str] | None = field(default=None, compare=False)

    def tagged(self, tags: Iterable[str]) -> Rendered:
        return replace(self, tags=frozenset(tags))

    @cached_property
    def gzipped(self) -> bytes | None:
        """The body gzipped, made once for as long as the answer is kept; None when too small
        to be worth it."""
        return compress(self.body) if worth_compressing(self.body) else None


def render(answer) -> Rendered:
    """The answer as compact JSON and its (weak) ETag."""
    body = json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode()
    return Rendered(body, hashlib.blake2b(body, digest_size=16).hexdigest())


@dataclass(frozen=True)
class _Kept:
    rendered: Rendered
    basis: Basis


def _size(kept: _Kept) -> int:
    # The body, plus a rough allowance for the key, the ETag and the basis.
    return len(kept.rendered.body) + 512 + 64 * len(kept.basis.tags)


def answer_key(path: str, args: dict, rights: Hashable | None) -> tuple:
    """What a kept answer is filed under: the route's path, its validated arguments (list
    values keep their order: it may mean something) and the viewer's rights (None for an answer
    the same for every viewer)."""
    frozen = tuple(
        sorted((name, tuple(v) if isinstance(v, list) else v) for name, v in args.items())
    )
    return (path, frozen, rights)


class RenderedAnswers:
    """A least-recently-used memo of rendered answers, bounded in bytes."""

    def __init__(self, cache: ContentCache, max_bytes: int = DEFAULT_MAX_BYTES):
        self._cache = cache
        self._kept: LRUCache = LRUCache(maxsize=max_bytes, getsizeof=_size)
        self._lock = threading.Lock()

    def get(
        self,
        key: Hashable,
        build: Callable[[], Any],
        rendering: Callable[[Any], Rendered] = render,
    ) -> Rendered:
        """The answer under ``key``: kept if still current, else built by ``build`` (from the
        content cache) and rendered (as JSON unless ``rendering`` says otherwise: a page's HTML),
        and kept when it may be. The answer carries the tags it was made of when they are all
        known."""
        with self._lock:
            kept = self._kept.get(key)
        if kept is not None and self._cache.is_current(kept.basis):
            return kept.rendered
        with self._cache.recording() as basis:
            rendered = rendering(build())
        if basis.keepable:
            rendered = rendered.tagged(basis.tags)
        entry = _Kept(rendered, basis)
        with self._lock:
            if basis.keepable and _size(entry) <= self._kept.maxsize:
                self._kept[key] = entry
            else:
                self._kept.pop(key, None)
        return rendered

    @property
    def size(self) -> int:
        """Bytes held (as counted against the bound)."""
        return self._kept.currsize
