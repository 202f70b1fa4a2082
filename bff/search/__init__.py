"""Site search (/cms/search): an index of the content in the BFF's database, kept current by
the CMS's webhook, answered with the gateway's locks."""

from __future__ import annotations

from flask import Flask

from ..cms.catalogue import Catalogue
from ..platform.extensions import db
from ..platform.openapi import Api
from .index import make_index
from .service import Search


def make_search(app: Flask, catalogue: Catalogue) -> Search:
    """The search of an application, on the index its database has (SQLite or PostgreSQL)."""
    with app.app_context():
        dialect = db.engine.dialect.name
    return Search(make_index(dialect), catalogue)


def init_app(api: Api) -> None:
    from . import routes

    api.register_blueprint(routes.blp)


def content_changed(tags: set[str]) -> None:
    """What the CMS webhook hands on once it has purged ``tags``: the index follows."""
    from ..app_context import app_context

    app_context().search.content_changed(db.session(), tags)
