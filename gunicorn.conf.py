"""gunicorn's settings for the site (Procfile, `make run`; docs/deploying.md).

gunicorn reads this file by itself when started from the repository's root; the Procfile and
`make run` also name it. It does not import the application: the master stays free of it, so a
reload (HUP) loads the new code (this file's worker included).

The worker (`RequestReadingWorker`) is gunicorn's threaded worker that reads each request whole,
headers and body, in its event loop before a thread serves it, with a deadline: a client that
sends its request slowly, or stops halfway, holds a socket and a few kilobytes, never a thread.
The deadlines grow with what a client sends, never with what it declares: the head is in within
`REQUEST_READ_SECONDS` (10 s) of its first byte; the body starts within as long of the head's
end and keeps coming at `MIN_BODY_BYTES_PER_SECOND` (16 KiB/s) on average, each byte received
moving its deadline on (a transfer rate, as nginx's and Envoy's timeouts between reads). Past
either, the worker answers 408 `request_timeout` and closes the connection. A connection that
sends nothing is closed after gunicorn's `keepalive` (2 s).

What a client may hold is bounded too: a body larger than its route takes is refused at the
head, before a byte of it is read (413: only the avatar upload takes megabytes,
`LARGE_BODY_PATHS`); a worker keeps at most `CONNECTIONS_PER_ADDRESS` (256) connections of one
client address, answering the next 503 and closing it at once; and a worker whose connections
are all taken makes room by closing the one idle longest, or else the one read longest, instead
of leaving new connections (a health check's) unaccepted.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import errno
import json
import logging
import math
import os
import resource
import selectors
import shutil
import socket
import tempfile
import time
from collections.abc import Callable

from gunicorn import util
from gunicorn.glogging import Logger
from gunicorn.http.message import Request
from gunicorn.http.unreader import Unreader
from gunicorn.http2 import negotiation
from gunicorn.workers import gthread
from gunicorn.workers.gthread import TConn, ThreadWorker


class JsonErrorsWorker(ThreadWorker):
    """gunicorn's threaded worker, whose own answers are the error envelope like every other answer
    of the site (docs/api.md) instead of an HTML page: a request line longer than
    `limit_request_line` (414), a header over `limit_request_field_size` or too many of them
    (431), a request it cannot parse (400), an application that failed before answering (500).

    gunicorn still decides the status and logs the refusal; only the page it writes changes."""

    def handle_error(self, req, client, addr, exc):
        page = WrittenPage()
        super().handle_error(req, page, addr, exc)
        try:
            util.write_nonblock(client, envelope_answer(*page.status()))
        except Exception:
            self.log.debug("Failed to send error message.")


class WrittenPage:
    """Stands for the client's socket while gunicorn writes its error page, to read its status."""

    def __init__(self) -> None:
        self.written = b""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, flag: int) -> None:
        pass

    def sendall(self, data: bytes) -> None:
        self.written += data

    def status(self) -> tuple[int, str]:
        status_line = self.written.split(b"\r\n", 1)[0].decode("latin-1")
        _version, status, reason = (status_line.split(" ", 2) + ["", ""])[:3]
        return (int(status), reason) if status.isdigit() else (500, "Internal Server Error")


def envelope_answer(status: int, reason: str, message: str | None = None) -> bytes:
    """A whole HTTP answer: the status and the error envelope of its catalogue code (with
    ``message`` instead of the catalogue's, when given)."""
    # Loaded already by the worker's application.
    from bff.platform.errors import ApiError, code_for_status

    body = json.dumps(ApiError(status, code_for_status(status), message).to_body()).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "\r\n"
    )
    return head.encode("latin-1") + body


