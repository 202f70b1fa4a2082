"""What operators watch, in the Prometheus format (docs/deploying.md, metrics).

The metrics are prometheus-client's, kept per process, or, under gunicorn, in the folder
PROMETHEUS_MULTIPROC_DIR that gunicorn.conf.py gives every worker, so a scrape of any worker
reads the whole instance. `/metrics` is not public: it answers only with METRICS_TOKEN given as
a bearer token (404 without the setting); gunicorn can serve the same on a port of its own
(METRICS_PORT, gunicorn.conf.py) for a scraper inside the private network.
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Callable
from functools import wraps

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from .config import Settings
from .errors import ApiError

MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"

REQUESTS = Counter(
    "bff_http_requests_total",
    "Answers, by route (its rule) and status.",
    ["method", "route", "status"],
)
REQUEST_SECONDS = Histogram(
    "bff_http_request_duration_seconds",
    "Time to answer, by route.",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
CMS_CACHE = Counter(
    "bff_cms_cache_total",
    "CMS gateway cache look-ups, by outcome: hit, miss or stale.",
    ["outcome"],
)
CMS_PURGES = Counter("bff_cms_purges_total", "Purges of the CMS gateway cache (webhook calls).")
CMS_PURGED_TAGS = Counter("bff_cms_purged_tags_total", "Cache tags purged.")
BREAKER_OPEN = Gauge(
    "bff_breaker_open",
    "1 while the circuit breaker of an upstream (cms, stripe) is open, else 0.",
    ["breaker"],
    multiprocess_mode="mostrecent",
)
UPSTREAM_SECONDS = Histogram(
    "bff_upstream_duration_seconds",
    "Time of calls to an upstream (cms, stripe), by outcome: ok or failed.",
    ["upstream", "outcome"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20),
)
DB_CONNECTIONS_IN_USE = Gauge(
    "bff_db_pool_connections_in_use",
    "Database connections checked out of the pool.",
    multiprocess_mode="livesum",
)
RATE_LIMITED = Counter(
    "bff_rate_limit_refusals_total", "Calls refused by a rate limit (429), by limit.", ["limit"]
)
SIGN_INS = Counter(
    "bff_sign_ins_total",
    "Sign-ins, by method (password, google, apple, facebook) and outcome (ok or the error code).",
    ["method", "outcome"],
)
CHECKOUTS = Counter(
    "bff_checkouts_total",
    "Checkouts started and confirmed, by kind and outcome (ok or the error code).",
    ["kind", "outcome"],
)


def outcome_counted(counter: Counter, label: str) -> Callable[[Callable], Callable]:
    """Decorate a view: count each call under ``label`` with its outcome, "ok" or the catalogue
    code of the ApiError it raised."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def counted(*args, **kwargs):
            try:
                answer = view(*args, **kwargs)
            except ApiError as error:
                counter.labels(label, error.code).inc()
                raise
            counter.labels(label, "ok").inc()
            return answer

        return counted

    return decorate


def watch_pool(engine) -> None:
    """Follow the connections ``engine``'s pool hands out."""
    from sqlalchemy import event

    event.listen(engine, "checkout", lambda *_: DB_CONNECTIONS_IN_USE.inc())
    event.listen(engine, "checkin", lambda *_: DB_CONNECTIONS_IN_USE.dec())


def registry() -> CollectorRegistry:
    """Every process's metrics under gunicorn (the shared folder), else this process's."""
    if os.environ.get(MULTIPROCESS_DIR):
        shared = CollectorRegistry()
        multiprocess.MultiProcessCollector(shared)
        return shared
    return REGISTRY


def init_app(app: Flask, settings: Settings) -> None:
    """Count every answer by route and status, and serve /metrics to whoever has the token."""

    @app.before_request
    def _started() -> None:
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _counted(response: Response) -> Response:
        rule = request.url_rule.rule if request.url_rule is not None else "(none)"
        REQUESTS.labels(request.method, rule, str(response.status_code)).inc()
        started = g.get("metrics_started")
        if started is not None:
            REQUEST_SECONDS.labels(request.method, rule).observe(time.perf_counter() - started)
        return response

    token = settings.metrics_token

    def metrics() -> Response:
        if not token:
            raise ApiError(404, "not_found")
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.encode(), token.encode()):
            raise ApiError(401, "unauthorized", headers={"WWW-Authenticate": "Bearer"})
        response = Response(
            generate_latest(registry()), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    app.add_url_rule("/metrics", "metrics", metrics)
