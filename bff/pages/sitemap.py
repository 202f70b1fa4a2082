"""The sitemap: every public page, with when its content last changed.

Past ``per_file`` addresses (50,000 by the protocol) /sitemap.xml is an index of numbered parts,
/sitemap-1.xml and on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ..cms.catalogue import Catalogue
from . import static_heads

NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9"
URLS_PER_FILE = 50_000

# Each content type with a page of its own, and the page's path.
CONTENT_PAGES = (
    ("articles", "/articles/{}"),
    ("lessons", "/lessons/{}"),
    ("programs", "/program/{}"),
    ("program-chapters", "/program-chapter/{}"),
    ("videos", "/videos/{}"),
    ("masterclass-episodes", "/masterclass/chapter/{}"),
)


@dataclass(frozen=True)
class Location:
    path: str
    lastmod: str | None = None


def locations(catalogue: Catalogue, static_paths: Iterable[str]) -> list[Location]:
    """The domains' pages without content of their own (``static_paths``: their
    ``sitemap_paths``), the legal pages, then every content page."""
    found = [Location(path) for path in static_paths]
    found += [Location(f"/legal/{slug}") for slug in static_heads.LEGAL_PAGES]
    for collection, pattern in CONTENT_PAGES:
        found += [
            Location(pattern.format(entry["id"]), entry.get("updatedAt"))
            for entry in catalogue.every(collection)
        ]
    return found


def part_count(total: int, per_file: int) -> int:
    """How many parts an index lists (0: no index, one sitemap holds everything)."""
    return 0 if total <= per_file else -(-total // per_file)


def urlset(base: str, found: list[Location]) -> str:
    entries = []
    for location in found:
        lastmod = f"<lastmod>{escape(location.lastmod)}</lastmod>" if location.lastmod else ""
        entries.append(f"<url><loc>{escape(base + location.path)}</loc>{lastmod}</url>")
    return _document("urlset", entries)


def index(base: str, parts: int) -> str:
    return _document(
        "sitemapindex",
        [f"<sitemap><loc>{escape(part_url(base, n))}</loc></sitemap>" for n in range(1, parts + 1)],
    )


def part_url(base: str, number: int) -> str:
    return f"{base}/sitemap-{number}.xml"


def _document(root: str, entries: list[str]) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<{root} xmlns="{NAMESPACE}">' + "".join(entries) + f"</{root}>\n"
    )