# How long a request's head may take to arrive from its first byte, and its body to start from
# the head's end (module docstring, docs/deploying.md).
REQUEST_READ_SECONDS = 10.0
# The slowest upload allowed for (128 kbit/s): each 16 KiB received moves the deadline a second.
MIN_BODY_BYTES_PER_SECOND = 16 * 1024
# The routes that take a body of megabytes (the avatar upload, 10 MB and its multipart framing):
# up to the application's own limit, MAX_CONTENT_LENGTH. Every other route's body is JSON of a
# few kilobytes (a CMS or Stripe webhook's the largest), refused past SMALL_BODY_BYTES.
LARGE_BODY_PATHS = frozenset({"/users/profile"})
SMALL_BODY_BYTES = 1024 * 1024
# Connections of one client address a worker keeps (room for many people behind one NAT); more
# are answered 503 and closed at once. Behind a load balancer or proxy (PROXY_HOPS), whose
# addresses speak for every client, there is no cap unless CONNECTIONS_PER_ADDRESS sets one.
CONNECTIONS_PER_ADDRESS = 256
# A request's bytes are kept in memory up to this size, and in a temporary file beyond it.
BODY_IN_MEMORY_BYTES = 16 * 1024
# The most read from one connection at a time, so that no client holds the loop up.
RECV_BYTES = 64 * 1024
# The most connections accepted at one turn of the loop.
ACCEPTED_AT_ONCE = 64


class RequestReadTimeout(Exception):
    """A request that did not arrive whole within its deadline."""


