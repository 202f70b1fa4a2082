"""/sitemap.xml (with its numbered parts) and /robots.txt: for search engines."""

from __future__ import annotations

import hashlib

from flask import Blueprint, Response, current_app, request
from werkzeug.http import quote_etag

from ..app_context import app_context
from ..cms.rendered import Rendered
from ..platform.compression import accepts_gzip
from ..platform.errors import ApiError
from . import sitemap

blp = Blueprint("pages", __name__)

# Search engines come back daily at most; an edit reaches them by the next visit.
CACHE = "public, max-age=3600"


@blp.route("/sitemap.xml")
def sitemap_xml() -> Response:
    """One sitemap, or the index of its parts when there are too many addresses for one."""
    return _sitemap(0)


@blp.route("/sitemap-<int:number>.xml")
def sitemap_part(number: int) -> Response:
    if number < 1:
        raise ApiError(404, "not_found")
    return _sitemap(number)


@blp.route("/robots.txt")
def robots() -> Response:
    """The one robots.txt (the client's build has none): everything may be crawled; where the
    sitemap is."""
    base = app_context().settings.public_base_url
    body = f"User-agent: *\nAllow: /\n\nSitemap: {base}/sitemap.xml\n"
    response = Response(body, mimetype="text/plain")
    response.headers["Cache-Control"] = CACHE
    return response


def urls_per_file() -> int:
    """50,000 by the protocol; SITEMAP_URLS_PER_FILE in the application's config says otherwise
    (a test's small catalogue)."""
    return int(current_app.config.get("SITEMAP_URLS_PER_FILE", sitemap.URLS_PER_FILE))


def _sitemap(number: int) -> Response:
    context = app_context()
    base, per_file = context.settings.public_base_url, urls_per_file()

    def build() -> str | None:
        found = sitemap.locations(context.catalogue, context.sitemap_paths)
        parts = sitemap.part_count(len(found), per_file)
        if number == 0:
            return sitemap.index(base, parts) if parts else sitemap.urlset(base, found)
        if number > parts:
            return None
        return sitemap.urlset(base, found[(number - 1) * per_file : number * per_file])

    rendered = context.rendered.get(("sitemap", base, per_file, number), build, _xml)
    if not rendered.body:
        raise ApiError(404, "not_found", "There is no such part of the sitemap.")
    headers = {"ETag": quote_etag(rendered.etag, weak=True), "Cache-Control": CACHE}
    body = rendered.body
    if accepts_gzip() and rendered.gzipped is not None:
        body, headers["Content-Encoding"] = rendered.gzipped, "gzip"
    response = Response(body, mimetype="application/xml", headers=headers)
    response.vary.add("Accept-Encoding")
    response.make_conditional(request)  # in place: 304 when the ETag matches
    return response


def _xml(document: str | None) -> Rendered:
    body = (document or "").encode()
    return Rendered(body, hashlib.blake2b(body, digest_size=16).hexdigest())
