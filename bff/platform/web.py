"""The built web client: hashed assets cached for a year, index.html for every client route."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join

from ..app_context import app_context
from .compression import CompressedFiles, compressed_file
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


class ClientPathConverter(PathConverter):
    """A path outside the API, so that API paths keep werkzeug's own 404 and 405 answers."""

    regex = r"(?!(?:{})(?:/|$))[^/].*?".format("|".join(API_PREFIXES))


def register_converter(app: Flask) -> None:
    app.url_map.converters["client_path"] = ClientPathConverter


def _dist() -> Path:
    return app_context().settings.client_dist


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
    return app_context().compressed_files


@blp.route("/", defaults={"path": ""})
@blp.route("/<client_path:path>")
def client(path: str):
    """A file at the build's root (robots.txt, favicon), else the app shell for a client route."""
    dist = _dist()
    if path and path != "index.html":
        candidate = safe_join(str(dist), path)
        if candidate and Path(candidate).is_file():
            return send_from_directory(dist, path, max_age=ONE_DAY)
        if "." in path.rsplit("/", 1)[-1]:
            raise NotFound()  # a missing file, not a page: no HTML in place of an image
    return _index(dist)


def _index(dist: Path):
    if not (dist / "index.html").is_file():
        raise ApiError(503, "client_not_built")
    response = send_from_directory(dist, "index.html", max_age=0)
    # Always revalidate: a new release changes the asset names index.html points at.
    response.cache_control.no_cache = True
    response.cache_control.max_age = None
    response.cache_control.public = None
    return response