class RequestReadingWorker(JsonErrorsWorker):
    """gunicorn's threaded worker, whose event loop reads each request whole before a thread
    serves it (module docstring).

    gthread hands a connection to a thread as soon as it is readable, and the thread reads the
    request with blocking calls: a client that sends its headers and part of a body, then waits,
    holds that thread for as long as it likes (a few dozen such clients held every thread of an
    instance). Here the loop reads without blocking: the head until its blank line, then as much
    body as it declares (`Content-Length`, or chunks until the last), into a buffer that goes to
    a temporary file past `BODY_IN_MEMORY_BYTES`. Only a whole request reaches a thread, whose
    parser then reads from that buffer: what the application sees is what gunicorn would have
    made of the same bytes. The loop answers `Expect: 100-continue` itself once it waits for a
    body. A body larger than its route takes (`body_limit`) is not read: the loop answers 413.

    TLS, HTTP/2 and the uwsgi protocol are not read ahead (gunicorn serves them as gthread does):
    the site runs behind a load balancer that ends TLS and speaks HTTP/1.1 to it.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.reading: dict[object, Reading] = {}
        self.max_body: int | None = None
        # No reading is late before this (a deadline only moves later as bytes arrive): the
        # loop looks through its readings only then, not at each of its turns.
        self.first_deadline = math.inf
        self.per_address: collections.Counter[str] = collections.Counter()
        self.address_cap = connections_per_address()
        # The longest head gunicorn's own limits let through (414 and 431 past them); one that
        # has not ended by then is refused (431) without reading further.
        cfg = self.cfg
        self.max_head = (
            (cfg.limit_request_line or 8190)
            + (cfg.limit_request_fields or 32768) * ((cfg.limit_request_field_size or 8190) + 2)
            + 1024  # a PROXY protocol line, the blank line
        )

    def run(self) -> None:
        # The application is loaded by now: its own limit on bodies is the one read ahead to.
        self.max_body = getattr(self.wsgi, "config", {}).get("MAX_CONTENT_LENGTH")
        super().run()

    def body_limit(self, target: bytes) -> int | None:
        """The largest body the route of a request target takes (None: no limit)."""
        if target.startswith((b"http://", b"https://")):  # absolute form: its path
            target = b"/" + target.split(b"/", 3)[-1] if target.count(b"/") >= 3 else b"/"
        path = target.split(b"?", 1)[0].decode("latin-1")
        if path in LARGE_BODY_PATHS:
            return self.max_body
        return min(SMALL_BODY_BYTES, self.max_body or SMALL_BODY_BYTES)

    # Connections: counted by client address as they are accepted and closed.
    def accept(self, listener) -> None:
        # Several at a turn of the loop (gthread takes one): a flood's backlog is through in
        # a few turns, and a health check queued behind it with it.
        for _ in range(ACCEPTED_AT_ONCE):
            if self.nr_conns >= self.worker_connections and not self.make_room():
                return
            try:
                sock, addr = listener.accept()
            except OSError as error:
                if error.errno in (errno.EMFILE, errno.ENFILE):
                    self.make_room()  # out of descriptors: the connection waits in the backlog
                elif error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                    raise
                return
            self.accepted(sock, addr, listener.getsockname())

    def accepted(self, sock: socket.socket, addr, server) -> None:
        address = addr[0] if isinstance(addr, tuple) else ""
        if address and self.address_cap and self.per_address[address] >= self.address_cap:
            self.log.debug("Connections from %s over %d: 503", address, self.address_cap)
            with contextlib.suppress(OSError):
                sock.setblocking(False)
                sock.send(envelope_answer(503, "Service Unavailable"))
            util.close(sock)
            return
        self.nr_conns += 1
        sock.setblocking(True)
        self.per_address[address] += 1
        self.enqueue_req(CountedConn(self, address, sock, addr, server))

    def connection_closed(self, address: str) -> None:
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    def set_accept_enabled(self, enabled: bool) -> None:
        # gthread stops accepting once `worker_connections` are open; room is made instead, so
        # that connections held by a flood never keep a new one out.
        if not enabled and self.alive and self.make_room():
            return
        super().set_accept_enabled(enabled)

    def make_room(self) -> bool:
        """Close the connection kept alive longest, or else the one being read longest; False
        when every connection is being served."""
        if self.keepalived_conns:
            conn = self.keepalived_conns.popleft()
            with contextlib.suppress(OSError, KeyError, ValueError):
                self.poller.unregister(conn.sock)
            self.nr_conns -= 1
            conn.close()
            return True
        oldest = next(iter(self.reading.values()), None)
        if oldest is None:
            return False
        self.log.debug("Connections full: closing the one from %s read longest", oldest.peer)
        oldest.close()
        return True

    def reads_ahead(self, conn) -> bool:
        return (
            not self.cfg.is_ssl
            and getattr(self.cfg, "protocol", "http") == "http"
            and not conn.is_http2
            and not negotiation.prior_knowledge_allowed(self.cfg, conn.client)
        )

    # The loop's side. gthread calls enqueue_req for a new connection, for a kept-alive one that
    # became readable, and for one whose next request was read along with the last.
    def enqueue_req(self, conn) -> None:
        if getattr(conn, "input", None) is not None or not self.reads_ahead(conn):
            super().enqueue_req(conn)
            return
        now = time.monotonic()
        reading = Reading(self, conn, now)
        leftover = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        if leftover:
            reading.received(leftover, now)
        elif conn.initialized:
            # A kept-alive connection: the poller saw its next request (or its end) arrive.
            reading.first_byte_at = now
        if not reading.done():
            conn.sock.setblocking(False)
            self.reading[conn.sock] = reading
            self.first_deadline = min(self.first_deadline, reading.deadline)
            self.poller.register(conn.sock, selectors.EVENT_READ, reading.on_readable)

    def wait_for_and_dispatch_events(self, timeout) -> None:
        if self.reading:
            timeout = min(timeout, max(self.first_deadline - time.monotonic(), 0.0) + 0.01)
        super().wait_for_and_dispatch_events(timeout)

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        if self.alive and now < self.first_deadline:
            return
        ended: list[Reading] = []
        self.first_deadline = math.inf
        for reading in self.reading.values():
            deadline = reading.deadline
            if deadline <= now or not self.alive:
                ended.append(reading)
            else:
                self.first_deadline = min(self.first_deadline, deadline)
        for reading in ended:
            if reading.first_byte_at is None:
                reading.close()
            elif reading.deadline <= now:
                late = now - reading.first_byte_at
                self.log.info("Request from %s not read in %.0f s: 408", reading.peer, late)
                reading.close(answer=envelope_answer(408, "Request Timeout"))

    def finish_request(self, conn, fs) -> None:
        unreader = getattr(conn.parser, "unreader", None)
        if isinstance(unreader, BufferedUnreader):
            # What was read beyond this request (the next one, sent right behind it) goes back
            # to gunicorn's buffer, where gthread looks for it.
            unreader.release()
        super().finish_request(conn, fs)

    # A thread's side.
    def handle(self, conn):
        buffered = getattr(conn, "input", None)
        if buffered is None:
            return super().handle(conn)
        conn.input = None
        conn.data_ready = True
        conn.init()  # plain HTTP/1: makes the parser, reads nothing
        conn.parser.unreader = BufferedUnreader(buffered, conn.sock, conn.read_deadline)
        conn.parser.mesg_class = ReadAheadRequest
        return super().handle(conn)

    def _keepalive_after(self, conn, keepalive):
        try:
            return super()._keepalive_after(conn, keepalive)
        except RequestReadTimeout:
            return False

    def handle_error(self, req, client, addr, exc):
        if isinstance(exc, RequestReadTimeout):
            self.log.info("Request from %s not read in time: 408", addr)
            with contextlib.suppress(OSError):
                util.write_nonblock(client, envelope_answer(408, "Request Timeout"))
            return
        super().handle_error(req, client, addr, exc)


class Reading:
    """One request being read by the loop of a `RequestReadingWorker`."""

    def __init__(self, worker: RequestReadingWorker, conn, now: float) -> None:
        self.worker = worker
        self.conn = conn
        self.peer = conn.client
        self.opened_at = now
        self.first_byte_at: float | None = None
        self.head_read_at: float | None = None
        self.body_bytes = 0
        self.head_bytes = 0
        self.tail = b""
        self.buffer = tempfile.SpooledTemporaryFile(max_size=BODY_IN_MEMORY_BYTES)  # noqa: SIM115
        self.framing: BodyFraming | None = None

    @property
    def deadline(self) -> float:
        """When the request is late: its head 10 s after its first byte; its body 10 s after
        the head, plus a second for each MIN_BODY_BYTES_PER_SECOND received (what the client
        declares gives it no time)."""
        if self.first_byte_at is None:
            return self.opened_at + (self.worker.cfg.keepalive or REQUEST_READ_SECONDS)
        if self.head_read_at is None:
            return self.first_byte_at + REQUEST_READ_SECONDS
        body_time = self.body_bytes / MIN_BODY_BYTES_PER_SECOND
        return self.head_read_at + REQUEST_READ_SECONDS + body_time

    def on_readable(self, sock) -> None:
        try:
            data = sock.recv(RECV_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.close()  # the client went away: no one to answer
            return
        self.received(data, time.monotonic())
        self.done()

    def received(self, data: bytes, now: float) -> None:
        if self.first_byte_at is None:
            self.first_byte_at = now
        self.buffer.write(data)
        if self.framing is None:
            # The head ends at its blank line, which may straddle two reads.
            end = (self.tail + data).find(b"\r\n\r\n")
            if end < 0:
                self.head_bytes += len(data)
                self.tail = (self.tail + data)[-3:]
                if self.head_bytes > self.worker.max_head:
                    self.framing = BodyFraming.refused()
                return
            in_data = end + 4 - len(self.tail)
            self.head_bytes += in_data
            self.buffer.seek(0)
            head = self.buffer.read(self.head_bytes)
            self.buffer.seek(0, os.SEEK_END)
            self.head_read_at = now
            self.framing = BodyFraming.of(head, self.worker.body_limit)
            data = data[in_data:]
            if self.framing.expects_continue and not self.framing.complete and not data:
                with contextlib.suppress(OSError):
                    self.conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
        if data and not self.framing.complete:
            self.body_bytes += len(data)
            self.framing.feed(data)

    def done(self) -> bool:
        """Whether the request went on to a thread (or was refused)."""
        if self.framing is None or not self.framing.complete:
            return False
        if self.framing.head_too_large:
            self.close(answer=envelope_answer(431, "Request Header Fields Too Large"))
            return True
        if self.framing.body_too_large:
            # Refused at its head (or as its chunks pass the limit), the rest left unread.
            self.worker.log.info("Body from %s over its route's limit: 413", self.peer)
            self.close(answer=envelope_answer(413, "Content Too Large", self.framing.refusal()))
            return True
        self.detach()
        self.buffer.seek(0)
        self.conn.input = self.buffer
        self.conn.read_deadline = self.deadline
        self.worker.enqueue_req(self.conn)
        return True

    def detach(self) -> None:
        """Leave the loop's watch."""
        sock = self.conn.sock
        if self.worker.reading.pop(sock, None) is not None:
            with contextlib.suppress(KeyError, ValueError, OSError):
                self.worker.poller.unregister(sock)

    def close(self, answer: bytes = b"") -> None:
        worker = self.worker
        sock = self.conn.sock
        self.detach()
        if answer:
            with contextlib.suppress(OSError):
                sock.send(answer)
        self.buffer.close()
        worker.nr_conns -= 1
        self.conn.close()


