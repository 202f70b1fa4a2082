"""An instance as production runs it (the Procfile's gunicorn and gunicorn.conf.py): what it
refuses to start with, and that no answer of it is an HTML page, not even gunicorn's own."""

from __future__ import annotations

import json
import socket
import time

import pytest

from .instances import Instance, start_instance

pytestmark = pytest.mark.deployment


@pytest.fixture(scope="module")
def bff(deployment, production_env) -> Instance:
    [instance] = deployment(1, workers=2, **production_env)
    return instance


def envelope(answer) -> dict:
    """The error of an answer in the envelope (a requests answer or a RawAnswer)."""
    headers = {name.lower(): value for name, value in answer.headers.items()}
    assert headers["content-type"] == "application/json", answer
    body = json.loads(answer.content if hasattr(answer, "content") else answer.body)
    assert set(body) == {"error"} and set(body["error"]) >= {"code", "message"}, body
    return body["error"]


def test_several_workers_without_redis_refuse_to_start_in_production(tmp_path, production_env):
    settings = {name: value for name, value in production_env.items() if name != "REDIS_URL"}
    # --workers on gunicorn's command line, not WEB_CONCURRENCY: the application learns the
    # number from gunicorn.conf.py.
    refused = start_instance("alone", tmp_path / "alone", settings, workers=2)
    try:
        assert refused.process.wait(45) != 0
    finally:
        refused.stop()
    log = refused.log(tail=100_000)
    assert "Cannot start in production" in log and "REDIS_URL" in log, log[-4000:]


def test_production_with_its_settings_serves(bff):
    health = bff.get("/healthz")
    assert health.status_code == 200, health.text
    assert health.json()["data"]["status"] == "ok"
    assert bff.get("/cms/lessons?_limit=3").status_code == 200


def test_a_request_line_over_gunicorns_limit_is_a_json_414(bff):
    answer = bff.get("/cms/lessons?_sort=" + "x" * 5000)
    assert answer.status_code == 414
    assert envelope(answer)["code"] == "uri_too_long"


def test_a_header_line_of_20_kb_is_a_json_431(bff):
    answer = bff.get("/cms/lessons", headers={"X-Large": "x" * 20_000})
    assert answer.status_code == 431
    assert envelope(answer)["code"] == "headers_too_large"


def test_too_many_headers_are_a_json_431(bff):
    answer = bff.get("/cms/lessons", headers={f"X-Header-{n}": "x" for n in range(150)})
    assert answer.status_code == 431
    assert envelope(answer)["code"] == "headers_too_large"


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"NOT A REQUEST\r\n\r\n",
        b"GET /cms/lessons HTTP/1.1\r\nHost: x\r\nBad Header Name: y\r\n\r\n",
        b"GET /cms/lessons HTTP/9.9\r\nHost: x\r\n\r\n",
    ],
    ids=["request-line", "header-name", "http-version"],
)
def test_a_request_gunicorn_cannot_read_is_a_json_400(bff, request_bytes):
    answer = bff.send_raw(request_bytes)
    assert answer.status == 400
    assert envelope(answer)["code"] == "bad_request"
    assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", ["/cms/lessons", "/users/login", "/healthz", "/home", "/nowhere"])
def test_options_is_a_json_405(bff, path):
    answer = bff.request("OPTIONS", path)
    assert answer.status_code == 405
    assert envelope(answer)["code"] == "method_not_allowed"
    assert answer.headers["Allow"]


@pytest.mark.parametrize(
    "body",
    ["[" * 100_000 + "]" * 100_000, '{"email": ' + "1" * 5000 + "}"],
    ids=["nested-100000-deep", "5000-digit-number"],
)
@pytest.mark.parametrize("path", ["/users/login", "/content/subscribe", "/users/register"])
def test_a_json_body_that_cannot_be_read_is_a_400(bff, path, body):
    answer = bff.post(path, data=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert envelope(answer)["code"] == "invalid_body"


def test_idle_connections_held_open_by_browsers_do_not_stall_other_requests(bff):
    # Browsers connect ahead of their requests and may leave such a connection idle for seconds.
    # More idle connections than the instance has threads (two workers of eight, gunicorn.conf.py):
    # each would hold a sync worker, or a thread that waited for its request.
    host, port = bff.url.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port)), timeout=5) for _ in range(20)]
    try:
        started = time.monotonic()
        answer = bff.get("/healthz", timeout=3)
        assert answer.status_code == 200
        assert time.monotonic() - started < 2
    finally:
        for connection in idle:
            connection.close()
