"""A page's first screen as HTML: what a visitor sees before any script has run.

The site header and, for a content page, the item's title, description and picture, read from the
same cached content as the head and locked as for a guest (only the fields named here reach the
markup, never a video-host id); the lists get their heading and cards in the shape of the cards
to come. Written with the client's own class names (its stylesheet paints it), in
``<div id="first-screen">`` before the client's ``#root``: the client draws the same page behind it
and then takes its place in one frame (client/src/app/first-screen.ts). ``data-heading`` names the
heading the client's page must show before it does. Every value is HTML-escaped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape
from typing import Any

from ..cms.catalogue import Catalogue
from ..platform.errors import ApiError
from .content_heads import for_guest
from .head import SITE_NAME
from .paths import Resolved

# The client's list headings when editors wrote none (ListHeading's fallbacks).
LIST_HEADINGS = {
    "/lessons": ("lessons_title", "Lessons"),
    "/articles": ("articles_title", "Last articles"),
    "/programs": ("programs_title", "Improve your chess skills with more than 40 programs"),
}
PROGRAMS_INTRO = "Step-by-step training plans by master players, from the opening to the endgame."
HOME_TITLE = "Learn from the best"
HOME_TEXT = (
    "Masterclass episodes with a world champion, lessons and programs by master players,"
    " documentaries and the latest chess news."
)
NOT_FOUND_TITLE = "Oops, that's a blunder! We couldn't find what you were looking for."
# Skeleton cards a list shows while it loads (FilteredList's firstSkeletons, the articles' 4).
SKELETONS = {"/lessons": 6, "/programs": 4, "/articles": 4}
# The pictures' sizes the client's Picture asks for first (formats=['medium', 'small']).
WIDE = ("medium", "small")

# The header's logo and search icon, as client/src/app/Header.tsx and components/icons.tsx draw
# them.
_LOGO = (
    '<svg class="site-logo" viewBox="0 0 188 32" aria-hidden="true" focusable="false"><defs>'
    '<linearGradient id="site-logo-ground" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#8a66ff"></stop><stop offset="1" stop-color="#5a2de0"></stop>'
    '</linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#site-logo-ground)">'
    '</rect><path fill="#fff" d="M9.5 23.6l1.2-4.3c.4-1.5 1.6-2.6 3-3.3l-3.2.4c-1.1.1-1.9-.9-1.4'
    '-1.9l2.4-4.4.2-2.8 2.2 1.6c5.2-.3 9 3.4 9 9.7v5z"></path>'
    '<rect x="8.2" y="23.2" width="15.6" height="2.8" rx="1.2" fill="#fff"></rect>'
    '<circle cx="14.3" cy="11.9" r="1.05" fill="#6a3cf5"></circle>'
    '<text class="site-logo__word" x="42" y="22.5" textLength="144" '
    'lengthAdjust="spacingAndGlyphs"><tspan class="site-logo__chess">Chess</tspan>'
    '<tspan class="site-logo__learning"> learning</tspan></text></svg>'
)
_SEARCH = (
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">'
    '<circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2.2">'
    '</circle><path d="m15.5 15.5 5 5" stroke="currentColor" stroke-width="2.4" '
    'stroke-linecap="round"></path></svg>'
)
HEADER = (
    '<header class="site-header">'
    f'<a class="site-name" href="/home" aria-label="{SITE_NAME}, home">{_LOGO}</a>'
    f'<a class="search-button" href="/search">{_SEARCH}'
    '<span class="visually-hidden">Search</span></a>'
    '<button type="button" class="menu-button" aria-expanded="false" aria-haspopup="dialog">'
    '<span class="menu-button__bars" aria-hidden="true"></span>Menu</button>'
    "</header>"
)


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
            return self._list(page.key)
        builder = getattr(self, f"_{page.kind}", None)
        return builder(page) if builder else frame()

    # Lists and home ------------------------------------------------------------------------

    def _list(self, path: str) -> str:
        field, fallback = LIST_HEADINGS[path]
        texts = self._list_texts()
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
            + _control("filter", "Filter")
            + _control("sort", "Sort")
            + "</div>"
            if path != "/articles"
            else ""
        )
        cards = skeleton_cards("grid", SKELETONS[path])
        return frame(f'<div class="page">{top}{controls}{cards}</div>', heading)

    def _list_texts(self) -> dict[str, Any]:
        try:
            return self.catalogue.list_page()
        except ApiError as error:
            if error.status != 404:
                raise
            return {}  # no words from the editors yet: the client's own

    def _home(self) -> str:
        try:
            hub = self.catalogue.single_page("home-hub", {"hero_image": {}, "slideshow": {}})
        except ApiError as error:
            if error.status != 404:
                raise
            hub = {}
        title = hub.get("hero_title") or HOME_TITLE
        slides = hub.get("slideshow") or ([hub["hero_image"]] if hub.get("hero_image") else [])
        label = hub.get("slideshow_label") or "Life at the chessboard"
        slideshow = ""
        if slides:
            first = picture(slides[0], WIDE, priority=True)
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
            ' skeleton--heading"></span>' + _card_shapes("row", 3) + "</div>"
            for _ in range(3)
        )
        skeleton = f'<div class="skeleton-cards" aria-hidden="true">{sections}</div>'
        return frame(f'<div class="home">{hero}{skeleton}</div>', title)

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
            f'<article class="lesson"><div class="lesson__top">{poster}{tab}</div>{_title(title)}'
            f'<p class="lesson__meta">{escape(meta)}</p>{_paragraph(item.get("description"))}'
            "</article>"
        )
        return frame(body, title)

    def _program(self, page: Resolved) -> str:
        item, title = for_guest(self.catalogue.program, page)
        trainers = "".join(
            f"<li>{escape(person.get('name') or '')}</li>" for person in item.get("trainers") or []
        )
        chapters = item.get("chapter_count") or len(item.get("chapters") or [])
        facts = meta_line((item.get("level") or {}).get("label"), f"{chapters} chapters")
        bullets = "".join(f"<li>{escape(point)}</li>" for point in item.get("bullet_points") or [])
        body = (
            '<article class="program">'
            f"{picture(item.get('hero_image'), WIDE, priority=True, css='program__hero')}"
            f'{_title(title)}<ul class="program__trainers" aria-label="Trainers">{trainers}</ul>'
            f'<p class="program__facts">{escape(facts)}</p>'
            '<section class="section" aria-labelledby="first-screen-inside">'
            '<h2 id="first-screen-inside" class="section__title">What\'s inside ?</h2>'
            + (f'<ul class="program__bullets">{bullets}</ul>' if bullets else "")
            + f"{_paragraph(item.get('description'))}</section></article>"
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
            f'<p class="eyebrow">{escape(title)}</p>{_title(shown)}'
            f"{_paragraph(first.get('description'))}</article>"
        )
        return frame(body, shown)

    def _article(self, page: Resolved) -> str:
        assert page.item is not None  # noqa: S101 - a detail always names its item
        item = self.catalogue.article(page.item)
        title = item.get("title") or ""
        author = (item.get("author") or {}).get("name") or "the editors"
        body = (
            f'<article class="article"><header class="article__header">{_title(title)}'
            f'<p class="article__byline">Written by <strong>{escape(author)}</strong></p></header>'
            f"{picture(item.get('hero_image'), WIDE, priority=True, css='article__hero')}"
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
    def _watch(title: str, media: dict | None, text: str | None) -> str:
        body = (
            f'<article class="watch">{player(pick_format(media, WIDE))}'
            f"{_title(title)}{_paragraph(text)}</article>"
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


def player(poster: dict | None) -> str:
    """The video player's place as the client keeps it before it plays: 16:9, with its poster."""
    image = (
        f'<img class="player__poster" src="{escape(poster["url"])}" alt="">'
        if poster and poster.get("url")
        else ""
    )
    return f'<div class="player player--empty">{image}</div>'


