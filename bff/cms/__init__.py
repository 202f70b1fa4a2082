"""The /cms gateway: the headless CMS translated, cached and guarded for every caller."""

from __future__ import annotations

import sqlalchemy as sa

from ..platform.cache import Cache, RedisCache
from ..platform.config import Settings
from .catalogue import Catalogue
from .content_cache import ContentCache, RecentVersions, RedisTagVersions, SqlTagVersions
from .content_types import load_model
from .normalize import Normalizer
from .upstream import Upstream

# How stale a worker's view of purges may be: every worker sees a purge within this time.
PURGE_VISIBLE_WITHIN = 0.5


def build_catalogue(
    settings: Settings, upstream: Upstream, store: Cache, engine: sa.Engine
) -> Catalogue:
    """The catalogue of one application, on its upstream, cache and (for purges) database."""
    if isinstance(store, RedisCache):
        versions = RedisTagVersions(store.client)
    else:
        versions = SqlTagVersions(engine)
    cache = ContentCache(
        store,
        RecentVersions(versions, max_age=PURGE_VISIBLE_WITHIN),
        ttl=settings.cms_cache_ttl,
        enabled=settings.cms_cache_ttl > 0,
    )
    return Catalogue(upstream, cache, load_model(), Normalizer(media_url_for(settings)))


def media_url_for(settings: Settings):
    """Strapi answers media urls relative to itself; the client needs them absolute."""
    base = settings.cms_media_url if settings.cms_url else None

    def media_url(url: str) -> str:
        return base + url if base and url.startswith("/") else url

    return media_url
