"""A real Strapi 5 for the editors' tests (scripts/with-strapi): its settings, its REST API, and
where it delivers its webhook, handed on to the BFF as it came."""

from __future__ import annotations

import json
import os
import queue
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")
BFF_TOKEN = os.environ.get("TEST_STRAPI_TOKEN", "")
EDITOR_TOKEN = os.environ.get("TEST_STRAPI_EDITOR_TOKEN", "")
WEBHOOK_PORT = int(os.environ.get("TEST_STRAPI_WEBHOOK_PORT") or 0)
SECRET = os.environ.get("TEST_STRAPI_WEBHOOK_SECRET", "")

NEEDS_STRAPI = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)


def strapi(method: str, path: str, token: str = "", **kwargs) -> requests.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.request(method, f"{STRAPI_URL}{path}", headers=headers, timeout=30, **kwargs)


class Deliveries(ThreadingHTTPServer):
    """Where Strapi delivers its webhook during a test: each POST, its headers and body."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", WEBHOOK_PORT), _Delivery)
        self.received: queue.Queue = queue.Queue()

    def next_about(self, event: str, matches: Callable[[dict], bool]) -> tuple[dict, dict]:
        """The next delivery of ``event`` whose body ``matches``; others are passed over."""
        while True:
            headers, body = self.received.get(timeout=15)
            if body.get("event") == event and matches(body):
                return headers, body


class _Delivery(BaseHTTPRequestHandler):
    server: Deliveries

    def do_POST(self):  # noqa: N802 - the name http.server calls
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.received.put((dict(self.headers), body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def handed_on(client, delivery: tuple[dict, dict]) -> None:
    """Strapi's delivery, given to the BFF with its own Authorization header and body."""
    headers, body = delivery
    answer = client.post(
        "/cms/webhooks/strapi", json=body, headers={"Authorization": headers["Authorization"]}
    )
    assert answer.status_code == 202, answer.get_json()


def about(model: str, entry_id: int) -> Callable[[dict], bool]:
    """Is a delivery about the entry the site knows as ``entry_id``?"""
    return lambda body: body.get("model") == model and body["entry"].get("public_id") == entry_id
