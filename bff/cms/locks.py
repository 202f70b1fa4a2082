"""Entitlements applied to a normalised answer for one viewer: the last step before it leaves.

Video-host ids are denied by default: one survives only inside an item the viewer may play. An
item is any object carrying an ``_entitlement`` marker; it gets ``locked`` in its place.
"""

from __future__ import annotations

from collections.abc import Callable

MayPlay = Callable[[str, int, str], bool]

VIDEO_ID = "video_id"


def apply_locks(answer, may_play: MayPlay):
    """Mark every item locked or not, strip what may not be played; changes ``answer`` in place."""
    _walk(answer, may_play, playable=False)
    return answer


def _walk(node, may_play: MayPlay, playable: bool) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, may_play, playable)
        return
    if not isinstance(node, dict):
        return
    marker = node.pop("_entitlement", None)
    if marker is not None:
        playable = may_play(marker["kind"], marker["id"], marker["level"])
        node["locked"] = not playable
    if not playable:
        node.pop(VIDEO_ID, None)
    for value in node.values():
        if isinstance(value, dict | list):
            _walk(value, may_play, playable)
