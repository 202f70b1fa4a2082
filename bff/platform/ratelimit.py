"""Rate limits on the calls that guess, send mail or cost a worker dear: sign-in, registration,
recovery, the availability checks, the newsletter and avatar uploads.

Each limit comes from settings (RATE_LIMIT_<NAME>, e.g. "10 per minute"), or is fixed where
there is no such setting (avatar uploads), is shared by every route of its kind and is counted
per client address (the one the load balancer reports: security.py trusts PROXY_HOPS of them),
or per member for avatar uploads, in fixed windows. The counts live in Redis when REDIS_URL is
set, so every worker of every instance shares them, else in this process. Only a limited call
pays for the check: nothing runs on any other request. Over the limit is 429 `rate_limited`
with Retry-After; the call is counted before its arguments are read, so invalid calls count too.
Should the store fail, the call is let through and the failure logged (the health check reports
Redis).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Protocol

from flask import request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from .config import Settings
from .context import ContextView
from .errors import ApiError

log = logging.getLogger(__name__)


class RateLimits:
    """Counts calls per scope and client in one store (Redis or this process's memory)."""

    def __init__(self, storage_uri: str):
        self._counter = FixedWindowRateLimiter(storage_from_string(storage_uri))

    def hit(self, scope: str, limit: str, client: str) -> None:
        """Count one call of ``client`` against ``limit`` of ``scope``; ApiError 429 (with
        Retry-After) when it goes over."""
        item = _parsed(limit)
        try:
            if self._counter.hit(item, scope, client):
                return
            resets_at = self._counter.get_window_stats(item, scope, client).reset_time
        except Exception:  # the store is down: an unlimited call beats no call at all
            log.exception("Rate limit store unavailable; the call is let through")
            return
        wait = max(1, math.ceil(resets_at - time.time()))
        raise ApiError(429, "rate_limited", headers={"Retry-After": str(wait)})


class LimitServices(Protocol):
    """What counting calls reads of the application context: the limits and their store."""

    settings: Settings
    rate_limits: RateLimits


context = ContextView[LimitServices](__name__)


@lru_cache(maxsize=64)
def _parsed(limit: str) -> RateLimitItem:
    return parse(limit)


def count(name: str, client: str, default: str | None = None) -> None:
    """Count one call of ``client`` (a client address, or a member such as "member:12") against
    the RATE_LIMIT_<NAME> limit, or against ``default`` for a limit that is not a setting."""
    limit = getattr(context().settings, f"rate_limit_{name}", None) or default
    if limit is None:
        raise LookupError(f"no rate limit named {name!r}")
    context().rate_limits.hit(name, limit, client)


def limited(name: str) -> Callable:
    """Decorate a view: each call counts against the RATE_LIMIT_<NAME> limit of its client."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def limited_view(*args, **kwargs):
            count(name, request.remote_addr or "unknown")
            return view(*args, **kwargs)

        return limited_view

    return decorate
