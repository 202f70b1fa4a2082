"""The continue-learning row: a member's started, unfinished items as cards, read through the
catalogue with their rights (an item locked since, or removed, is left out)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from ..access.rights import Rights
from ..cms.catalogue import Catalogue
from ..platform.errors import ApiError
from . import items, positions


def cards(
    catalogue: Catalogue, session: Session, user_id: int, rights: Rights, limit: int
) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for item_type, item_id, place in positions.unfinished(session, user_id):
        item = items.item(item_type, item_id)
        try:
            card = items.card(catalogue, item, rights)
        except ApiError as refused:
            if refused.status in (403, 404):  # locked since, or gone: not a card to show
                continue
            raise
        found.append({**positions.answer(item_type, item_id, place), **card})
        if len(found) == limit:
            break
    return found
