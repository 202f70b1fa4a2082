"""/metrics: what operators watch, in the Prometheus format, for the token's holder only
(docs/deploying.md, metrics). The multi-worker scrape: tests/bff/deployment/test_operators.py."""

from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bff.platform.breaker import CircuitBreaker, MemoryState

TOKEN = "metrics-token-of-at-least-thirty-two-bytes"
SCRAPE = {"Authorization": f"Bearer {TOKEN}"}


def samples(client) -> dict[tuple[str, tuple], float]:
    answer = client.get("/metrics", headers=SCRAPE)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("text/plain; version=")
    found = {}
    for family in text_string_to_metric_families(answer.get_data(as_text=True)):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found, name, **labels) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_are_not_public(make_app):
    assert make_app().test_client().get("/metrics").status_code == 404  # no METRICS_TOKEN
    client = make_app(METRICS_TOKEN=TOKEN).test_client()
    assert client.get("/metrics").status_code == 401
    wrong = client.get("/metrics", headers={"Authorization": "Bearer guess"})
    assert wrong.status_code == 401 and wrong.get_json()["error"]["code"] == "unauthorized"


def test_a_scrape_shows_requests_by_route_and_status_with_their_latency(make_app):
    from .builders import make_member

    app = make_app(METRICS_TOKEN=TOKEN, RATE_LIMIT_LOGIN="2 per minute")
    client = app.test_client()
    _, member = make_member(app, "pro")
    before = samples(client)
    for _ in range(2):
        assert client.get("/cms/lessons?_limit=2").status_code == 200
    # A member's answer is rendered apart from guests', from the same cached content.
    assert client.get("/cms/lessons?_limit=2", headers=member).status_code == 200
    assert client.get("/users/nope").status_code == 404
    wrong = {"username": "nobody@example.com", "password": "whatever1"}
    for _ in range(3):
        client.post("/users/login", json=wrong)
    after = samples(client)

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    route = {"method": "GET", "route": "/cms/lessons"}
    assert grew("bff_http_requests_total", **route, status="200") == 3
    assert grew("bff_http_request_duration_seconds_count", **route) == 3
    assert grew("bff_http_request_duration_seconds_bucket", **route, le="+Inf") == 3
    assert grew("bff_http_requests_total", method="GET", route="(none)", status="404") >= 1
    assert grew("bff_cms_cache_total", outcome="miss") >= 1
    assert grew("bff_cms_cache_total", outcome="hit") >= 1
    assert grew("bff_sign_ins_total", method="password", outcome="user_doesnt_exist") == 2
    assert grew("bff_rate_limit_refusals_total", limit="login") == 1
    assert ("bff_db_pool_connections_in_use", ()) in after


def test_purges_and_checkouts_are_counted(make_app):
    from .builders import make_member

    app = make_app(METRICS_TOKEN=TOKEN, CMS_WEBHOOK_SECRET="w" * 40)
    client = app.test_client()
    before = samples(client)
    purged = client.post(
        "/cms/webhooks/strapi",
        headers={"Authorization": "Bearer " + "w" * 40},
        json={"event": "entry.update", "model": "lesson", "entry": {"id": 5}},
    )
    assert purged.status_code == 202, purged.get_json()
    _, member = make_member(app, "free")
    started = client.post(
        "/subscriptions/web/checkout/new_subscription", headers=member, json={"plan_id": "nope"}
    )
    assert started.status_code == 404
    after = samples(client)
    assert value(after, "bff_cms_purges_total") - value(before, "bff_cms_purges_total") == 1
    outcome = {"kind": "subscription_started", "outcome": "plan_not_found"}
    assert (
        value(after, "bff_checkouts_total", **outcome)
        - value(before, "bff_checkouts_total", **outcome)
        == 1
    )


def test_breakers_and_upstream_latency_are_watched(make_app):
    client = make_app(METRICS_TOKEN=TOKEN).test_client()
    breaker = CircuitBreaker("probe-upstream", MemoryState(), (OSError,), threshold=1)

    def down():
        raise OSError("down")

    with pytest.raises(OSError):
        breaker.call(down)
    found = samples(client)
    assert value(found, "bff_breaker_open", breaker="probe-upstream") == 1
    labels = {"upstream": "probe-upstream", "outcome": "failed"}
    assert value(found, "bff_upstream_duration_seconds_count", **labels) == 1
    breaker.store.change(lambda state: setattr(state, "open_until", 0.0))
    assert breaker.call(lambda: "up") == "up"
    assert value(samples(client), "bff_breaker_open", breaker="probe-upstream") == 0
