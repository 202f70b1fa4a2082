"""The lists' first screens (/lessons, /programs, /articles): their heading in the editors' words,
their controls and their first cards, as the client's list page draws them for a guest with the
default filters and sort (the first page of the list, in its order, locked as for a guest).

The cards come from the same cached answers the client's first request reads (the same query,
the same page size), so the pictures the app draws are the ones already on the screen. When the
cards cannot be read (the CMS away and nothing cached), skeleton cards of the final size stand in
their place, and the page is not kept (content_cache.Basis).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..access.rights import GUEST
from ..cms.catalogue import Catalogue
from ..cms.editorial_pages import list_page
from ..cms.listings import LESSONS, PROGRAMS, Listing
from ..cms.query import ListArgs
from ..cms.upstream import UpstreamUnavailable
from ..platform.errors import ApiError
from .cards import article_card, card_grid, lesson_card, program_card
from .markup import control, skeleton_cards

# The client's list headings when editors wrote none (ListHeading's fallbacks).
LIST_HEADINGS = {
    "/lessons": ("lessons_title", "Lessons"),
    "/articles": ("articles_title", "Last articles"),
    "/programs": ("programs_title", "Improve your chess skills with more than 40 programs"),
}
PROGRAMS_INTRO = "Step-by-step training plans by master players, from the opening to the endgame."
# Skeleton cards a list shows while it loads (FilteredList's firstSkeletons, the articles' 4).
SKELETONS = {"/lessons": 6, "/programs": 4, "/articles": 4}
# The client's first page of each list (PAGE_SIZE, client/src/lib/constants.ts): read as the
# client asks for it, so that both read one cached answer.
PAGE_SIZE = {"/lessons": 24, "/programs": 8, "/articles": 8}
# The cards the client's list renders with the page, before the rest a few a task
# (FIRST_CARDS, client/src/components/list-cards.ts).
FIRST_CARDS = 4
# The default sort of the lessons and programs (client/src/components/list-query.ts).
DEFAULT_SORT = ("title", "asc")

Card = Callable[[dict[str, Any], int], str]


class ListScreens:
    """The first screens of one catalogue's lists."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def screen(self, path: str, cards: bool = True) -> tuple[str, str]:
        """The list's heading and its main's markup: with its first cards, or (``cards`` False:
        an address with filters, a sort or pages, which the client reads) their places."""
        field, fallback = LIST_HEADINGS[path]
        texts = self._texts()
        heading = texts.get(field) or fallback
        title = f'<h1 class="page__title">{escape(heading)}</h1>'
        if path == "/programs":
            intro = texts.get("programs_intro") or PROGRAMS_INTRO
            top = (
                f'<header class="programs__intro">{title}<p>{escape(intro)}</p>'
                '<button type="button" class="button">Subscribe</button></header>'
            )
        elif path == "/lessons":
            top = title + '<p class="page__count">\u00a0</p>'
        else:
            top = title
        controls = (
            '<div class="list-controls">'
            + control("filter", "Filter")
            + control("sort", "Sort")
            + "</div>"
            if path != "/articles"
            else ""
        )
        shown = self._cards(path) if cards else skeleton_cards("grid", SKELETONS[path])
        return heading, f'<div class="page">{top}{controls}{shown}</div>'

    def first_cards(self, path: str) -> list[dict[str, Any]]:
        """The first cards of the list as the client's first request answers a guest."""
        size = PAGE_SIZE[path]
        if path == "/articles":
            return self.catalogue.list_articles(0, size)[:FIRST_CARDS]
        listing: Listing = LESSONS if path == "/lessons" else PROGRAMS
        args = ListArgs(start=0, limit=size, sort=DEFAULT_SORT, filters={})
        return self.catalogue.list_of(listing, args, GUEST)[:FIRST_CARDS]

    def _cards(self, path: str) -> str:
        try:
            items = self.first_cards(path)
        except (UpstreamUnavailable, ApiError):
            items = []  # the CMS away: the cards' places, as the client shows them loading
        if not items:
            return skeleton_cards("grid", SKELETONS[path])
        card: Card = {"/lessons": lesson_card, "/programs": program_card}.get(path, article_card)
        return card_grid([card(item, index) for index, item in enumerate(items)])

    def _texts(self) -> dict[str, Any]:
        try:
            return list_page(self.catalogue)
        except ApiError as error:
            if error.status != 404:
                raise
            return {}  # no words from the editors yet: the client's own
