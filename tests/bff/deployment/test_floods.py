"""Connection floods against an instance as the Procfile and `make run` start it
(gunicorn.conf.py's worker): thousands of connections that declare an avatar-sized body and send
one byte, from one address and from fifty, leave the site answering; each is closed when its
body stops coming, not when what it declared could have come; a body larger than its route takes
is refused at its head (docs/deploying.md)."""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import statistics
import time

import pytest

from .instances import Instance
from .test_slow_clients import LESSONS, READ_DEADLINE, SLACK, timed_get, wait_until_closed

pytestmark = pytest.mark.deployment

# gunicorn.conf.py: CONNECTIONS_PER_ADDRESS, and the instance's workers.
PER_ADDRESS = 256
WORKERS = 2
# An avatar-sized body (the one route that takes megabytes), declared and never sent.
DECLARED = 11_000_000
FLOOD_HEAD = (
    b"POST /users/profile HTTP/1.1\r\nHost: localhost\r\n"
    b"Content-Type: multipart/form-data; boundary=x\r\n"
    b"Content-Length: %d\r\n\r\n-" % DECLARED
)


@pytest.fixture(scope="module")
def bff(deployment) -> Instance:
    [instance] = deployment(1, workers=WORKERS)
    return instance


@pytest.fixture(scope="module", autouse=True)
def descriptors():
    """Room in this process for thousands of sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 20000) if hard != resource.RLIM_INFINITY else 20000
    if wanted < 6000:
        pytest.skip(f"this process may open only {hard} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


class Flooder:
    """One connection of a flood: the head of an avatar upload and one byte of its body."""

    def __init__(self, bff: Instance, source: str) -> None:
        self.sock = socket.socket()
        self.sock.settimeout(10)
        self.sock.bind((source, 0))
        self.sock.connect(("127.0.0.1", bff.port))
        with contextlib.suppress(OSError):  # turned away already
            self.sock.sendall(FLOOD_HEAD)
        self.sent_at = time.monotonic()
        self.answer = b""
        self.closed_after: float | None = None

    def status(self) -> bytes:
        return self.answer.split(b" ", 2)[1] if self.answer.startswith(b"HTTP/1.1 ") else b""


def site_answers_quickly(bff: Instance, strapi) -> None:
    """/healthz and the cached lessons answer within 100 ms (the median of three)."""
    health = [timed_get(bff, "/healthz") for _ in range(3)]
    calls = strapi.calls
    lessons = [timed_get(bff, LESSONS) for _ in range(3)]
    assert statistics.median(health) < 0.1, health
    assert statistics.median(lessons) < 0.1, lessons
    assert strapi.calls == calls  # from the cache


def closed_all(flood: list[Flooder]) -> None:
    for connection in flood:
        connection.sock.close()


def test_a_flood_from_one_address_is_capped_and_closed_when_its_bodies_stop(bff, strapi):
    assert bff.get(LESSONS).status_code == 200
    # From an address of its own: the site's checks come from 127.0.0.1.
    flood = [Flooder(bff, "127.0.0.200") for _ in range(2100)]
    try:
        time.sleep(0.5)
        site_answers_quickly(bff, strapi)
        wait_until_closed(flood, within=READ_DEADLINE + SLACK + 1)
        turned_away = [c for c in flood if c.status() == b"503"]
        late = [c for c in flood if c.status() == b"408"]
        # Past the cap each worker answers 503 at once; the rest wait for their body and get
        # their 408 10 s after their head (not the 177 s their declared length was once worth).
        assert len(turned_away) + len(late) == len(flood)
        assert len(late) <= PER_ADDRESS * WORKERS
        assert max(c.closed_after for c in turned_away) < 3
        closed_after = sorted(c.closed_after for c in late)
        assert closed_after[0] >= READ_DEADLINE - 0.5, closed_after[:5]
        assert closed_after[-1] <= READ_DEADLINE + SLACK, closed_after[-5:]
        body = json.loads(turned_away[0].answer.partition(b"\r\n\r\n")[2])
        assert body["error"]["code"] == "service_unavailable"
    finally:
        closed_all(flood)
    assert timed_get(bff, "/healthz") < 1


def test_a_flood_from_fifty_addresses_leaves_room_for_everyone_else(bff, strapi):
    """5,000 connections, 100 from each of 50 addresses (under the cap): more than the
    instance keeps open (2 x 1,000); each worker closes the one read longest to accept the
    next, so a health check is never left waiting to be accepted."""
    assert bff.get(LESSONS).status_code == 200
    flood = [Flooder(bff, f"127.0.0.{2 + n % 50}") for n in range(5000)]
    try:
        time.sleep(0.5)
        site_answers_quickly(bff, strapi)
        wait_until_closed(flood, within=READ_DEADLINE + SLACK + 1)
        assert all(c.closed_after is not None for c in flood)
        assert {c.status() for c in flood} <= {b"", b"408"}  # made room for others, or late
    finally:
        closed_all(flood)
    assert timed_get(bff, "/healthz") < 1


def answer_to(bff: Instance, request: bytes) -> tuple[bytes, float]:
    """The whole answer to a request whose body is not sent, and how long it took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", bff.port), timeout=5) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return received, time.monotonic() - started


@pytest.mark.parametrize(
    ("target", "framing"),
    [
        ("/users/login", b"Content-Length: 1048577"),  # over every other route's megabyte
        ("/users/login", b"Content-Length: 2000000\r\nExpect: 100-continue"),
        ("/users/login", b"Transfer-Encoding: chunked\r\n\r\n200000\r\n"),  # a 2 MiB chunk
        ("/users/profile", b"Content-Length: 12000000"),  # over the avatar's 11 MiB
    ],
)
def test_a_body_larger_than_its_route_takes_is_refused_at_its_head(bff, target, framing):
    head = b"POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" % (
        target.encode()
    )
    request = head + framing + (b"" if framing.endswith(b"\r\n") else b"\r\n\r\n")
    received, took = answer_to(bff, request)
    assert received.startswith(b"HTTP/1.1 413 "), received[:200]
    error = json.loads(received.partition(b"\r\n\r\n")[2])["error"]
    assert error["code"] == "payload_too_large"
    # Each route's own limit: the avatar's 10 MB in the catalogue's words, a megabyte elsewhere.
    limit = "10MB" if target == "/users/profile" else "1MB"
    assert error["message"] == f"Data size limit is {limit}"
    assert took < 3  # the body is never sent: waiting for it would take the read timeout


def test_an_upload_that_keeps_coming_is_read_past_the_first_ten_seconds(bff):
    """An avatar on a slow link: 13 s at 40 KiB/s, above the 16 KiB/s the worker asks for, is
    read whole (the application answers it: no member signed in)."""
    piece = b"-" * 20 * 1024
    pieces = 26
    head = (
        b"POST /users/profile HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\n"
        b"Content-Length: %d\r\n\r\n" % (len(piece) * pieces)
    )
    with socket.create_connection(("127.0.0.1", bff.port), timeout=20) as connection:
        connection.sendall(head)
        for _ in range(pieces):
            time.sleep(0.5)
            connection.sendall(piece)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    assert received.startswith(b"HTTP/1.1 401 "), received[:300]
