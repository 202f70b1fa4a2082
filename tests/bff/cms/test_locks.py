"""Locks per viewer: video-host ids survive only inside items the viewer may play."""

from bff.access.rights import GUEST, Rights
from bff.cms.locks import apply_locks
from bff.cms.normalize import entitlement


def card(kind, item_id, level, **extra):
    return {"_entitlement": entitlement(kind, item_id, level), "id": item_id, **extra}


def answer():
    return [
        card("lesson", 1, "free", chapters=[{"video_id": "free1"}]),
        card("lesson", 2, "pro", chapters=[{"video_id": "pro2"}], teacher={"name": "T"}),
        card(
            "program",
            3,
            "pro",
            introduction_video={"video_id": "intro3"},
            related_program=card("program", 4, "free", introduction_video={"video_id": "intro4"}),
        ),
    ]


def video_ids(node) -> set[str]:
    if isinstance(node, list):
        return set().union(*(video_ids(n) for n in node)) if node else set()
    if isinstance(node, dict):
        own = {node["video_id"]} if "video_id" in node else set()
        return own.union(*(video_ids(v) for v in node.values())) if node else own
    return set()


def test_a_guest_gets_locks_and_only_free_video_ids():
    locked = apply_locks(answer(), GUEST.may_play)
    assert [item["locked"] for item in locked] == [False, True, True]
    assert locked[2]["related_program"]["locked"] is False
    assert video_ids(locked) == {"free1", "intro4"}
    assert locked[1]["teacher"] == {"name": "T"}, "locked cards keep their card data"


def test_a_pro_member_plays_everything():
    unlocked = apply_locks(answer(), Rights("pro").may_play)
    assert not any(item["locked"] for item in unlocked)
    assert video_ids(unlocked) == {"free1", "pro2", "intro3", "intro4"}


def test_an_owned_item_plays_without_pro():
    rights = Rights("free", owned=frozenset({("program", 3)}))
    locked = apply_locks(answer(), rights.may_play)
    assert [item["locked"] for item in locked] == [False, True, False]
    assert "intro3" in video_ids(locked)


def test_markers_never_leave():
    assert "_entitlement" not in str(apply_locks(answer(), GUEST.may_play))


def test_video_ids_outside_any_item_are_denied_by_default():
    stray = {
        "section": {"video_id": "unmarked"},
        "items": [card("video", 9, "free", video_id="ok")],
    }
    assert video_ids(apply_locks(stray, Rights("pro").may_play)) == {"ok"}