class BodyFraming:
    """How long the body behind a head is, and whether it has arrived (RFC 9112 section 6).

    Only to know when to stop reading: a head this cannot make sense of goes on to gunicorn's
    parser as it is, which refuses it (400), as it refuses anything malformed in what is read."""

    def __init__(self, length: int | None = 0, chunked: bool = False) -> None:
        self.remaining = length or 0
        self.declared = length or 0
        self.chunked = chunked
        self.complete = not chunked and self.remaining == 0
        self.body_too_large = False
        self.head_too_large = False
        self.expects_continue = False
        self.chunks = ChunkScanner() if chunked else None
        self.max_body: int | None = None

    @classmethod
    def refused(cls) -> BodyFraming:
        framing = cls()
        framing.head_too_large = True
        return framing

    @classmethod
    def of(cls, head: bytes, body_limit: Callable[[bytes], int | None]) -> BodyFraming:
        """The framing of the request whose head this is; ``body_limit`` gives the largest body
        the route of a request target takes."""
        lines = head.split(b"\r\n")
        if lines[0].startswith(b"PROXY ") and len(lines) > 1:
            lines = lines[1:]  # the PROXY protocol's line, before the request's
        version = lines[0].rsplit(b" ", 1)[-1]
        target = (lines[0].split(b" ") + [b"", b""])[1]
        lengths: list[bytes] = []
        codings: list[bytes] = []
        expects_continue = False
        for line in lines[1:]:
            name, colon, value = line.partition(b":")
            if not colon:
                continue
            name, value = name.strip().lower(), value.strip()
            if name == b"content-length":
                lengths.append(value)
            elif name == b"transfer-encoding":
                codings += [c.strip().lower() for c in value.split(b",")]
            elif name == b"expect":
                expects_continue = value.lower() == b"100-continue" and version == b"HTTP/1.1"
        if codings:
            framing = cls(chunked=True) if not lengths and codings[-1] == b"chunked" else cls()
        elif len(lengths) == 1 and lengths[0].isdigit():
            framing = cls(int(lengths[0]))
        else:
            framing = cls()  # none (no body), or malformed (gunicorn refuses it)
        max_body = body_limit(target)
        if max_body is not None and framing.declared > max_body:
            framing.complete, framing.body_too_large = True, True
        framing.expects_continue = expects_continue
        framing.max_body = max_body
        return framing

    def refusal(self) -> str | None:
        """What a 413 says: the catalogue's words (the avatar's 10 MB) for the routes that take
        megabytes, the route's own limit for the others."""
        if self.max_body is None or self.max_body > SMALL_BODY_BYTES:
            return None
        megabytes, kilobytes = divmod(self.max_body, 1024 * 1024)
        size = f"{megabytes}MB" if not kilobytes else f"{self.max_body // 1024}KB"
        return f"Data size limit is {size}"

    def feed(self, data: bytes) -> None:
        if self.chunks is None:
            self.remaining -= len(data)
            self.complete = self.remaining <= 0
            return
        self.complete = self.chunks.feed(data)
        if self.max_body is not None and self.chunks.body_bytes > self.max_body:
            self.complete, self.body_too_large = True, True


