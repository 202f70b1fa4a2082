"""The site's pages as a link or a search engine sees them: heads, sitemap, robots.txt."""

from __future__ import annotations

from .filler import fill_page

__all__ = ["fill_page"]
