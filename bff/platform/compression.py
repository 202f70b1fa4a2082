"""gzip for text answers, for phones on slow networks, with or without a CDN in front.

The built client's files never change under their names: each is compressed once per worker and
kept. Other text answers (the /cms JSON, the app shell) are compressed as they leave."""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from pathlib import Path

from flask import Flask, Response, request

TEXT_TYPES = frozenset(
    {
        "application/json",
        "application/javascript",
        "text/javascript",
        "text/css",
        "text/html",
        "text/plain",
        "image/svg+xml",
    }
)
MIN_BYTES = 1024
DYNAMIC_LEVEL = 6
KEPT_FILES = 256


def accepts_gzip() -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def worth_compressing(body: bytes) -> bool:
    return len(body) >= MIN_BYTES


def compress(body: bytes) -> bytes:
    """A dynamic answer's gzip body (mtime 0: the same bytes for the same body)."""
    return gzip.compress(body, compresslevel=DYNAMIC_LEVEL, mtime=0)


class CompressedFiles:
    """Compressed copies of unchanging files, by path, size and modification time."""

    def __init__(self, size: int = KEPT_FILES):
        self._kept: OrderedDict[tuple, bytes] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, path: Path) -> bytes:
        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        compressed = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        with self._lock:
            self._kept[key] = compressed
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return compressed


def compressed_file(response: Response, path: Path, files: CompressedFiles) -> Response:
    """The file answer ``response`` (from send_from_directory) with a gzip body instead, when
    the client takes gzip and the file is text; otherwise ``response`` itself."""
    if (
        response.status_code != 200
        or response.mimetype not in TEXT_TYPES
        or not accepts_gzip()
        or path.stat().st_size < MIN_BYTES
    ):
        response.vary.add("Accept-Encoding")
        return response
    body = files.get(path)
    response.close()
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}-gzip", weak=bool(weak))
    return response


def init_app(app: Flask) -> None:
    """Compress text answers on their way out (files of the build are done by web.py)."""

    @app.after_request
    def _gzip(response: Response) -> Response:
        if response.mimetype not in TEXT_TYPES:
            return response
        response.vary.add("Accept-Encoding")
        if (
            response.direct_passthrough
            or response.is_streamed
            or response.status_code not in (200, 201, 202, 203, 206)
            or "Content-Encoding" in response.headers
            or not accepts_gzip()
        ):
            return response
        body = response.get_data()
        if not worth_compressing(body):
            return response
        response.set_data(compress(body))
        response.headers["Content-Encoding"] = "gzip"
        return response
