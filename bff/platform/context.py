"""How a module below the top reads the application's services (docs/architecture.md).

create_app builds every service once into one object, bff.app_context.AppContext, which names
the domains' types and so stands above them. A module that reads services per request but
stands below it (the platform's routes, the access layer, a domain's routes) says what it reads
in a Protocol of its own and reads it through a ``ContextView`` of that Protocol.
``AppContext.install`` hands the one object to each view, which is where the type checker holds
it against what the module reads: no import points up, and a test that swaps a service on the
context swaps it for every view. A Protocol names each service as an attribute; one typed as a
callable, or narrowed to the part the module reads, is a read-only property instead (what the
type checker needs to accept the context's field for it).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from flask import Flask, current_app

T = TypeVar("T")


class ContextView(Generic[T]):
    """What one module reads of the application context, typed by that module (``T``)."""

    def __init__(self, name: str) -> None:
        # Kept where Flask keeps what an extension adds to an application, under the reading
        # module's name (its __name__): one key per view.
        self._key = name

    def install(self, app: Flask, services: T) -> None:
        app.extensions[self._key] = services

    def __call__(self, app: Flask | None = None) -> T:
        """What the module reads, of ``app`` or by default of the current application."""
        found: T = (app or current_app).extensions[self._key]
        return found
