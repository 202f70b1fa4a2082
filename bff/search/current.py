"""The application's search as a request reads it, and the index following the CMS webhook."""

from __future__ import annotations

from typing import Protocol

from ..platform.context import ContextView
from ..platform.extensions import db
from .service import Search


class SearchServices(Protocol):
    """What searching reads of the application context."""

    search: Search


context = ContextView[SearchServices](__name__)


def content_changed(tags: set[str]) -> None:
    """What the CMS webhook hands on once it has purged ``tags``: the index follows."""
    context().search.content_changed(db.session(), tags)
