"""The content types listed in pages: their collections, sorts, filters and cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .populate import LESSON_CARD, PROGRAM_CARD

DEFAULT_SORT = ("title", "asc")


@dataclass(frozen=True)
class Listing:
    """A content type listed in pages, said once: its collection, what a list may be sorted and
    filtered by (/cms name -> upstream field path), what its cards need populated and the
    Normalizer method that shapes a card. The routes, their documented parameters and the
    catalogue all read it."""

    collection: str
    sorts: Mapping[str, str]
    filters: Mapping[str, str]
    card: Mapping[str, Any]
    card_shape: str


LESSONS = Listing(
    "lessons",
    sorts={
        "title": "title",
        "created_at": "createdAt",
        "subscription_level": "subscription_level",
        "difficulty_level": "difficulty_level.rank",
    },
    filters={
        "lesson_category": "lesson_category.id",
        "difficulty_level": "difficulty_level.id",
        "teacher": "teacher.id",
    },
    card=LESSON_CARD,
    card_shape="lesson_card",
)
PROGRAMS = Listing(
    "programs",
    sorts={"title": "title", "created_at": "createdAt", "subscription_level": "subscription_level"},
    filters={"topic": "topic.id", "level": "level.id", "trainers": "trainers.id"},
    card=PROGRAM_CARD,
    card_shape="program_card",
)
# The home page's sections name a listing by its collection.
LISTINGS = {listing.collection: listing for listing in (LESSONS, PROGRAMS)}

VIDEO_CATEGORIES = {"documentaries": "documentaries", "journeys": "chess-journeys"}
