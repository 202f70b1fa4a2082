"""Work done once the answer has gone out, so that no answer is slower for some callers.

Mailing a reset link only when the address has an account must not make that answer slower
than the others.

The WSGI server closes the answer after sending it (gunicorn does as soon as the last byte is
written); the work runs then, in the same worker, in an application context of its own. Its
failure is logged: the caller already has their answer."""

from __future__ import annotations

import logging
from collections.abc import Callable

from flask import after_this_request, current_app

log = logging.getLogger(__name__)


def after_the_answer(work: Callable[[], None], what: str) -> None:
    """Run ``work`` once the current request's answer has been sent (``what`` names it in the
    log if it fails). Call it last in a view: an answer that fails later still runs it."""
    app = current_app._get_current_object()

    def run() -> None:
        with app.app_context():
            try:
                work()
            except Exception:
                log.exception("Could not %s after the answer", what)

    @after_this_request
    def _when_sent(response):
        response.call_on_close(run)
        return response
