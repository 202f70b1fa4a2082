"""A module below the application context reads it through a view: each application's own, and
a service swapped on the context is swapped for every view."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Flask

from bff.access.clock import clock
from bff.app_context import app_context
from bff.platform.context import ContextView


def test_a_view_reads_what_its_own_application_was_handed():
    view = ContextView[str]("tests.view")
    first, second = Flask("first"), Flask("second")
    view.install(first, "first's")
    view.install(second, "second's")
    assert view(first) == "first's"
    with second.app_context():
        assert view() == "second's"


def test_a_service_swapped_on_the_context_is_what_the_views_read(app):
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    app_context(app).clock = lambda: moment
    with app.app_context():
        assert clock() == moment