class ChunkScanner:
    """Finds where a chunked body ends (RFC 9112 section 7.1), fed as it arrives. Anything it
    cannot read ends the scan: gunicorn's parser, which reads the same bytes, refuses them."""

    def __init__(self) -> None:
        self.state = "size"
        self.line = bytearray()
        self.left = 0
        self.body_bytes = 0

    def feed(self, data: bytes) -> bool:
        """Whether the body is complete (or unreadable)."""
        view = memoryview(data)
        while view:
            if self.state == "data":
                taken = min(self.left, len(view))
                self.left -= taken
                view = view[taken:]
                if self.left == 0:
                    self.state = "data-end"
                continue
            self.line += view[:1]
            view = view[1:]
            if len(self.line) > 4096:
                return True
            if not self.line.endswith(b"\r\n"):
                continue
            line, self.line = bytes(self.line[:-2]), bytearray()
            if self.state == "data-end":
                if line:
                    return True
                self.state = "size"
            elif self.state == "size":
                size = line.split(b";", 1)[0].strip()
                try:
                    self.left = int(size, 16)
                except ValueError:
                    return True
                self.body_bytes += self.left
                self.state = "data" if self.left else "trailer"
            elif not line:  # the blank line after the trailers
                return True
        return False


class CountedConn(TConn):
    """gthread's connection, counted against its client address until it is closed."""

    def __init__(self, worker: RequestReadingWorker, address: str, *args) -> None:
        super().__init__(worker.cfg, *args)
        self.worker = worker
        self.address = address
        self.counted = True

    def close(self, graceful=False):
        if self.counted:
            self.counted = False
            self.worker.connection_closed(self.address)
        super().close(graceful)


