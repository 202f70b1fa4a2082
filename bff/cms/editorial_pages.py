"""Pages editors write whole: single types, the list pages' headings, the legal pages."""

from __future__ import annotations

from typing import Any

from ..platform.errors import ApiError
from .catalogue import Catalogue
from .listings import PROGRAMS
from .populate import LIST_PAGE
from .query import Filter, Query

LIST_PAGE_TEXTS = ("lessons_title", "articles_title", "programs_title", "programs_intro")
BOOKKEEPING = {"documentId", "createdAt", "updatedAt", "publishedAt"}


def single_page(catalogue: Catalogue, rest_path: str, populate: dict) -> dict:
    """A single type as it is, media normalised."""
    entry = catalogue.single_entry(rest_path, populate)
    if entry is None:
        raise ApiError(404, "not_found", "This page has no content yet.")
    return _content(catalogue, entry)


def list_page(catalogue: Catalogue) -> dict:
    """The list pages' headings, the number of published programs written into the programs
    heading where editors put ``{count}``."""
    page = catalogue.single_entry("list-page", LIST_PAGE)
    if page is None:
        raise ApiError(404, "not_found", "This page has no content yet.")
    programs = catalogue.count(PROGRAMS, {})
    texts = {key: page.get(key) for key in LIST_PAGE_TEXTS}
    if texts["programs_title"]:
        texts["programs_title"] = texts["programs_title"].replace("{count}", str(programs))
    return texts


def legal_page(catalogue: Catalogue, slug: str) -> dict:
    query = Query("legal-pages", limit=1, filters=(Filter("slug", (slug,)),))
    found = catalogue.fetch_raw(query)["data"]
    if not found:
        raise ApiError(404, "not_found", "We couldn't find that page.")
    page = found[0]
    return {key: page.get(key) for key in ("id", "slug", "title", "body")}


def _content(catalogue: Catalogue, value: Any, top: bool = True) -> Any:
    """A single type's fields as editors wrote them, without the CMS's bookkeeping."""
    if isinstance(value, list):
        return [_content(catalogue, v, top=False) for v in value]
    if not isinstance(value, dict):
        return value
    if "formats" in value and "url" in value:
        return catalogue.normalize.image(value)
    bookkeeping = BOOKKEEPING if top else BOOKKEEPING | {"id"}
    return {
        key: _content(catalogue, v, top=False) for key, v in value.items() if key not in bookkeeping
    }
