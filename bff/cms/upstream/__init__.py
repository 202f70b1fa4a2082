"""Where content comes from: Strapi v5 over REST, or the embedded store of cms-schema/seed.

Both answer in Strapi v5's REST shape (flat entries, ``data`` and ``meta.pagination``), so one
normaliser turns either into the answers the client reads (docs/content-gateway.md).
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import Protocol

from ...platform.breaker import CircuitBreaker, CircuitOpen, instance_breaker
from ...platform.config import SEED_PATH as SEED_PATH  # the seed's folder, for tools and tests
from ...platform.config import Settings
from ...platform.errors import ApiError, error_response, retry_later
from ..content_types import ContentType
from ..query import Query

log = logging.getLogger(__name__)


class UpstreamUnavailable(Exception):
    """The CMS could not be reached, timed out, or failed on its side.

    ``retry_after`` is set when the CMS was not asked at all, its breaker being open: the
    failure is known and logged once already, and the seconds until the next try are known.
    """

    def __init__(self, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.retry_after = retry_after


def unavailable_answer(error: UpstreamUnavailable):
    """The answer of a route whose content is away, with nothing cached to serve instead."""
    if error.retry_after is None:
        log.warning("CMS unavailable with nothing cached: %s", error)
        headers = retry_later()
    else:
        headers = {"Retry-After": str(error.retry_after)}
    return error_response(ApiError(503, "cms_unavailable", headers=headers))


class UpstreamError(Exception):
    """The CMS refused the question (a 4xx): a bug in the gateway's translation, not in the CMS."""

    def __init__(self, status: int, message: str):
        super().__init__(f"HTTP {status}: {message}")
        self.status = status


class Upstream(Protocol):
    kind: str

    def ping(self) -> None:
        """Raise unless content can be read."""

    def find(self, query: Query) -> dict:
        """A page: {"data": [...], "meta": {"pagination": {start, limit, total}}}."""

    def single(self, rest_path: str, populate: dict) -> dict | None:
        """{"data": entry} of a single type, or None when it has no entry."""

    def media_file(self, relative: str) -> Path | None:
        """A local media file behind /media/<relative> (embedded store only)."""

    def drafts(self) -> Upstream:
        """The same content as editors left it, drafts included (for a preview session)."""

    def released(self, content_type: ContentType, since: datetime, until: datetime) -> list[int]:
        """The ids of the published entries whose scheduled time came in (since, until]."""


class GuardedUpstream:
    """A remote CMS behind its circuit breaker (bff/breaker.py): once it is known to be
    failing, calls fail at once instead of each waiting for its timeout."""

    def __init__(self, inner: Upstream, breaker: CircuitBreaker):
        self.inner = inner
        self.breaker = breaker
        self.kind = inner.kind

    def ping(self) -> None:
        self._call(self.inner.ping)

    def find(self, query: Query) -> dict:
        return self._call(lambda: self.inner.find(query))

    def single(self, rest_path: str, populate: dict) -> dict | None:
        return self._call(lambda: self.inner.single(rest_path, populate))

    def media_file(self, relative: str) -> Path | None:
        return self.inner.media_file(relative)

    def released(self, content_type: ContentType, since: datetime, until: datetime) -> list[int]:
        return self._call(lambda: self.inner.released(content_type, since, until))

    def drafts(self) -> GuardedUpstream:
        return GuardedUpstream(self.inner.drafts(), self.breaker)  # the same CMS, one breaker

    def _call(self, call):
        try:
            return self.breaker.call(call)
        except CircuitOpen as error:
            raise UpstreamUnavailable(str(error), retry_after=error.retry_after) from None


def make_upstream(settings: Settings, seed_path: Path | None = None) -> Upstream:
    from .embedded import EmbeddedStore
    from .strapi import StrapiUpstream

    if not settings.cms_url:
        return EmbeddedStore(seed_path or settings.cms_seed_path)
    strapi = StrapiUpstream(settings.cms_url, settings.cms_token, timeout=settings.cms_timeout)
    breaker = instance_breaker(
        "cms",
        settings.instance_path,
        (UpstreamUnavailable,),
        threshold=settings.breaker_failures,
        cool_off=settings.breaker_cool_off,
        lease=settings.cms_timeout + 1,
        probe=strapi.ping,  # its health route, on a thread: no request waits for it
    )
    return GuardedUpstream(strapi, breaker)
