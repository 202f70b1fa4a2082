"""Content cards as HTML, drawn as the client's ContentCard draws a list's cards
(client/src/components/ContentCard.tsx, cards.ts): the same link, class names, picture, heading
and meta line, and the lock of a Pro item. Only the fields named here reach the markup; every
value is HTML-escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from .markup import day, duration, meta_line, picture

# The formats a card's Picture asks for, in order.
CARD_FORMATS = ("small", "medium", "thumbnail")
# components/icons.tsx's LockIcon.
_LOCK = (
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor"'
    ' d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h'
    '-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"></path></svg>'
)


def image_loading(index: int) -> str:
    """As the client's cardImageLoading: on a phone the first card's picture is the page's
    largest, the second shows in part, the rest wait until they are scrolled near."""
    if index == 0:
        return "high"
    return "eager" if index == 1 else "lazy"


def content_card(
    to: str,
    title: str,
    image: dict[str, Any] | None,
    meta: str,
    index: int,
    locked: bool = False,
) -> str:
    """One card of a list (a heading of level 2), its picture loaded as its place asks;
    ``meta`` is markup (escaped by the caller)."""
    shown = picture(image, CARD_FORMATS, loading=image_loading(index), css="content-card__image")
    lock = f'<span class="content-card__lock">{_LOCK}</span>' if locked else ""
    hidden = '<span class="visually-hidden"> (Pro, locked)</span>' if locked else ""
    meta_part = f'<span class="content-card__meta">{meta}</span>' if meta else ""
    css = "content-card content-card--locked" if locked else "content-card"
    return (
        f'<a class="{css}" href="{escape(to)}"><span class="content-card__media">{shown}{lock}'
        f'</span><span class="content-card__body"><h2 class="content-card__title">{escape(title)}'
        f"</h2>{meta_part}{hidden}</span></a>"
    )


def lesson_card(lesson: dict[str, Any], index: int) -> str:
    """As lessonListCard: its teacher, level and length."""
    meta = meta_line(
        (lesson.get("teacher") or {}).get("name"),
        (lesson.get("difficulty_level") or {}).get("label"),
        duration(lesson.get("duration")),
    )
    return content_card(
        f"/lessons/{int(lesson['id'])}",
        lesson.get("title") or "",
        lesson.get("thumbnail"),
        escape(meta),
        index,
        bool(lesson.get("locked")),
    )


def program_card(program: dict[str, Any], index: int) -> str:
    """As programListCard: its trainers, level and chapters; the carousel picture first."""
    chapters = program.get("chapter_count")
    meta = meta_line(
        ", ".join(person.get("name") or "" for person in program.get("trainers") or []),
        (program.get("level") or {}).get("label"),
        f"{int(chapters)} chapters" if chapters else None,
    )
    return content_card(
        f"/program/{int(program['id'])}",
        program.get("title") or "",
        program.get("carousel_image") or program.get("hero_image"),
        escape(meta),
        index,
        bool(program.get("locked")),
    )


def article_card(article: dict[str, Any], index: int) -> str:
    """As the articles list's card: the day it was posted and its reading time."""
    posted = article.get("date_posted") or ""
    minutes = article.get("time_to_read")
    stamp = f' datetime="{escape(posted)}"' if posted else ""
    meta = f"<time{stamp}>{escape(day(posted))}</time>"
    if isinstance(minutes, int):
        meta += f" · {minutes}\u00a0min\u00a0read"
    return content_card(
        f"/articles/{int(article['id'])}",
        article.get("title") or "",
        article.get("hero_image"),
        meta,
        index,
    )


def card_grid(cards: list[str]) -> str:
    return '<ul class="card-grid">' + "".join(f"<li>{card}</li>" for card in cards) + "</ul>"
