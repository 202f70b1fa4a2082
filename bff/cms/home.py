"""The home page: its hub's texts and images, and each section filled with its newest items."""

from __future__ import annotations

from collections.abc import Callable

from ..access.rights import Rights
from ..platform.errors import ApiError
from .catalogue import Catalogue
from .listings import LISTINGS, VIDEO_CATEGORIES
from .populate import HOME
from .query import ListArgs


def home_page(
    catalogue: Catalogue, rights: Rights, most_viewed: Callable[[int], list[dict]]
) -> dict:
    hub = catalogue.single_entry("home-hub", HOME)
    if hub is None:
        raise ApiError(404, "not_found", "The home page has no content yet.")
    sections = []
    for section in hub.get("sections") or []:
        target, limit = section.get("target_type"), section.get("limit") or 8
        entry = {
            "title": section.get("title"),
            "target_type": target,
            "link_label": section.get("link_label"),
            "link_url": section.get("link_url"),
            "items": _items(catalogue, target, limit, rights),
        }
        if target == "news":
            entry["byRanking"] = {"data": most_viewed(3)}
        sections.append(entry)
    image = catalogue.normalize.image
    return {
        "hero_title": hub.get("hero_title"),
        "hero_text": hub.get("hero_text"),
        "hero_image": image(hub.get("hero_image")),
        "slideshow": [image(m) for m in hub.get("slideshow") or []],
        "slideshow_label": hub.get("slideshow_label"),
        "watch_title": hub.get("watch_title"),
        "app_title": hub.get("app_title"),
        "app_text": hub.get("app_text"),
        "app_store_url": hub.get("app_store_url"),
        "play_store_url": hub.get("play_store_url"),
        "sections": sections,
    }


def _items(catalogue: Catalogue, target: str, limit: int, rights: Rights) -> list[dict]:
    newest = ListArgs(start=0, limit=limit, sort=None, filters={})
    if target in LISTINGS:
        return catalogue.list_of(LISTINGS[target], newest, rights, ("createdAt", "desc"))
    if target in VIDEO_CATEGORIES:
        return catalogue.videos_in(target, limit, rights)
    if target == "news":
        return catalogue.list_articles(0, limit)
    if target == "masterclass_episodes":
        return catalogue.masterclass_episodes(limit, rights)
    return []
