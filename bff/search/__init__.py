"""Site search (/cms/search): an index in the BFF's database, kept current by the CMS webhook."""

from __future__ import annotations

from flask import Flask

from ..cms.catalogue import Catalogue
from ..platform.extensions import db
from .current import content_changed
from .index import make_index
from .service import Search

__all__ = ["content_changed", "make_search"]


def make_search(app: Flask, catalogue: Catalogue) -> Search:
    """The search of an application, on the index its database has (SQLite or PostgreSQL)."""
    with app.app_context():
        dialect = db.engine.dialect.name
    return Search(make_index(dialect), catalogue)
