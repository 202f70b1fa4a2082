"""A stand-in for Strapi on loopback: a real HTTP server whose speed and content a test sets.

Every GET answers a page of one lesson in Strapi 5's REST shape, titled ``title``: fast, after
``delay`` seconds ("slow"), or a byte at a time ("trickle"). A test edits the title to play an
editor's change, and reads ``arrived`` to know a request is being held.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def lesson_page(title: str) -> bytes:
    lesson = {
        "id": 1,
        "documentId": "d1",
        "title": title,
        "description_short": "Short",
        "duration": 600,
        "subscription_level": "free",
        "createdAt": "2024-01-01T00:00:00.000Z",
        "thumbnail": None,
        "difficulty_level": None,
        "teacher": {"id": 3, "documentId": "t3", "name": "Ana"},
        "lesson_category": None,
    }
    page = {"data": [lesson], "meta": {"pagination": {"start": 0, "limit": 24, "total": 1}}}
    return json.dumps(page).encode()


class FakeStrapi(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.mode = "fast"
        self.delay = 0.0
        self.title = "Endgames"
        self.calls = 0
        self.arrived = threading.Event()
        self.released = threading.Event()
        self.client_ports: list[int] = []

    def handle_error(self, request, client_address):
        """A client that gave up waiting (the BFF's timeout) is the point of a slow mode."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: FakeStrapi

    def do_GET(self):  # noqa: N802 - the name http.server calls
        strapi = self.server
        strapi.calls += 1
        strapi.client_ports.append(self.client_address[1])
        body = lesson_page(strapi.title)
        strapi.arrived.set()
        if strapi.mode == "slow":
            strapi.released.wait(strapi.delay)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if strapi.mode == "trickle":
            for byte in body:
                if strapi.released.wait(0.1):
                    return
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
            return
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@contextmanager
def running_strapi() -> Iterator[FakeStrapi]:
    server = FakeStrapi()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.released.set()
        server.shutdown()
        server.server_close()
