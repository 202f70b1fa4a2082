"""A locked detail's 403 still tells what the item is (error.item) and, when it can be bought,
what it costs (error.offer): its public facts only, never a video id or a solution."""

from __future__ import annotations

from ..builders import error_of

SECRETS = {
    "video_id",
    "moves",
    "hint",
    "explanation",
    "comments",
    "alternatives",
    "mistakes",
    "pgn",
    "game",
    "drill",
    "_price",
    "_exercise_ids",
}


def keys_in(node) -> set[str]:
    if isinstance(node, list):
        return set().union(*(keys_in(item) for item in node))
    if isinstance(node, dict):
        return set(node).union(*(keys_in(value) for value in node.values()))
    return set()


def locked(client, path, headers=None) -> dict:
    error = error_of(client.get(path, headers=headers or {}), 403)
    assert error["code"] == "content_locked"
    assert not keys_in(error) & SECRETS, path
    return error


def test_a_locked_lesson_tells_a_guest_what_it_holds(client):
    item = locked(client, "/cms/lessons/1")["item"]
    assert item["kind"] == "lesson" and item["id"] == 1
    assert item["title"] == "Counterattack in the centre"
    assert item["description"].startswith("A flank attack")
    assert item["picture"]["url"] and item["teacher"]["name"]
    assert item["level"]["label"] and item["duration"] == 2180
    assert [part["title"] for part in item["parts"]][:2] == ["Introduction", "Key ideas"]
    assert item["exercise_count"] == sum(part["exercise_count"] for part in item["parts"]) > 0
    assert item["part_of"] is None


def test_a_free_member_sees_the_same_facts(client, member):
    headers = member("free")
    assert (
        locked(client, "/cms/lessons/1", headers)["item"]
        == locked(client, "/cms/lessons/1")["item"]
    )


def test_a_chapter_is_offered_with_its_program(client, member):
    headers = member("free")
    not_for_sale = locked(client, "/cms/program-chapters/1", headers)
    item = not_for_sale["item"]
    assert item["kind"] == "program_chapter" and "offer" not in not_for_sale
    assert item["part_of"] == {"kind": "program", "id": 1, "title": item["part_of"]["title"]}
    assert item["picture"]["url"] and item["parts"] and item["duration"]
    error = locked(client, "/cms/program-chapters/15", headers)
    assert error["item"]["part_of"]["id"] == 3
    assert error["offer"]["entity"] == "program" and error["offer"]["entityId"] == 3
    assert error["offer"]["currentUserPrice"] == {"price": "29.99", "currency": "USD"}


def test_a_locked_episode_is_offered_with_the_masterclass(client, member):
    headers = member("free")
    error = locked(client, "/cms/masterclass_episodes/2", headers)
    assert error["item"]["kind"] == "episode" and error["item"]["part_of"]["kind"] == "masterclass"
    assert error["offer"]["entity"] == "masterclass"
    assert error["offer"]["currentUserPrice"] == {"price": "79.99", "currency": "USD"}


def test_a_locked_video_and_program_keep_their_offer(client):
    video = locked(client, "/cms/videos/3")
    assert video["item"]["kind"] == "video" and video["offer"]["entityId"] == 3
    program = locked(client, "/cms/programs/3")
    assert program["item"]["kind"] == "program" and program["item"]["parts"]
    assert program["item"]["teacher"]["name"]
