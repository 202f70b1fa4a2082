"""gunicorn's settings for the site (Procfile, `make run`; README: Deploying).

gunicorn reads this file by itself when started from the repository's root; the Procfile and
`make run` also name it. It does not import the application: the master stays free of it, so a
reload (HUP) loads the new code.
"""

from __future__ import annotations

import json
import os

from gunicorn import util
from gunicorn.workers import gthread
from gunicorn.workers.gthread import ThreadWorker


class JsonErrorsWorker(ThreadWorker):
    """gunicorn's threaded worker, whose own answers are the error envelope like every other answer
    of the site (README: API) instead of an HTML page: a request line longer than
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


def envelope_answer(status: int, reason: str) -> bytes:
    """A whole HTTP answer: the status and the error envelope of its catalogue code."""
    from bff.platform.errors import ApiError, code_for_status  # loaded already by the worker's application

    body = json.dumps(ApiError(status, code_for_status(status)).to_body()).encode()
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


worker_class = JsonErrorsWorker
# Threads per worker. Browsers open connections ahead of their requests and keep them idle; a
# sync worker reading one is lost to every other visitor until the browser gives it up (seconds).
# The threaded worker keeps idle connections in its poller and serves from a pool instead.
threads = 8
# How long a thread waits for a new connection's first request before it hands the connection
# back to the poller, which serves it once the request arrives (gunicorn 27's default: 5 s, long
# enough for one browser's idle connections to hold every thread of a worker).
gthread.DEFAULT_WORKER_DATA_TIMEOUT = 0.25


def on_starting(server) -> None:
    # The application refuses several workers without Redis in production (README: Settings):
    # tell it how many this instance runs, however they were asked for (--workers or
    # WEB_CONCURRENCY). Workers are forked after this, so each reads the number.
    os.environ["WEB_CONCURRENCY"] = str(server.cfg.workers)
