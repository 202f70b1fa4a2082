"""Entitlements applied to a normalised answer for one viewer: the last step before it leaves.

Video-host ids and solutions are denied by default: they survive only inside an item the viewer
may play. A solution is an exercise's ``moves``, ``hint``, ``explanation``, ``comments``,
``alternatives`` and ``mistakes``, a model game's ``pgn`` and ``game``, and a ``drill``; an
exercise of a locked item keeps its id, key, FEN, prompt and source, and key positions stay for
the card and preview. An item is any object carrying an ``_entitlement`` marker; it gets
``locked`` in its place.
"""

from __future__ import annotations

from collections.abc import Callable

from ..access.prices import current_user_price
from ..access.rights import Rights

MayPlay = Callable[[str, int, str], bool]
PriceFor = Callable[[dict], dict]

VIDEO_ID = "video_id"
# What only a viewer who may play an item gets of it (docs/content-gateway.md, Locks).
DENIED = (
    VIDEO_ID,
    "moves",
    "hint",
    "explanation",
    "comments",
    "alternatives",
    "mistakes",
    "pgn",
    "game",
    "drill",
)


def apply_locks(answer, may_play: MayPlay, price_for: PriceFor | None = None):
    """Mark every item locked or not, strip what may not be played; changes ``answer`` in place.

    With ``price_for``, items carrying a ``_price`` marker get the fields it answers in the same
    pass (one walk over the answer, not two: this runs on every request)."""
    if isinstance(answer, dict | list):
        _walk(answer, may_play, price_for, playable=False)
    return answer


def _walk(node, may_play: MayPlay, price_for: PriceFor | None, playable: bool) -> None:
    if type(node) is list:
        for item in node:
            if type(item) is dict or type(item) is list:
                _walk(item, may_play, price_for, playable)
        return
    marker = node.pop("_entitlement", None)
    if marker is not None:
        playable = may_play(marker["kind"], marker["id"], marker["level"])
        node["locked"] = not playable
    if not playable:
        for name in DENIED:
            node.pop(name, None)
    if price_for is not None:
        price = node.pop("_price", None)
        if price is not None:
            node.update(price_for(price))
    for value in node.values():
        if type(value) is dict or type(value) is list:
            _walk(value, may_play, price_for, playable)


def lock_for(answer, rights: Rights):
    """``answer`` locked and priced for one viewer (changes it in place)."""
    return apply_locks(answer, rights.may_play, lambda marker: priced(marker, rights))


def priced(marker: dict, rights: Rights) -> dict:
    """What a purchasable item (its ``_price`` marker) shows this viewer: what it is, and its
    ``currentUserPrice``."""
    return {
        "entity": marker["entity"],
        "entityId": marker["entityId"],
        "currentUserPrice": current_user_price(marker["price"], rights),
    }
