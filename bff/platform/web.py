"""The built web client: hashed assets cached for a year, index.html for every client route.

index.html goes out with its ``<head>`` filled for the route asked for (a shared link's card, what
a search engine reads): the page filler comes from the layers above through the application
context (``AppContext.page_filler``); this host only reads the shell and sends what it gets.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, request, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.http import quote_etag
from werkzeug.routing import PathConverter, RequestRedirect
from werkzeug.security import safe_join

from .cdn import tag_headers
from .compression import CompressedFiles, accepts_gzip, compressed_file
from .config import Settings
from .context import ContextView
from .errors import ApiError

blp = Blueprint("web", __name__)

# Paths that belong to the API: an unknown one is a JSON 404, never the app's HTML.
API_PREFIXES = (
    "api",
    "cms",
    "content",
    "healthz",
    "masterclasses",
    "media",
    "products",
    "subscriptions",
    "uploads",
    "users",
)

ONE_YEAR = 365 * 24 * 3600
ONE_DAY = 24 * 3600
# Root files a browser must check on every visit: the service worker (a release's new one must
# take over at once) and the page it shows offline.
ALWAYS_REVALIDATED = frozenset({"sw.js", "offline.html"})


@dataclass(frozen=True)
class Shell:
    """The built index.html and a name for this build of it (changes with the file)."""

    html: str
    version: str


@dataclass(frozen=True)
class FilledPage:
    """index.html with a route's head: its status (404 for what does not exist), body, ETag,
    gzip copy (None: too small to be worth it) and the cache tags of the content it shows (None:
    not all known, so a CDN revalidates it)."""

    status: int
    body: bytes
    etag: str
    gzipped: bytes | None
    tags: frozenset[str] | None = None


# The route's path, the shell, and the address's query string.
PageFiller = Callable[[str, Shell, str], FilledPage]


class ClientServices(Protocol):
    """What serving the client reads of the application context (the pages fill in the head)."""

    settings: Settings
    compressed_files: CompressedFiles

    @property
    def page_filler(self) -> PageFiller: ...


context = ContextView[ClientServices](__name__)


class ClientPathConverter(PathConverter):
    """A path outside the API, so that API paths keep werkzeug's own 404 and 405 answers."""

    regex = r"(?!(?:{})(?:/|$))[^/].*?".format("|".join(API_PREFIXES))


def register_converter(app: Flask) -> None:
    app.url_map.converters["client_path"] = ClientPathConverter

    @app.before_request
    def _redirect_within_the_site() -> Response | None:
        """werkzeug's own redirect (merging slashes: ``/cms//lessons``) names the host of the
        Host header, is cacheable and has an HTML body: it is made here relative to the site,
        kept by nobody, with an empty body."""
        redirect_to = request.routing_exception
        if not isinstance(redirect_to, RequestRedirect):
            return None
        target = urlsplit(redirect_to.new_url)
        # One leading slash: "//host/..." would name another site.
        location = "/" + target.path.lstrip("/") + (f"?{target.query}" if target.query else "")
        response = Response(b"", status=redirect_to.code, headers={"Location": location})
        response.cache_control.no_store = True
        return response


def _dist() -> Path:
    return context().settings.client_dist


@blp.route("/assets/<path:filename>")
def asset(filename: str):
    """Content-hashed build output: the name changes with the content, so it never goes stale.
    Text files go out gzipped to clients that take it, compressed once per worker."""
    folder = _dist() / "assets"
    response = send_from_directory(folder, filename, max_age=ONE_YEAR)
    response.cache_control.immutable = True
    response.cache_control.public = True
    return compressed_file(response, Path(safe_join(str(folder), filename)), _compressed())


def _compressed() -> CompressedFiles:
    return context().compressed_files


@blp.route("/", defaults={"path": ""})
@blp.route("/<client_path:path>")
def client(path: str):
    """A file at the build's root (robots.txt, favicon), else the app shell for a client route."""
    dist = _dist()
    if not is_possible_path(path):
        raise NotFound()  # no file and no page has such a name: the envelope, not the app
    if path and path != "index.html":
        candidate = safe_join(str(dist), path)
        if candidate and is_file(Path(candidate)):
            if path in ALWAYS_REVALIDATED:
                response = send_from_directory(dist, path, max_age=0)
                response.cache_control.no_cache = True
                return response
            return send_from_directory(dist, path, max_age=ONE_DAY)
        if "." in path.rsplit("/", 1)[-1]:
            raise NotFound()  # a missing file, not a page: no HTML in place of an image
    return _index(dist, "" if path == "index.html" else path)


# The longest name a file system gives a file (and longer than any page's segment).
MAX_SEGMENT = 255


def is_possible_path(path: str) -> bool:
    """Whether a file or a page could have this path: no segment longer than a file name may
    be, no NUL or other control character."""
    return all(len(segment) <= MAX_SEGMENT and segment.isprintable() for segment in path.split("/"))


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name no file can have (a NUL byte, a segment longer than
    the file system allows) is none, not an error."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _index(dist: Path, path: str) -> Response:
    query = request.query_string.decode("latin-1")
    filled = context().page_filler("/" + path, _shells.read(dist / "index.html"), query)
    headers = {"ETag": quote_etag(filled.etag, weak=True)}
    if filled.status == 200:
        headers.update(tag_headers(filled.tags, context().settings.cdn_max_age))
    body = filled.body
    if accepts_gzip() and filled.gzipped is not None:
        body, headers["Content-Encoding"] = filled.gzipped, "gzip"
    response = Response(body, status=filled.status, mimetype="text/html", headers=headers)
    response.vary.add("Accept-Encoding")
    # Browsers always revalidate: a new release changes the asset names index.html points at, an
    # edit the head. A CDN may keep a page made of tagged content until a purge drops it.
    response.cache_control.no_cache = True
    if "If-None-Match" in request.headers and filled.status == 200:
        response.make_conditional(request)  # in place: 304 when the ETag matches
    return response


class _Shells:
    """index.html read once per build (its size and modification time), not once per request."""

    def __init__(self) -> None:
        self._kept: tuple[tuple[int, int], Shell] | None = None
        self._lock = threading.Lock()

    def read(self, index: Path) -> Shell:
        try:
            stat = index.stat()
        except FileNotFoundError:
            raise ApiError(503, "client_not_built") from None
        stamp = (stat.st_size, stat.st_mtime_ns)
        kept = self._kept
        if kept is not None and kept[0] == stamp:
            return kept[1]
        html = index.read_text(encoding="utf-8")
        shell = Shell(html, hashlib.blake2b(html.encode(), digest_size=8).hexdigest())
        with self._lock:
            self._kept = (stamp, shell)
        return shell


_shells = _Shells()
