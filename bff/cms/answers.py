"""How the gateway's answers leave: compact JSON with an ETag, their caching headers and tags.

Browsers always revalidate a guest answer (``max-age=0, must-revalidate``: an unchanged answer
costs a 304), so a published change shows on the very next load. A shared cache (a CDN) may keep
it ``s-maxage`` seconds (CDN_MAX_AGE) and is told what to drop: every answer made of cached
content carries the cache tags of every piece it was built from, in ``Surrogate-Key`` (Fastly,
space-separated) and ``Cache-Tag`` (Cloudflare, comma-separated), the tags the CMS webhook
purges (webhook.py, which hands them to the CDN too). An answer whose tags are not all known (a
stale copy served while the CMS is down, the cache off, an answer read from the database alone
such as search) or do not fit in a header is revalidated by shared caches as well.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, Protocol

from flask import Response, g, request
from werkzeug.http import quote_etag

from ..access.rights import Rights
from ..access.viewer import current_viewer, rights_for
from ..platform.cdn import tag_headers
from ..platform.compression import accepts_gzip
from ..platform.config import Settings
from ..platform.context import ContextView
from ..platform.extensions import db
from . import preview
from .catalogue import Catalogue
from .rendered import Rendered, RenderedAnswers, answer_key, render

PRIVATE_CACHE = "private, no-cache"
PREVIEW_CACHE = "private, no-store"
# Browsers revalidate; a shared cache revalidates once its s-maxage is over.
PUBLIC_CACHE = "public, max-age=0, must-revalidate"


class AnswerServices(Protocol):
    """What the gateway's answers read of the application context."""

    settings: Settings
    catalogue: Catalogue
    rendered: RenderedAnswers


context = ContextView[AnswerServices](__name__)


def catalogue() -> Catalogue:
    """The site's catalogue, or its drafts in a preview session."""
    found = context().catalogue
    return found.drafts if previewing() else found


def previewing() -> bool:
    """Does this request come from a preview session (preview.py)?"""
    if "cms_previewing" not in g:
        config = context().settings
        g.cms_previewing = bool(config.cms_preview_secret) and preview.is_session(
            db.session(), request.cookies.get(preview.COOKIE), time.time()
        )
    return g.cms_previewing


def rights() -> Rights:
    return rights_for(current_viewer(recent=True))


def record_fetches() -> None:
    """Before a gateway request: note the tags of every cached piece its answer is made of."""
    stack = ExitStack()
    g.cms_basis = stack.enter_context(context().catalogue.cache.recording())
    g.cms_recording = stack


def stop_recording(_error: BaseException | None = None) -> None:
    stack = g.pop("cms_recording", None)
    if stack is not None:
        stack.close()


def content(answer) -> Response:
    """The answer as JSON with an ETag; a matching If-None-Match gets 304."""
    rendered = render(answer)
    basis = g.get("cms_basis")
    if basis is not None and basis.keepable:
        rendered = rendered.tagged(basis.tags)
    return respond(rendered)


def kept(build: Callable[[], Any], args: dict | None = None) -> Response:
    """An answer the same for every viewer, made of cached content alone, kept rendered in this
    worker (rendered.py). It must depend on nothing but the route and its validated ``args``:
    never on the database, the clock or the request otherwise."""
    return _kept(build, args, None)


def kept_for_viewer(build: Callable[[Rights], Any], args: dict | None = None) -> Response:
    """The same as ``kept`` for an answer that depends on the viewer's rights too (locks and
    prices): ``build`` gets them, and they are part of the key."""
    viewer_rights = rights()
    return _kept(lambda: build(viewer_rights), args, viewer_rights)


def _kept(build: Callable[[], Any], args: dict | None, viewer_rights: Rights | None) -> Response:
    if previewing():
        return respond(render(build()))  # drafts: never kept, never shared
    key = answer_key(request.path, args or {}, viewer_rights)
    return respond(context().rendered.get(key, build))


def caching_headers(rendered: Rendered, shared: bool, shared_max_age: int) -> dict[str, str]:
    """Cache-Control and, for an answer a shared cache may keep, its tags."""
    if not shared:
        return {"Cache-Control": PRIVATE_CACHE}
    tagged = tag_headers(rendered.tags, shared_max_age)
    if not tagged:
        return {"Cache-Control": PUBLIC_CACHE}
    return {"Cache-Control": f"{PUBLIC_CACHE}, s-maxage={shared_max_age}", **tagged}


def respond(rendered: Rendered) -> Response:
    """The rendered answer with its caching headers, gzipped for clients that take it (the
    gzip copy is made once per kept answer); a matching If-None-Match gets 304."""
    if previewing():
        headers = {"Cache-Control": PREVIEW_CACHE}
    else:
        shared = not request.headers.get("Authorization")
        headers = caching_headers(rendered, shared, context().settings.cdn_max_age)
    headers["ETag"] = quote_etag(rendered.etag, weak=True)
    headers["Vary"] = "Authorization, Accept-Encoding"
    body = rendered.body
    if accepts_gzip() and rendered.gzipped is not None:
        body, headers["Content-Encoding"] = rendered.gzipped, "gzip"
    response = Response(body, mimetype="application/json", headers=headers)
    # Only a conditional request has anything to decide (werkzeug's check is a good part of a
    # kept answer's cost).
    if "If-None-Match" in request.headers or "If-Match" in request.headers:
        response.make_conditional(request)  # in place: 304 when the ETag matches
    return response