def picture(
    media: dict | None,
    formats: Iterable[str],
    priority: bool = False,
    css: str | None = None,
    alt: str | None = None,
) -> str:
    """An <img> as the client's Picture draws it: the first of ``formats`` the media has (else
    the original), with its width and height so that its place is kept; a placeholder without a
    picture."""
    classes = f' class="{escape(css)}"' if css else ""
    chosen = pick_format(media, formats)
    if chosen is None:
        return f'<div class="picture-placeholder {escape(css or "")}" aria-hidden="true"></div>'
    media = media or {}
    sizes = "".join(
        f' {name}="{int(value)}"'
        for name in ("width", "height")
        if (value := chosen.get(name) or media.get(name))
    )
    text = alt if alt is not None else media.get("alternativeText") or ""
    loading = ' loading="eager" fetchpriority="high"' if priority else ' loading="lazy"'
    return (
        f'<img{classes} src="{escape(chosen["url"])}"{sizes} alt="{escape(text)}"{loading}'
        ' decoding="async">'
    )


def pick_format(media: dict | None, formats: Iterable[str]) -> dict | None:
    if not media:
        return None
    for name in formats:
        found = (media.get("formats") or {}).get(name)
        if found and found.get("url"):
            return found
    return media if media.get("url") else None


def duration(seconds: Any) -> str:
    """As the client's formatDuration: '12\u00a0min', '1\u00a0h 5\u00a0min'."""
    if not isinstance(seconds, int | float) or seconds <= 0:
        return "0\u00a0min"
    total = math.ceil(seconds / 60)
    hours, minutes = divmod(total, 60)
    if hours == 0:
        return f"{minutes}\u00a0min"
    return f"{hours}\u00a0h" if minutes == 0 else f"{hours}\u00a0h {minutes}\u00a0min"


def meta_line(*parts: str | None) -> str:
    return " · ".join(part for part in parts if part)


def skeleton_cards(layout: str, count: int) -> str:
    return f'<div class="skeleton-cards skeleton-cards--{layout}" aria-hidden="true">' + (
        _card_shapes(layout, count) + "</div>"
    )


def _card_shapes(layout: str, count: int) -> str:
    shape = (
        '<li><span class="content-card content-card--skeleton">'
        '<span class="content-card__media skeleton"></span><span class="content-card__body">'
        '<span class="content-card__title skeleton skeleton--line skeleton--title"></span>'
        '<span class="content-card__meta skeleton skeleton--line skeleton--short"></span>'
        "</span></span></li>"
    )
    css = "card-row" if layout == "row" else "card-grid"
    return f'<ul class="{css}">' + shape * count + "</ul>"


def _control(block: str, label: str) -> str:
    return (
        f'<div class="{block}"><button type="button" class="control-button" '
        f'aria-expanded="false">{label}</button></div>'
    )


def _title(title: str) -> str:
    return f'<h1 class="page__title">{escape(title)}</h1>'


def _paragraph(text: str | None) -> str:
    return f"<p>{escape(text)}</p>" if text else ""
