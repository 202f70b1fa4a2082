"""How the embedded store holds the seed: where each entry lies in its file, and memos bounded
in bytes.

A collection's entries are not kept in the worker's memory, decoded or packed: ``Rows`` keeps
each entry's place in its seed file (id, offset and length in three arrays, about 20 bytes an
entry) and reads the entry from the file when asked, through the system's page cache, which
every worker shares and which is not any worker's own memory. The store keeps the entries it
read last decoded, and its sort orders and filter maps, in ``SizedMemo``s bounded by bytes, so a
catalogue a hundred times the seed costs a worker a few MB more than the seed does
(bench/README.md: catalogue-scale.py).
"""

from __future__ import annotations

import bisect
import json
import os
import re
import sys
import threading
import weakref
from array import array
from collections.abc import Callable, Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

from cachetools import LRUCache

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# What a decoded entry costs as Python objects, per byte of its JSON (measured on the seed: 3 to 5).
DECODED_PER_JSON_BYTE = 4


class SeedChanged(RuntimeError):
    """A seed file changed on disk while the store was reading it."""


class SizedMemo:
    """``build(*key)``'s results, the most recently used kept within ``max_bytes`` as counted
    by ``sizeof(result, *key)``; thread-safe. A result larger than the whole bound is built and
    not kept."""

    def __init__(self, build: Callable[..., Any], max_bytes: int, sizeof: Callable[..., int]):
        self._build = build
        self._kept: LRUCache = LRUCache(maxsize=max_bytes, getsizeof=lambda kept: kept[1])
        self._sizeof = sizeof
        self._lock = threading.Lock()

    def __call__(self, *key: Hashable) -> Any:
        with self._lock:
            kept = self._kept.get(key)
        if kept is not None:
            return kept[0]
        value = self._build(*key)
        size = self._sizeof(value, *key)
        if size <= self._kept.maxsize:
            with self._lock:
                self._kept[key] = (value, size)
        return value

    @property
    def size(self) -> int:
        """Bytes held, as counted against the bound."""
        return int(self._kept.currsize)


def ids_size(ids, *_key) -> int:
    """Bytes of a set of ids: the container, and an int object for each id (ids over 256 are
    not shared)."""
    return sys.getsizeof(ids) + 32 * len(ids)


def array_size(value: array, *_key) -> int:
    """Bytes of an array, its items included."""
    return sys.getsizeof(value)


class Ranks:
    """Each id's place in an order (``ranks[entry_id]``), in two arrays: the ids sorted, and
    the place of each (8 and 4 bytes an entry, where a dict of ints took about 100)."""

    def __init__(self, order: array):
        self._ids = array("q", sorted(order))
        self._places = array("i", [0]) * len(order)
        for place, entry_id in enumerate(order):
            self._places[bisect.bisect_left(self._ids, entry_id)] = place

    def __getitem__(self, entry_id: int) -> int:
        at = bisect.bisect_left(self._ids, entry_id)
        if at == len(self._ids) or self._ids[at] != entry_id:
            raise KeyError(entry_id)
        return self._places[at]

    @property
    def size(self) -> int:
        return sys.getsizeof(self._ids) + sys.getsizeof(self._places)


def index_size(index: dict, *_key) -> int:
    """Bytes of a value -> ids map: the dict, its keys and each value's set of ids."""
    return sys.getsizeof(index) + sum(
        sys.getsizeof(value) + 64 + ids_size(ids) for value, ids in index.items()
    )


