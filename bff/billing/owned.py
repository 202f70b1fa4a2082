"""The single items a member owns, with what the client needs to link to each one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..access.clock import iso
from .models import Purchase
from .plans import money_text

# The client's page of each kind of item (client/src/app/routes.tsx).
ITEM_PATHS = {
    "program": "/program/{id}",
    "video": "/videos/{id}",
    "masterclass": "/masterclass",
}


def owned_items(
    session: Session, user_id: int, title_of: Callable[[str, int], str | None]
) -> list[dict[str, Any]]:
    """The member's purchases, newest first: the item (entity, entityId, its title as the CMS
    has it now, null when it is gone, and the path of its page), and what was paid when."""
    rows = session.scalars(
        sa.select(Purchase)
        .where(Purchase.user_id == user_id)
        .order_by(Purchase.created_at.desc(), Purchase.id.desc())
    ).all()
    return [
        {
            "entity": row.entity,
            "entityId": row.entity_id,
            "title": title_of(row.entity, row.entity_id),
            "path": ITEM_PATHS.get(row.entity, "/home").format(id=row.entity_id),
            "purchased_at": iso(row.created_at),
            "amount": row.amount,
            "currency": row.currency,
            "price_text": money_text(row.amount, row.currency),
        }
        for row in rows
    ]