def connections_per_address() -> int:
    """The cap on one address's connections in a worker (0: none): CONNECTIONS_PER_ADDRESS, or
    none behind proxies (PROXY_HOPS), whose addresses speak for every client."""
    setting = os.environ.get("CONNECTIONS_PER_ADDRESS", "").strip()
    if setting.isdigit():
        return int(setting)
    hops = os.environ.get("PROXY_HOPS", "").strip()
    return 0 if hops.isdigit() and int(hops) > 0 else CONNECTIONS_PER_ADDRESS


class BufferedUnreader(Unreader):
    """gunicorn's parser reads a request from here: first what the loop read, then the socket,
    which only a request that was not read whole needs, by its deadline at the latest."""

    def __init__(self, buffered, sock: socket.socket, deadline: float) -> None:
        super().__init__()
        self.buffered = buffered
        self.sock = sock
        self.deadline = deadline

    def chunk(self, size_hint=None) -> bytes:
        size = min(max(size_hint or 0, 8192), 1024 * 1024)
        if self.buffered is not None:
            data = self.buffered.read(size)
            if data:
                return data
            self.buffered.close()
            self.buffered = None
        remaining = self.deadline - time.monotonic()
        timeout = self.sock.gettimeout()
        if remaining <= 0:
            raise RequestReadTimeout()
        if timeout is None or remaining < timeout:
            self.sock.settimeout(remaining)
            try:
                return self.sock.recv(size)
            except TimeoutError:
                raise RequestReadTimeout() from None
            finally:
                self.sock.settimeout(timeout)
        return self.sock.recv(size)

    def release(self) -> None:
        """Move what is left of the buffer to gunicorn's own, and let go of the buffer."""
        if self.buffered is not None:
            rest = self.buffered.read()
            self.buffered.close()
            self.buffered = None
            if rest:
                self.buf.seek(0, os.SEEK_END)
                self.buf.write(rest)


class ReadAheadRequest(Request):
    """gunicorn's request, without its answer to `Expect: 100-continue`: the worker's loop gave
    it while the body was on its way, or the body had come whole without waiting for one."""

    _policy_expect_continue = False


def json_logs() -> bool:
    return os.environ.get("LOG_FORMAT", "").strip().lower() == "json"


class JsonErrorLines(logging.Formatter):
    """gunicorn's own lines (workers booting, a worker timing out) as JSON objects, like the
    application's (bff.platform.logs.JsonLines, less the request id), for LOG_FORMAT=json.

    Its own and not the application's: importing any module of `bff` here would load the whole
    application (about 90 MB) into gunicorn's master process, which never serves a request."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class SiteLogger(Logger):
    """gunicorn's logger, whose access lines name no secret and carry the request's id.

    Links carry secrets in their query (the embedded view's `?token=<access JWT>`, mailed
    tokens, preview signatures): the request line, the query and the Referer are logged with
    those values blanked (bff.platform.logs.redact). With LOG_FORMAT=json each access line and
    each of gunicorn's own lines is a JSON object, like the application's lines."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        if json_logs():
            for handler in self.error_log.handlers:
                handler.setFormatter(JsonErrorLines())

    def atoms(self, resp, req, environ, request_time):
        # Loaded already by the worker's application (access lines are written by workers).
        from bff.platform.logs import redact, redact_query

        atoms = super().atoms(resp, req, environ, request_time)
        target = redact(environ.get("RAW_URI", ""))
        atoms["r"] = f"{environ['REQUEST_METHOD']} {target} {environ['SERVER_PROTOCOL']}"
        atoms["q"] = redact_query(atoms.get("q") or "")
        atoms["f"] = redact(atoms.get("f") or "-")
        if "{referer}i" in atoms:
            atoms["{referer}i"] = redact(atoms["{referer}i"])
        return atoms

    def access(self, resp, req, environ, request_time):
        if not json_logs():
            return super().access(resp, req, environ, request_time)
        if not self.access_log_enabled:
            return None
        atoms = self.atoms(resp, req, environ, request_time)
        line = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "level": "INFO",
            "logger": "gunicorn.access",
            "message": atoms["r"],
            "request_id": atoms.get("{x-request-id}o", "-"),
            "remote_addr": atoms["h"],
            "method": atoms["m"],
            "path": atoms["U"],
            "query": atoms["q"],
            "status": atoms["s"],
            "bytes": atoms["B"],
            "duration_ms": atoms["M"],
            "referer": atoms["f"],
            "user_agent": atoms["a"],
        }
        self.access_log.info("%s", json.dumps(line, ensure_ascii=False, default=str))
        return None


