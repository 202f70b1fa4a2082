"""The CDN in front of the site, told which answers to drop when content changes.

Every guest answer a CDN may keep carries its cache tags (``Surrogate-Key`` for Fastly,
``Cache-Tag`` for Cloudflare: ``tag_headers``; docs/content-gateway.md), the same tags the BFF's
own cache is purged by. When the CMS webhook purges tags, the CDN is asked to drop every answer
carrying one of them, through its documented purge-by-tag API:

- Fastly: ``POST https://api.fastly.com/service/{service_id}/purge`` with the ``Fastly-Key``
  header and ``{"surrogate_keys": [...]}``, at most 256 keys a request;
- Cloudflare: ``POST https://api.cloudflare.com/client/v4/zones/{zone_id}/purge_cache`` with a
  bearer API token and ``{"tags": [...]}``, at most 30 tags a request.

Without a CDN (the default) there is nothing to tell.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Protocol

import requests

from .config import Settings

log = logging.getLogger(__name__)

FASTLY_API = "https://api.fastly.com"
CLOUDFLARE_API = "https://api.cloudflare.com/client/v4"
# How long a purge call may take: the webhook that asks for it waits.
TIMEOUT = 5.0
# What the tag headers may hold: Fastly and Cloudflare both take 16 KB.
MAX_TAG_HEADER = 16 * 1024


def tag_headers(tags: Collection[str] | None, max_age: int) -> dict[str, str]:
    """What tells a CDN it may keep an answer ``max_age`` seconds and by which tags to drop it;
    nothing when the tags are not all known (None) or do not fit in a header. The directives
    are the CDN's own (``Surrogate-Control`` for Fastly, ``CDN-Cache-Control`` for Cloudflare,
    RFC 9213), so that browsers keep revalidating whatever ``Cache-Control`` tells them."""
    ordered = sorted(tags or ())
    keys = " ".join(ordered)
    if not ordered or len(keys) > MAX_TAG_HEADER:
        return {}
    return {
        "Surrogate-Control": f"max-age={max_age}, stale-if-error=86400",
        "CDN-Cache-Control": f"max-age={max_age}",
        "Surrogate-Key": keys,
        "Cache-Tag": ",".join(ordered),
    }


class CdnPurgeFailed(Exception):
    """The CDN did not confirm a purge; the message says which and why."""


class Cdn(Protocol):
    def purge(self, tags: Collection[str]) -> None:
        """Drops every answer tagged with one of ``tags``; raises CdnPurgeFailed."""


class NoCdn:
    """No CDN in front: nothing to tell."""

    def purge(self, tags: Collection[str]) -> None:
        return None


def _batches(tags: Collection[str], size: int) -> Iterator[list[str]]:
    ordered = sorted(set(tags))
    for start in range(0, len(ordered), size):
        yield ordered[start : start + size]


def _post(url: str, body: dict, headers: dict[str, str]) -> requests.Response:
    try:
        return requests.post(url, json=body, headers=headers, timeout=TIMEOUT)
    except requests.RequestException as error:
        raise CdnPurgeFailed(f"the CDN's purge API did not answer: {error}") from error


@dataclass(frozen=True)
class Fastly:
    """Fastly's batch purge by surrogate key."""

    service_id: str
    token: str
    soft: bool = False
    api: str = FASTLY_API
    batch: int = 256

    def purge(self, tags: Collection[str]) -> None:
        headers = {"Fastly-Key": self.token, "Accept": "application/json"}
        if self.soft:
            headers["Fastly-Soft-Purge"] = "1"
        for keys in _batches(tags, self.batch):
            answer = _post(
                f"{self.api}/service/{self.service_id}/purge", {"surrogate_keys": keys}, headers
            )
            if answer.status_code != 200:
                raise CdnPurgeFailed(
                    f"Fastly refused the purge of {len(keys)} keys: {answer.status_code} "
                    f"{answer.text[:200]}"
                )


@dataclass(frozen=True)
class Cloudflare:
    """Cloudflare's purge of cached content by cache tag."""

    zone_id: str
    token: str
    api: str = CLOUDFLARE_API
    batch: int = 30

    def purge(self, tags: Collection[str]) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        for names in _batches(tags, self.batch):
            answer = _post(f"{self.api}/zones/{self.zone_id}/purge_cache", {"tags": names}, headers)
            try:
                confirmed = answer.ok and answer.json().get("success") is True
            except ValueError:
                confirmed = False
            if not confirmed:
                raise CdnPurgeFailed(
                    f"Cloudflare refused the purge of {len(names)} tags: {answer.status_code} "
                    f"{answer.text[:200]}"
                )


def make_cdn(settings: Settings) -> Cdn:
    """The CDN the settings name (CDN, CDN_SERVICE, CDN_TOKEN), or none."""
    if settings.cdn == "fastly":
        return Fastly(settings.cdn_service or "", settings.cdn_token or "")
    if settings.cdn == "cloudflare":
        return Cloudflare(settings.cdn_service or "", settings.cdn_token or "")
    return NoCdn()
