"""The site's pages as a link or a search engine sees them: heads, sitemap, robots.txt."""

from __future__ import annotations

from flask import Flask

from . import routes
from .filler import fill_page

__all__ = ["fill_page", "init_app"]


def init_app(app: Flask) -> None:
    app.register_blueprint(routes.blp)
