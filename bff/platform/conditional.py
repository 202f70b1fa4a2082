"""Conditional GETs outside /cms: a strong ETag from the JSON body, 304 to a matching If-None-Match.

An app on a slow network asks again for what it showed a minute ago (a member's standing, where
they stopped, the plans): with the ETag of its copy in ``If-None-Match`` an unchanged answer is
304 with no body. The view still runs (the answer must be made to know whether it changed): what
is saved is the network, not the server's work. The ETag is strong (RFC 9110, 8.8.3): the hash
of the very bytes sent, ``-gzip`` added when the answer leaves gzipped (compression.py), so each
coding has its own. ``private`` answers (a member's own) are ``Cache-Control: private, no-cache``:
kept by the app, never by a shared cache, always revalidated; ``viewer`` ones are private when the
request carries a token and keep what they have otherwise; public ones keep what they have.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from copy import deepcopy
from typing import Literal

from flask import Response, request

from .compression import accepts_gzip, worth_compressing

PRIVATE_CACHE = "private, no-cache"
Audience = Literal["private", "viewer", "public"]

ETAG_DOC = {
    "description": "A strong validator of this answer: send it back in If-None-Match to get"
    " 304 Not Modified while the answer is unchanged.",
    "schema": {"type": "string"},
}
CACHE_DOC = {
    "private": "private, no-cache: the member's own answer; keep it, revalidate before use.",
    "viewer": "private, no-cache when a token is sent (the answer is the member's own).",
    "public": "The same for everyone.",
}
IF_NONE_MATCH_DOC = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "description": "ETags of copies the caller holds: 304 Not Modified when one is current.",
    "schema": {"type": "string"},
}
NOT_MODIFIED_DOC = {
    "description": "Not Modified: the copy whose ETag was sent in If-None-Match is current"
    " (no body; ETag and Cache-Control as the 200 would have them).",
    "headers": {"ETag": ETAG_DOC},
    "content_type": None,
}


def strong_etag(body: bytes, gzipped: bool) -> str:
    tag = hashlib.blake2b(body, digest_size=16).hexdigest()
    return f"{tag}-gzip" if gzipped else tag


def conditional(response: Response, audience: Audience) -> Response:
    """Give a 200 JSON answer its ETag and caching headers; 304 when If-None-Match matches."""
    if response.status_code != 200 or response.is_streamed or response.direct_passthrough:
        return response
    body = response.get_data()
    # compression.py gzips the same answers it finds worth it, after this: the tag says so.
    gzipped = accepts_gzip() and worth_compressing(body)
    response.set_etag(strong_etag(body, gzipped))
    response.vary.add("Accept-Encoding")
    if audience == "private" or (audience == "viewer" and "Authorization" in request.headers):
        response.headers["Cache-Control"] = PRIVATE_CACHE
    if audience == "viewer":
        response.vary.add("Authorization")
    if "If-None-Match" in request.headers:
        response.make_conditional(request)  # in place: 304 (no body) when the ETag matches
    return response


def etagged(audience: Audience = "private") -> Callable:
    """Decorate a GET view (above its ``response``): its answer gets a strong ETag and a 304
    for a matching If-None-Match, and the document says so (the headers, the 304)."""

    def decorate(view: Callable) -> Callable:
        @functools.wraps(view)
        def conditional_view(*args, **kwargs):
            answer = view(*args, **kwargs)
            if isinstance(answer, Response):
                return conditional(answer, audience)
            return answer

        documented = _documented(deepcopy(getattr(view, "_apidoc", {})), audience)
        conditional_view._apidoc = documented  # type: ignore[attr-defined]
        return conditional_view

    return decorate


def _documented(apidoc: dict, audience: Audience) -> dict:
    responses = apidoc.setdefault("response", {}).setdefault("responses", {})
    for entry in responses.get(200, []):
        if isinstance(entry, dict):
            entry.setdefault("headers", {}).update(
                {
                    "ETag": ETAG_DOC,
                    "Cache-Control": {
                        "description": CACHE_DOC[audience],
                        "schema": {"type": "string"},
                    },
                }
            )
    responses.setdefault(304, []).append(deepcopy(NOT_MODIFIED_DOC))
    # Beside the parameters ``arguments`` declares (a manual_doc list would replace them).
    parameters = apidoc.setdefault("arguments", {}).setdefault("parameters", [])
    parameters.append(deepcopy(IF_NONE_MATCH_DOC))
    return apidoc
