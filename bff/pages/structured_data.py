"""schema.org structured data (JSON-LD) of the site's pages."""

from __future__ import annotations

from typing import Any

from .head import SITE_NAME, Image

JsonLd = dict[str, Any]
CONTEXT = "https://schema.org"


def organization(base: str) -> JsonLd:
    return {
        "@context": CONTEXT,
        "@type": "Organization",
        "name": SITE_NAME,
        "url": base + "/",
        "logo": base + "/icon-512.png",
    }


def website(base: str) -> JsonLd:
    return {"@context": CONTEXT, "@type": "WebSite", "name": SITE_NAME, "url": base + "/"}


def breadcrumbs(trail: list[tuple[str, str]]) -> JsonLd:
    """``trail``: (name, absolute address) from the home page to the page itself."""
    return {
        "@context": CONTEXT,
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": number, "name": name, "item": url}
            for number, (name, url) in enumerate(trail, start=1)
        ],
    }


def article(
    url: str,
    headline: str,
    description: str,
    image: Image | None,
    published: str | None,
    modified: str | None,
    author: str | None,
    base: str,
) -> JsonLd:
    data: JsonLd = {
        "@context": CONTEXT,
        "@type": "Article",
        "headline": headline,
        "description": description,
        "mainEntityOfPage": url,
        "publisher": {"@type": "Organization", "name": SITE_NAME, "url": base + "/"},
    }
    if image:
        data["image"] = [image.url]
    if published:
        data["datePublished"] = published
    if modified:
        data["dateModified"] = modified
    if author:
        data["author"] = {"@type": "Person", "name": author}
    return data


def video(
    url: str,
    name: str,
    description: str,
    image: Image | None,
    uploaded: str | None,
    seconds: int | None,
) -> JsonLd:
    """A video's card (never its player or its host's id: those are for viewers who may play)."""
    data: JsonLd = {
        "@context": CONTEXT,
        "@type": "VideoObject",
        "name": name,
        "description": description,
        "url": url,
    }
    if image:
        data["thumbnailUrl"] = [image.url]
    if uploaded:
        data["uploadDate"] = uploaded
    if seconds:
        data["duration"] = iso_duration(seconds)
    return data


def course(
    url: str, name: str, description: str, image: Image | None, free: bool, base: str
) -> JsonLd:
    data: JsonLd = {
        "@context": CONTEXT,
        "@type": "Course",
        "name": name,
        "description": description,
        "url": url,
        "isAccessibleForFree": free,
        "provider": {"@type": "Organization", "name": SITE_NAME, "url": base + "/"},
    }
    if image:
        data["image"] = image.url
    return data


def iso_duration(seconds: int) -> str:
    """2180 -> 'PT36M20S'."""
    hours, rest = divmod(max(int(seconds), 0), 3600)
    minutes, secs = divmod(rest, 60)
    parts = [
        f"{value}{unit}" for value, unit in ((hours, "H"), (minutes, "M"), (secs, "S")) if value
    ]
    return "PT" + ("".join(parts) or "0S")
