"""A slow CMS: calls give up after CMS_TIMEOUT, the stale copy or a 503 answers, nothing hangs.

The CMS here is a real HTTP server on loopback (a stand-in for Strapi), so the timeouts are
those of real sockets, not of a mock.
"""

from __future__ import annotations

import time

import pytest

from bff.app_context import app_context

from ..fake_strapi import running_strapi

TIMEOUT = 0.5


@pytest.fixture
def strapi():
    with running_strapi() as server:
        yield server


@pytest.fixture
def slow_cms_app(make_app, strapi):
    return make_app(CMS_URL=strapi.url, CMS_TOKEN="t", CMS_TIMEOUT=str(TIMEOUT))


def timed_get(client, path):
    started = time.monotonic()
    response = client.get(path)
    return response, time.monotonic() - started


@pytest.mark.parametrize("mode", ["slow", "trickle"])
def test_a_slow_cms_times_out_and_an_uncached_page_is_503(slow_cms_app, strapi, mode):
    strapi.mode, strapi.delay = mode, 30
    client = slow_cms_app.test_client()
    response, took = timed_get(client, "/cms/lessons?_limit=24")
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "cms_unavailable"
    assert took < TIMEOUT + 1.0, f"gave up after {took:.2f}s"


def test_a_slow_cms_serves_the_stale_copy_and_recovers_without_restart(slow_cms_app, strapi):
    client = slow_cms_app.test_client()
    fresh = client.get("/cms/lessons?_limit=24")
    assert fresh.status_code == 200
    cache = app_context(slow_cms_app).catalogue.cache
    cache.clock = lambda: time.time() + cache.ttl + 1  # what is cached is now stale

    strapi.mode, strapi.delay = "slow", 30
    stale, took = timed_get(client, "/cms/lessons?_limit=24")
    assert stale.status_code == 200 and stale.get_json() == fresh.get_json()
    assert took < TIMEOUT + 1.0

    strapi.mode = "fast"
    calls = strapi.calls
    again, took = timed_get(client, "/cms/lessons?_limit=24")
    assert again.status_code == 200 and strapi.calls == calls + 1, "asked the CMS again"
    assert took < TIMEOUT + 1.0


COOL_OFF = 1.0


@pytest.fixture
def guarded_app(make_app, strapi):
    return make_app(
        CMS_URL=strapi.url,
        CMS_TOKEN="t",
        CMS_TIMEOUT=str(TIMEOUT),
        BREAKER_FAILURES="2",
        BREAKER_COOL_OFF=str(COOL_OFF),
    )


def test_a_frozen_cms_costs_nothing_once_known_and_is_asked_again_after_the_cool_off(
    guarded_app, strapi
):
    client = guarded_app.test_client()
    assert client.get("/cms/lessons?_limit=24").status_code == 200
    assert client.get("/healthz").get_json()["data"]["status"] == "ok"  # its first connections
    cache = app_context(guarded_app).catalogue.cache
    cache.clock = lambda: time.time() + cache.ttl + 1  # what is cached is now stale

    strapi.mode, strapi.delay = "slow", 30  # accepts connections, never answers in time
    for limit in (10, 11):  # two timeouts in a row open the breaker
        response, took = timed_get(client, f"/cms/lessons?_limit={limit}")
        assert response.status_code == 503 and took >= TIMEOUT
    calls = strapi.calls

    # Answered without asking the CMS: the calls counted below prove it was not asked; the time
    # is kept loose (a busy host slows any request) and only catches a hang.
    uncached, took = timed_get(client, "/cms/lessons?_limit=12")
    assert uncached.status_code == 503 and took < TIMEOUT + 1.0, f"waited {took:.2f}s"
    assert uncached.get_json()["error"]["code"] == "cms_unavailable"
    assert 1 <= int(uncached.headers["Retry-After"]) <= 2
    stale, took = timed_get(client, "/cms/lessons?_limit=24")
    assert stale.status_code == 200 and took < TIMEOUT + 1.0, f"waited {took:.2f}s"
    health, took = timed_get(client, "/healthz")
    assert health.get_json()["data"]["status"] == "degraded" and took < TIMEOUT + 1.0
    assert strapi.calls == calls, "the frozen CMS was not asked again"

    strapi.mode = "fast"
    strapi.released.set()  # the requests held so far end
    time.sleep(COOL_OFF * 1.2 + 0.1)  # the cool-off and its largest jitter
    first, took = timed_get(client, "/cms/lessons?_limit=12")
    # A 503 (not the fast CMS's 200): the probe runs on its own thread, the caller is not it.
    assert first.status_code == 503 and took < TIMEOUT + 1.0, "the probe runs on its own thread"
    for _ in range(50):
        if client.get("/healthz").get_json()["data"]["status"] == "ok":
            break
        time.sleep(0.05)
    asked = strapi.calls
    recovered = client.get("/cms/lessons?_limit=12")
    assert recovered.status_code == 200 and strapi.calls == asked + 1, "closed again"