logger_class = SiteLogger
# gunicorn's combined format, and the request's id (docs/deploying.md, logs).
access_log_format = (
    '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
)
worker_class = RequestReadingWorker
# Connections a worker keeps open (gunicorn's default); when all are taken it closes the one
# idle or read longest to accept the next (RequestReadingWorker.make_room).
worker_connections = 1000
# Threads per worker. Browsers open connections ahead of their requests and keep them idle; a
# sync worker reading one is lost to every other visitor until the browser gives it up (seconds).
# The threaded worker keeps idle connections in its poller and serves from a pool instead.
threads = 8
# How long a thread waits for bytes gthread's own way: for a new connection that is not read ahead
# (TLS), and for the rest of a body the application left unread before the connection is kept
# alive (gunicorn 27's default: 5 s, long enough for a few clients to hold every thread).
gthread.DEFAULT_WORKER_DATA_TIMEOUT = 0.25
# Each instance its own control socket (`gunicornc -s PATH`), named by its master's pid (this file
# is read in the master): gunicorn's default, one path for all of a user's instances, is taken
# over by each new one, so the site's, the tests' and the benchmarks' gunicorns answered for
# each other.
control_socket = os.path.join(tempfile.gettempdir(), f"gunicorn-{os.getpid()}.ctl")


def on_starting(server) -> None:
    # The application refuses several workers without Redis in production (docs/settings.md):
    # tell it how many this instance runs, however they were asked for (--workers or
    # WEB_CONCURRENCY). Workers are forked after this, so each reads the number.
    os.environ["WEB_CONCURRENCY"] = str(server.cfg.workers)
    # Metrics (bff/platform/metrics.py): every worker writes its own into one folder, which a
    # scrape of any worker, or of METRICS_PORT, reads whole. A folder left by an earlier run is
    # emptied: its counts were of processes long gone.
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not folder:
        folder = _made_metrics_folder[0] = tempfile.mkdtemp(prefix="bff-metrics-")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.endswith(".db"):
            os.unlink(os.path.join(folder, name))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder


# The metrics folder on_starting made (removed on exit), if it made one.
_made_metrics_folder: list[str] = [""]


def on_exit(server) -> None:
    if _made_metrics_folder[0]:
        shutil.rmtree(_made_metrics_folder[0], ignore_errors=True)


def when_ready(server) -> None:
    # METRICS_PORT: /metrics for a scraper on a port of its own (bound to METRICS_HOST,
    # 127.0.0.1 unless set), served by the master, without the token. Keep it off the internet.
    port = os.environ.get("METRICS_PORT", "").strip()
    if not port:
        return
    from prometheus_client import CollectorRegistry, multiprocess, start_http_server

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    host = os.environ.get("METRICS_HOST", "127.0.0.1").strip() or "127.0.0.1"
    start_http_server(int(port), addr=host, registry=registry)
    server.log.info("Metrics on http://%s:%s/metrics", host, port)


# glibc's allocator, in each worker (bench/README.md: catalogue-scale.py). By default every
# thread that allocates gets an arena of its own (up to eight per core), each keeping what its
# thread freed, and a large block freed in the middle of a heap stays in the worker: after a
# crawl of a large catalogue a worker held 25 MB more than the same answers needed. Python holds
# the GIL while it allocates, so one arena costs the threads no waiting; blocks of 64 KiB and
# more (rendered answers, cached content) are mapped on their own and given back when freed.
M_ARENA_MAX = -8  # mallopt's parameters (malloc.h)
M_MMAP_THRESHOLD = -3
ARENAS = 1
MMAP_THRESHOLD = 64 * 1024


def post_fork(server, worker) -> None:
    # As many descriptors as the system lets a process have: a worker keeps up to
    # `worker_connections` connections (and their spooled bodies), past a soft limit of 1024.
    with contextlib.suppress(OSError, ValueError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    with contextlib.suppress(OSError, AttributeError):  # not glibc: its allocator as it is
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, ARENAS)
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def child_exit(server, worker) -> None:
    # A worker's gauges of live processes (connections in use) leave with it.
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
