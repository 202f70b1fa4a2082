"""The pages of the site as a link or a search engine sees them: each client route's head (title,
description, canonical address, Open Graph and Twitter cards, structured data) filled into
index.html from the cached content, the sitemap and robots.txt (docs/pages.md
search engines)."""

from __future__ import annotations

from flask import Flask

from . import routes
from .filler import fill_page

__all__ = ["fill_page", "init_app"]


def init_app(app: Flask) -> None:
    app.register_blueprint(routes.blp)