class Rows(Mapping):
    """A collection's entries by id, read from its seed file when asked for.

    ``links`` holds, for each relation field named, related id -> the ids of the entries
    pointing at it, in id order (the other side of the relation, as Strapi derives it). The
    file stays open: replaced by another (renamed over it), the store goes on reading the one
    it indexed; rewritten in place, a read says so (``SeedChanged``) instead of answering with
    pieces of another seed."""

    # Rows are told apart by identity (the memo of decoded entries is keyed by them), never
    # compared entry by entry as a Mapping would.
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __init__(self, path: Path | None, decoded: SizedMemo | None, linked: tuple[str, ...] = ()):
        self.links: dict[str, dict[int, list[int]]] = {field: {} for field in linked}
        self.ids_of, self._offsets, self._lengths = array("q"), array("q"), array("q")
        self._decoded = decoded
        self._path, self._fd = path, -1
        if path is None:
            return
        self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        weakref.finalize(self, os.close, self._fd)
        status = os.fstat(self._fd)
        self._stamp = _stamp(status)
        places = []
        for row, offset, length in _each(_read_whole(self._fd, status.st_size)):
            places.append((row["id"], offset, length))
            for field, links in self.links.items():
                for related in ids_of(row.get(field)):
                    links.setdefault(related, []).append(row["id"])
        places.sort()
        for entry_id, offset, length in places:
            self.ids_of.append(entry_id)
            self._offsets.append(offset)
            self._lengths.append(length)
        for links in self.links.values():
            for pointing in links.values():
                pointing.sort()

    def __getitem__(self, entry_id) -> dict:
        place = self._place(entry_id)
        if self._decoded is None:
            return self._read(place)
        return self._decoded(self, place)

    def read_at(self, place: int) -> dict:
        """The entry at ``place`` (in id order), decoded from the file."""
        return self._read(place)

    def length_at(self, place: int) -> int:
        """The length in bytes of the entry at ``place``, as its file holds it."""
        return self._lengths[place]

    def __contains__(self, entry_id) -> bool:
        try:
            self._place(entry_id)
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids_of)

    def __len__(self) -> int:
        return len(self.ids_of)

    def values(self) -> Iterator[dict]:  # type: ignore[override]
        """Every entry once, in id order, as an index is built: decoded without displacing the
        memo's."""
        return (self._read(place) for place in range(len(self.ids_of)))

    def _place(self, entry_id) -> int:
        if not isinstance(entry_id, int):
            raise KeyError(entry_id)
        place = bisect.bisect_left(self.ids_of, entry_id)
        if place == len(self.ids_of) or self.ids_of[place] != entry_id:
            raise KeyError(entry_id)
        return place

    def _read(self, place: int) -> dict:
        if _stamp(os.fstat(self._fd)) != self._stamp:
            raise SeedChanged(f"{self._path} changed while the site was running: restart it")
        return json.loads(os.pread(self._fd, self._lengths[place], self._offsets[place]))


def decoded_memo(max_bytes: int) -> SizedMemo:
    """The store's memo of decoded entries, by (rows, place), counted from their JSON's size."""
    return SizedMemo(
        lambda rows, place: rows.read_at(place),
        max_bytes,
        lambda _row, rows, place: DECODED_PER_JSON_BYTE * rows.length_at(place) + 200,
    )


def _read_whole(fd: int, size: int) -> bytes:
    chunks, at = [], 0
    while at < size:
        chunk = os.pread(fd, size - at, at)
        if not chunk:
            break
        chunks.append(chunk)
        at += len(chunk)
    return b"".join(chunks)


def _stamp(status: os.stat_result) -> tuple[int, int, int]:
    return status.st_ino, status.st_size, status.st_mtime_ns


def _each(data: bytes) -> Iterator[tuple[dict, int, int]]:
    """The entries of a seed file (a collection's list, or a single type's entry) one at a time,
    each with its offset and length in bytes, so that a large file is never held decoded all at
    once."""
    text = data.decode()
    ascii_only = len(text) == len(data)  # then a character's offset is its byte's
    at = _skip(text, 0)
    if text[at] != "[":
        yield json.loads(text), 0, len(data)
        return
    decoder = json.JSONDecoder()
    at = _skip(text, at + 1)
    byte_at, char_at = at, at  # where the last entry's bytes and characters were counted to
    while text[at] != "]":
        row, end = decoder.raw_decode(text, at)
        if ascii_only:
            yield row, at, end - at
        else:
            byte_at += len(text[char_at:at].encode())
            length = len(text[at:end].encode())
            yield row, byte_at, length
            byte_at, char_at = byte_at + length, end
        at = _skip(text, end)
        if text[at] == ",":
            at = _skip(text, at + 1)


def _skip(text: str, at: int) -> int:
    """Where the whitespace from ``at`` on ends."""
    found = _WHITESPACE.match(text, at)
    return found.end() if found else at


def ids_of(value) -> list[int]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]
