"""The pieces of a first screen as HTML, drawn as the client's components draw them (the same
class names, words and formats): the header, a picture, the player's place, card shapes, a
duration and a date. Every value is HTML-escaped."""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import UTC, datetime
from html import escape
from typing import Any

from .head import SITE_NAME

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
    # The member's avatar's place (first-screen.css shows it for a member signed in on this
    # browser), so that the header does not move when the app draws the avatar in it.
    '<span class="site-header__account for-member" aria-hidden="true"></span>'
    f'<a class="search-button" href="/search">{_SEARCH}'
    '<span class="visually-hidden">Search</span></a>'
    '<button type="button" class="menu-button" aria-expanded="false" aria-haspopup="dialog">'
    '<span class="menu-button__bars" aria-hidden="true"></span>Menu</button>'
    "</header>"
)


def player(poster: dict[str, Any] | None) -> str:
    """The video player's place as the client keeps it before it plays: 16:9, with its poster."""
    image = (
        f'<img class="player__poster" src="{escape(poster["url"])}" alt="">'
        if poster and poster.get("url")
        else ""
    )
    return f'<div class="player player--empty">{image}</div>'


def picture(
    media: dict[str, Any] | None,
    formats: Iterable[str],
    loading: str = "lazy",
    css: str | None = None,
    alt: str | None = None,
) -> str:
    """An <img> as the client's Picture draws it: the first of ``formats`` the media has (else
    the original), with its width and height so that its place is kept; a placeholder without a
    picture. ``loading``: "high" for the page's largest picture, fetched at once and first;
    "eager" at once; "lazy" when scrolled near."""
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
    fetched = ' loading="lazy"' if loading == "lazy" else ' loading="eager"'
    if loading == "high":
        fetched += ' fetchpriority="high"'
    return (
        f'<img{classes} src="{escape(chosen["url"])}"{sizes} alt="{escape(text)}"{fetched}'
        ' decoding="async">'
    )


def pick_format(media: dict[str, Any] | None, formats: Iterable[str]) -> dict[str, Any] | None:
    if not media:
        return None
    for name in formats:
        found: dict[str, Any] | None = (media.get("formats") or {}).get(name)
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


MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def day(iso: str) -> str:
    """As the client's formatDate: 'September 18, 2026' (the date in UTC); '' for no date."""
    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return ""
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return f"{MONTHS[when.month - 1]} {when.day}, {when.year}"


def meta_line(*parts: str | None) -> str:
    return " · ".join(part for part in parts if part)


def skeleton_cards(layout: str, count: int) -> str:
    return f'<div class="skeleton-cards skeleton-cards--{layout}" aria-hidden="true">' + (
        card_shapes(layout, count) + "</div>"
    )


def card_shapes(layout: str, count: int) -> str:
    shape = (
        '<li><span class="content-card content-card--skeleton">'
        '<span class="content-card__media skeleton"></span><span class="content-card__body">'
        '<span class="content-card__title skeleton skeleton--line skeleton--title"></span>'
        '<span class="content-card__meta skeleton skeleton--line skeleton--short"></span>'
        "</span></span></li>"
    )
    css = "card-row" if layout == "row" else "card-grid"
    return f'<ul class="{css}">' + shape * count + "</ul>"


def control(block: str, label: str) -> str:
    return (
        f'<div class="{block}"><button type="button" class="control-button" '
        f'aria-expanded="false">{label}</button></div>'
    )


def h1(title: str) -> str:
    return f'<h1 class="page__title">{escape(title)}</h1>'


def paragraph(text: str | None) -> str:
    return f"<p>{escape(text)}</p>" if text else ""
