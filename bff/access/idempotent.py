"""The Idempotency-Key decorator for routes that create something, keyed by who is asking.

A member's keys are theirs whatever token they send (a token refreshed between a request and its
retry keeps the key); a guest's (a registration, a newsletter sign-up) are their address's.
Add ``@idempotent`` under a route's access check and above its ``response``
(bff/platform/idempotency.py; docs/api.md, Idempotency-Key)."""

from __future__ import annotations

from flask import request

from ..platform import idempotency
from .clock import clock
from .viewer import current_viewer


def caller() -> str:
    viewer = current_viewer()
    if viewer.user_id is not None:
        return f"member:{viewer.user_id}"
    return f"address:{request.remote_addr or 'unknown'}"


idempotent = idempotency.idempotent(caller, lambda: clock().timestamp())
