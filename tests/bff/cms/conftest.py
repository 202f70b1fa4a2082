"""Gateway fixtures: members of each tier with a bearer token, a clock a test moves, and a real
Strapi: the BFF on it, and its webhook's deliveries."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from ..builders import Clock, make_member
from .strapi_support import BFF_TOKEN, SECRET, STRAPI_URL, Deliveries


@pytest.fixture
def member(app, member_in):
    """member("pro") -> Authorization headers of a new member of that tier."""
    return lambda tier="free": member_in(app, tier)


@pytest.fixture
def member_in():
    """member_in(app, "pro") -> Authorization headers of a new member of that app."""
    return lambda app, tier="free": make_member(app, tier)[1]


@pytest.fixture
def clock() -> Clock:
    """The content cache's clock, in seconds."""
    return Clock(1000.0)


@pytest.fixture
def deliveries() -> Iterator[Deliveries]:
    """Where a real Strapi delivers its webhook during a test (test_strapi_*.py)."""
    server = Deliveries()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def strapi_app(make_app):
    """strapi_app(**settings) -> the BFF on the real Strapi of scripts/with-strapi."""
    return lambda **settings: make_app(
        CMS_URL=STRAPI_URL, CMS_TOKEN=BFF_TOKEN, CMS_WEBHOOK_SECRET=SECRET, **settings
    )
