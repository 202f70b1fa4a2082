"""Where content comes from: Strapi v5 over REST, or the embedded store of cms-schema/seed.

Both answer in Strapi v5's REST shape (flat entries, ``data`` and ``meta.pagination``), so one
normaliser turns either into the answers of SPEC §3.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Protocol

from ...config import REPO_ROOT, Settings
from ...errors import ApiError, error_response, retry_later
from ..query import Query

log = logging.getLogger(__name__)

SEED_PATH = REPO_ROOT / "cms-schema" / "seed"


class UpstreamUnavailable(Exception):
    """The CMS could not be reached, timed out, or failed on its side."""


def unavailable_answer(error: UpstreamUnavailable):
    """The answer of a route whose content is away, with nothing cached to serve instead."""
    log.warning("CMS unavailable with nothing cached: %s", error)
    return error_response(ApiError(503, "cms_unavailable", headers=retry_later()))


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


def make_upstream(settings: Settings, seed_path: Path = SEED_PATH) -> Upstream:
    from .embedded import EmbeddedStore
    from .strapi import StrapiUpstream

    if settings.cms_url:
        return StrapiUpstream(settings.cms_url, settings.cms_token, timeout=settings.cms_timeout)
    return EmbeddedStore(seed_path)
