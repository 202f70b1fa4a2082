"""Clients that send their requests slowly, or stop halfway, against an instance as the Procfile
and `make run` start it (gunicorn.conf.py's worker): the site keeps answering everyone else, and
every such connection is answered 408 and closed once its request is late (docs/deploying.md).
"""

from __future__ import annotations

import json
import selectors
import socket
import statistics
import time

import pytest

from .instances import Instance

pytestmark = pytest.mark.deployment

# The documented deadline (gunicorn.conf.py, docs/deploying.md): a request's head is in within
# 10 s of its first byte, its body starts within 10 s of the head, and each 16 KiB of body
# received moves that on a second (nothing here, for one byte).
READ_DEADLINE = 10.0
# What the machine may add to it: the loop's own wake-up, a busy test run.
SLACK = 1.5
LESSONS = "/cms/lessons?_limit=24"


@pytest.fixture(scope="module")
def bff(deployment) -> Instance:
    # Sign-in attempts here are about bodies, not the limit on guesses.
    [instance] = deployment(1, workers=2, RATE_LIMIT_LOGIN="1000 per minute")
    return instance


class Stalled:
    """A connection that sent part of a request and waits."""

    def __init__(self, bff: Instance, first_bytes: bytes) -> None:
        self.sock = socket.create_connection(("127.0.0.1", bff.port), timeout=5)
        self.sock.sendall(first_bytes)
        self.sent_at = time.monotonic()
        self.answer = b""
        self.closed_after: float | None = None


def slow_body(bff: Instance) -> Stalled:
    return Stalled(
        bff,
        b"POST /users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n{",
    )


def slow_head(bff: Instance) -> Stalled:
    return Stalled(bff, b"GET /cms/lessons HTTP/1.1\r\nHost: localhost\r\nAccept: applic")


def timed_get(bff: Instance, path: str) -> float:
    started = time.monotonic()
    answer = bff.get(path, timeout=3)
    elapsed = time.monotonic() - started
    assert answer.status_code == 200, answer.text
    return elapsed


def wait_until_closed(stalled: list[Stalled], within: float) -> None:
    """Read every connection until the server closes it, for `within` seconds at most."""
    selector = selectors.DefaultSelector()
    for connection in stalled:
        connection.sock.setblocking(False)
        selector.register(connection.sock, selectors.EVENT_READ, connection)
    give_up = time.monotonic() + within
    open_ = len(stalled)
    while open_ and time.monotonic() < give_up:
        for key, _ in selector.select(timeout=0.2):
            connection = key.data
            try:
                data = connection.sock.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                data = b""
            if data:
                connection.answer += data
                continue
            connection.closed_after = time.monotonic() - connection.sent_at
            selector.unregister(connection.sock)
            open_ -= 1
    selector.close()


def test_slow_and_stalled_requests_hold_no_one_up_and_are_closed_when_late(bff, strapi):
    # The lessons are in the gateway's cache before the attack: a read of them is the cheapest
    # content answer the site has.
    assert bff.get(LESSONS).status_code == 200
    # 200 connections that sent their headers and 1 byte of a 1000-byte body, 20 that stopped
    # halfway through their headers: far more than the instance has threads (2 x 8).
    stalled = [slow_body(bff) for _ in range(200)] + [slow_head(bff) for _ in range(20)]
    try:
        time.sleep(0.3)  # every one accepted and read by a worker
        health = [timed_get(bff, "/healthz") for _ in range(3)]
        calls = strapi.calls  # /healthz asks the CMS too
        lessons = [timed_get(bff, LESSONS) for _ in range(3)]
        # Each within 100 ms (the median of three, against a shared machine's hiccups; a stalled
        # instance does not answer at all).
        assert statistics.median(health) < 0.1, health
        assert statistics.median(lessons) < 0.1, lessons
        assert strapi.calls == calls  # answered from the cache

        wait_until_closed(stalled, within=READ_DEADLINE + SLACK + 1)
        late = sorted(c.closed_after or float("inf") for c in stalled)
        assert late[-1] <= READ_DEADLINE + SLACK, f"still open or closed late: {late[-5:]}"
        assert late[0] >= READ_DEADLINE - 0.5, f"closed before the deadline: {late[:5]}"
        for connection in stalled:
            head, _, body = connection.answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408 "), connection.answer[:200]
            assert json.loads(body)["error"]["code"] == "request_timeout"
    finally:
        for connection in stalled:
            connection.sock.close()
    assert timed_get(bff, "/healthz") < 1


def test_a_request_that_arrives_slowly_but_in_time_is_answered(bff):
    # A phone on a poor network: the same request, in pieces over a few seconds, reaches the
    # application whole, with a declared length, in chunks, or after `Expect: 100-continue`.
    body = json.dumps({"username": "someone@example.com", "password": "x" * 500}).encode()
    chunked = (
        b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in (body[:300], body[300:]))
        + b"0\r\n\r\n"
    )
    head = (
        b"POST /users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\n"
    )
    requests_in_pieces = {
        "length": [head, b"Content-Length: %d\r\n\r\n" % len(body), body[:400], body[400:]],
        "chunked": [head, b"Transfer-Encoding: chunked\r\n\r\n", chunked[:310], chunked[310:]],
        "expect": [head + b"Content-Length: %d\r\nExpect: 100-continue\r\n\r\n" % len(body)],
    }
    for name, pieces in requests_in_pieces.items():
        with socket.create_connection(("127.0.0.1", bff.port), timeout=10) as connection:
            for piece in pieces:
                connection.sendall(piece)
                time.sleep(0.4)
            if name == "expect":
                assert connection.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
                connection.sendall(body)
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
        status_line, _, rest = received.partition(b"\r\n")
        # The application read the whole body: an address it does not know.
        assert status_line.split()[1] == b"404", (name, received[:300])
        assert json.loads(rest.partition(b"\r\n\r\n")[2])["error"]["code"] == "user_doesnt_exist"
