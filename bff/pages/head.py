"""A page's head: what a shared link's card and a search engine read, as HTML tags.

Every value is HTML-escaped; structured data (JSON-LD) is written so that nothing in it can
close its ``<script>`` element.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import Any

SITE_NAME = "Chess learning"


@dataclass(frozen=True)
class Image:
    url: str  # absolute
    width: int | None = None
    height: int | None = None
    alt: str | None = None
    # A picture of the page itself, for a large card (not the site's icon).
    large: bool = True


@dataclass(frozen=True)
class Head:
    title: str
    description: str
    # The page's absolute address; None for a page that is not one (not found).
    canonical: str | None
    image: Image | None = None
    og_type: str = "website"
    indexable: bool = True
    structured: list[dict[str, Any]] = field(default_factory=list)
    extra_properties: tuple[tuple[str, str], ...] = ()


def head_html(head: Head) -> str:
    tags = [
        f"<title>{escape(head.title)}</title>",
        _meta("name", "description", head.description),
    ]
    if head.canonical:
        tags.append(f'<link rel="canonical" href="{escape(head.canonical)}">')
    if not head.indexable:
        tags.append(_meta("name", "robots", "noindex"))
    og = [
        ("og:site_name", SITE_NAME),
        ("og:type", head.og_type),
        ("og:title", head.title),
        ("og:description", head.description),
    ]
    if head.canonical:
        og.append(("og:url", head.canonical))
    twitter = [
        ("twitter:card", "summary_large_image" if head.image and head.image.large else "summary"),
        ("twitter:title", head.title),
        ("twitter:description", head.description),
    ]
    if head.image:
        og.append(("og:image", head.image.url))
        if head.image.width and head.image.height:
            og += [
                ("og:image:width", str(head.image.width)),
                ("og:image:height", str(head.image.height)),
            ]
        twitter.append(("twitter:image", head.image.url))
        if head.image.alt:
            og.append(("og:image:alt", head.image.alt))
            twitter.append(("twitter:image:alt", head.image.alt))
    tags += [_meta("property", name, value) for name, value in og + list(head.extra_properties)]
    tags += [_meta("name", name, value) for name, value in twitter]
    tags += [
        f'<script type="application/ld+json">{json_ld(item)}</script>' for item in head.structured
    ]
    return "".join(tags)


def json_ld(item: dict[str, Any]) -> str:
    """JSON that may stand inside a <script> element: no '<', '>' or '&' in it can end the
    element or open a comment, and the line separators JavaScript refuses are escaped."""
    text = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return text


def _meta(attribute: str, name: str, content: str) -> str:
    return f'<meta {attribute}="{escape(name)}" content="{escape(content)}">'
