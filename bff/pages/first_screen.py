"""A page's first screen as HTML: what a visitor sees before any script has run.

The site header and, for a content page, the item's title, description and picture, read from the
same cached content as the head and locked as for a guest (only the fields named here reach the
markup, never a video-host id); the lists their heading and first cards (list_screens.py).
Written with the client's own class names (its stylesheet paints it), in
``<div id="first-screen">`` before the client's ``#root``: the client draws the same page behind it
and then takes its place in one frame (client/src/app/first-screen.ts). ``data-heading`` names the
heading the client's page must show before it does. Every value is HTML-escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..cms.catalogue import Catalogue
from ..cms.editorial_pages import single_page
from ..platform.errors import ApiError
from .content_heads import for_guest
from .list_screens import LIST_HEADINGS, ListScreens
from .markup import (
    HEADER,
    card_shapes,
    day,
    duration,
    h1,
    meta_line,
    paragraph,
    pick_format,
    picture,
    player,
)
from .paths import Resolved
from .puzzle_screens import PAGES as PUZZLE_PAGES
from .puzzle_screens import screen as puzzle_screen

HOME_TITLE = "Learn from the best"
MEMBER_TITLE = "Welcome back"
HOME_TEXT = (
    "Masterclass episodes with a world champion, lessons and programs by master players,"
    " documentaries and the latest chess news."
)
NOT_FOUND_TITLE = "Oops, that's a blunder! We couldn't find what you were looking for."
# The pictures' sizes the client's Picture asks for first (formats=['medium', 'small']).
WIDE = ("medium", "small")


def frame(main: str = "", heading: str | None = None) -> str:
    """The first screen: the header and ``main``; ``heading`` is the page's h1 as the client
    will show it."""
    named = f' data-heading="{escape(heading)}"' if heading else ""
    return (
        f'<div id="first-screen" class="shell"{named}>{HEADER}'
        f'<main class="site-main">{main}</main></div>'
    )


def reads_content(page: Resolved) -> bool:
    """Whether the first screen of a page whose head comes from no content still does (a list's
    heading is the editors')."""
    return page.kind == "static" and page.key in LIST_HEADINGS


class FirstScreens:
    """The first screens of one catalogue's pages."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def screen(self, page: Resolved) -> str:
        """The page's first screen; ApiError 404 for an item that does not exist."""
        if page.kind == "not_found":
            return not_found()
        if page.kind == "home":
            return self._home()
        if page.kind == "static" and page.key in LIST_HEADINGS:
            return self._list(page.key, cards=not page.queried)
        if page.kind == "static" and page.key in PUZZLE_PAGES:
            heading, main = puzzle_screen(page.key)
            return frame(main, heading)
        builder = getattr(self, f"_{page.kind}", None)
        return builder(page) if builder else frame()

    # Lists and home ------------------------------------------------------------------------

    def _list(self, path: str, cards: bool) -> str:
        heading, main = ListScreens(self.catalogue).screen(path, cards)
        return frame(main, heading)

    def _home(self) -> str:
        try:
            hub = single_page(self.catalogue, "home-hub", {"hero_image": {}, "slideshow": {}})
        except ApiError as error:
            if error.status != 404:
                raise
            hub = {}
        title = hub.get("hero_title") or HOME_TITLE
        slides = hub.get("slideshow") or ([hub["hero_image"]] if hub.get("hero_image") else [])
        label = hub.get("slideshow_label") or "Life at the chessboard"
        slideshow = ""
        if slides:
            first = picture(slides[0], WIDE, loading="high")
            slideshow = (
                f'<div class="slideshow" role="group" aria-roledescription="slideshow" '
                f'aria-label="{escape(label)}"><div class="slideshow__slide">{first}</div></div>'
            )
        hero = (
            '<section class="hero" aria-labelledby="first-screen-hero"><div class="hero__text">'
            f'<h1 id="first-screen-hero" class="hero__title">{escape(title)}</h1>'
            f'<p class="hero__lede">{escape(hub.get("hero_text") or HOME_TEXT)}</p>'
            '<button type="button" class="button button--light">Sign up</button></div>'
            f"{slideshow}</section>"
        )
        sections = "".join(
            '<div class="section"><span class="section__title skeleton skeleton--line'
            ' skeleton--heading"></span>' + card_shapes("row", 3) + "</div>"
            for _ in range(3)
        )
        skeleton = f'<div class="skeleton-cards" aria-hidden="true">{sections}</div>'
        # A member's home (the client's while it loads) stands in for the guest's where the
        # page's script marked the document (client/index.html, first-screen.css).
        member = (
            f'<div class="home home--member for-member"><h1 class="home__greeting">{MEMBER_TITLE}'
            f"</h1>{skeleton}</div>"
        )
        guest = f'<div class="home for-guest">{hero}{skeleton}</div>'
        return frame(member + guest, title)

    # Detail pages --------------------------------------------------------------------------

    def _lesson(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.lesson, page)
        meta = meta_line(
            (item.get("teacher") or {}).get("name"),
            (item.get("difficulty_level") or {}).get("label"),
            duration(item.get("duration")),
        )
        poster = player(pick_format(item.get("thumbnail"), WIDE))
        chapters = "".join(
            '<li><button type="button" class="chapter-list__item"'
            + (' aria-current="true"' if index == 0 else "")
            + f"><span>{escape(chapter.get('title') or '')}</span>"
            f'<span class="chapter-list__meta">{duration(chapter.get("duration"))}</span>'
            "</button></li>"
            for index, chapter in enumerate(item.get("chapters") or [])
        )
        tab = (
            '<div class="lesson__chapters"><h2 class="lesson__tab" id="first-screen-chapters">'
            'Lessons</h2><ol class="chapter-list" aria-labelledby="first-screen-chapters">'
            f"{chapters}</ol></div>"
        )
        body = (
            f'<article class="lesson"><div class="lesson__top">{poster}{tab}</div>{h1(title)}'
            f'<p class="lesson__meta">{escape(meta)}</p>{paragraph(item.get("description"))}'
            "</article>"
        )
        return frame(body, title)

    def _program(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.program, page)
        trainers = "".join(
            "<li>"
            + picture(person.get("thumbnail"), ("thumbnail",), css="program__trainer-photo", alt="")
            + f"{escape(person.get('name') or '')}</li>"
            for person in item.get("trainers") or []
        )
        chapters = item.get("chapter_count") or len(item.get("chapters") or [])
        facts = meta_line((item.get("level") or {}).get("label"), f"{chapters} chapters")
        bullets = "".join(f"<li>{escape(point)}</li>" for point in item.get("bullet_points") or [])
        body = (
            '<article class="program">'
            f"{picture(item.get('hero_image'), WIDE, loading='high', css='program__hero')}"
            f'{h1(title)}<ul class="program__trainers" aria-label="Trainers">{trainers}</ul>'
            f'<p class="program__facts">{escape(facts)}</p>'
            '<section class="section" aria-labelledby="first-screen-inside">'
            '<h2 id="first-screen-inside" class="section__title">What\'s inside ?</h2>'
            + (f'<ul class="program__bullets">{bullets}</ul>' if bullets else "")
            + f"{paragraph(item.get('description'))}</section></article>"
        )
        return frame(body, title)

    def _program_chapter(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.program_chapter, page)
        program = item.get("program") or {}
        back = f"/program/{int(program['id'])}" if program.get("id") else "/programs"
        videos = [
            video
            for video in item.get("subchapters") or []
            if str(video.get("__component") or "subchapter").endswith("subchapter")
        ]
        first = videos[0] if videos else {}
        shown = first.get("title") or title
        poster = (first.get("dm_data") or {}).get("thumbnail_720_url")
        body = (
            '<article class="chapter"><div class="chapter__bar">'
            f'<a class="control-button" href="{back}">\u2190 Back</a>'
            '<button type="button" class="control-button" aria-expanded="false">Playlist</button>'
            f"</div>{player({'url': poster} if poster else None)}"
            '<div class="chapter__nav"><button type="button" class="control-button" disabled>'
            f'Previous</button><span class="muted">1 / {len(videos)}</span>'
            '<button type="button" class="control-button"'
            f"{' disabled' if len(videos) <= 1 else ''}>Next</button></div>"
            f'<p class="eyebrow">{escape(title)}</p>{h1(shown)}'
            f"{paragraph(first.get('description'))}</article>"
        )
        return frame(body, shown)

    def _article(self, page: Resolved) -> str:
        assert page.item is not None  # noqa: S101 - a detail always names its item
        item = self.catalogue.article(page.item)
        title = item.get("title") or ""
        author = (item.get("author") or {}).get("name") or "the editors"
        posted = item.get("date_posted") or ""
        minutes = item.get("time_to_read")
        reading = f" · {minutes}\u00a0min\u00a0read" if isinstance(minutes, int) else ""
        body = (
            f'<article class="article"><header class="article__header">{h1(title)}'
            f'<p class="article__byline">Written by <strong>{escape(author)}</strong> · '
            f'<time datetime="{escape(posted)}">{escape(day(posted))}</time>{reading}</p>'
            "</header>"
            f"{picture(item.get('hero_image'), WIDE, loading='high', css='article__hero')}"
            + (f'<p class="article__lede">{escape(item["lede"])}</p>' if item.get("lede") else "")
            + "</article>"
        )
        return frame(body, title)

    def _video(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.video, page)
        return self._watch(title, item.get("hero_image"), item.get("subhead"))

    def _episode(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.episode, page)
        return self._watch(title, item.get("thumbnail"), item.get("description"))

    @staticmethod
    def _watch(title: str, media: dict[str, Any] | None, text: str | None) -> str:
        body = (
            f'<article class="watch">{player(pick_format(media, WIDE))}'
            f"{h1(title)}{paragraph(text)}</article>"
        )
        return frame(body, title)


def not_found() -> str:
    body = (
        '<section class="not-found" aria-labelledby="first-screen-not-found">'
        '<p class="not-found__code">404 ERROR</p>'
        f'<h1 id="first-screen-not-found" class="not-found__title">{escape(NOT_FOUND_TITLE)}</h1>'
        '<a class="button" href="/home">Back to home</a></section>'
    )
    return frame(body, NOT_FOUND_TITLE)
