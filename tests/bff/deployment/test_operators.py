"""What operators see of a real instance (gunicorn with two workers): /metrics adds up every
worker's counts, behind its token or on a port of its own, and every answer has a request id."""

from __future__ import annotations

import time

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from .instances import free_port

pytestmark = pytest.mark.deployment

TOKEN = "deployment-metrics-token-of-32-bytes-or-more"


def healthz_answers(text: str) -> float:
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = sample.labels
            if (
                sample.name == "bff_http_requests_total"
                and labels.get("route") == "/healthz"
                and labels.get("status") == "200"
            ):
                return sample.value
    return 0.0


def settled_count(instance, scrape: dict[str, str]) -> float:
    """The /healthz answers counted once no more are on their way: a readiness check that timed
    out while a worker was starting may still be answered, and counted, a moment later."""
    count = healthz_answers(instance.get("/metrics", headers=scrape).text)
    for _ in range(20):
        time.sleep(0.5)
        again = healthz_answers(instance.get("/metrics", headers=scrape).text)
        if again == count:
            return count
        count = again
    raise AssertionError("the /healthz count never settled")


def test_a_scrape_adds_up_every_workers_requests(deployment):
    port = free_port()
    [instance] = deployment(1, workers=2, METRICS_TOKEN=TOKEN, METRICS_PORT=str(port))
    scrape = {"Authorization": f"Bearer {TOKEN}"}
    # Both workers answer once first: a readiness check that timed out while one was still
    # starting sits in the listening socket until that worker serves, and counts then.
    warmed: set[int] = set()
    for _ in range(400):
        warmed.add(instance.worker_of(instance.get("/healthz")))
        if len(warmed) == 2:
            break
    before = settled_count(instance, scrape)
    seen, sent = set(), 0
    while len(seen) < 2 or sent < 20:
        answer = instance.get("/healthz")
        assert answer.status_code == 200 and len(answer.headers["X-Request-ID"]) == 32
        seen.add(instance.worker_of(answer))
        sent += 1
        assert sent < 400, "one worker answered everything"
    through_the_site = instance.get("/metrics", headers=scrape)
    assert through_the_site.status_code == 200
    assert healthz_answers(through_the_site.text) - before == sent
    assert instance.get("/metrics").status_code == 401
    on_its_port = requests.get(f"http://127.0.0.1:{port}/metrics", timeout=5)
    assert healthz_answers(on_its_port.text) - before == sent
