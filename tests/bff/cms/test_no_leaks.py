"""No answer ever carries a video-host id its viewer may not play.

Pro-only ids are read from the seed itself (not from the gateway), a Pro member's crawl must see
every one of them (so the crawl is complete), and a guest's or free member's crawl none of them.
"""

import json

import pytest

from bff.cms.upstream import SEED_PATH


def seed(name):
    return json.loads((SEED_PATH / f"{name}.json").read_text())


def pro_only_video_ids() -> set[str]:
    ids = set()
    for lesson in seed("lessons"):
        if lesson["subscription_level"] == "pro":
            ids |= {chapter["video_id"] for chapter in lesson["chapters"]}
    pro_programs = {p["id"] for p in seed("programs") if p["subscription_level"] == "pro"}
    for program in seed("programs"):
        if program["id"] in pro_programs and program.get("introduction_video"):
            ids.add(program["introduction_video"]["video_id"])
    for chapter in seed("program-chapters"):
        if chapter["program"] in pro_programs:
            ids |= {sub["video_id"] for sub in chapter["subchapters"]}
    ids |= {e["video_id"] for e in seed("masterclass-episodes") if e["subscription_level"] == "pro"}
    ids |= {v["video_id"] for v in seed("videos") if v["subscription_level"] == "pro"}
    free_ids = {
        c["video_id"]
        for item in seed("lessons")
        if item["subscription_level"] == "free"
        for c in item["chapters"]
    }
    assert not ids & free_ids, "the seed reuses a video between free and pro items"
    return ids


def video_ids(node) -> set[str]:
    found = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "video_id" and value:
                found.add(value)
            found |= video_ids(value)
    elif isinstance(node, list):
        for item in node:
            found |= video_ids(item)
    return found


def crawl(client, headers) -> set[str]:
    """Every /cms answer a client can ask for, with every page and every detail."""
    seen: set[str] = set()

    def fetch(path):
        response = client.get(path, headers=headers)
        assert response.status_code in (200, 403), (path, response.status_code)
        body = response.get_json()
        seen.update(video_ids(body))
        return body if response.status_code == 200 else None

    def every(path):
        items, start = [], 0
        while True:
            page = fetch(f"{path}{'&' if '?' in path else '?'}_limit=100&_start={start}")
            items += page
            if len(page) < 100:
                return items
            start += 100

    for path in [
        "/cms/hubs/home",
        "/cms/grand-chess-tour",
        "/cms/upgrade-page",
        "/cms/articles/mostviewed",
        "/cms/teachers",
        "/cms/difficulty-levels",
        "/cms/lesson-categories",
        "/cms/topics",
        "/cms/trainers",
    ]:
        fetch(path)
    masterclass = fetch("/masterclasses/masterclass")["data"]
    for lesson in every("/cms/lessons"):
        fetch(f"/cms/lessons/{lesson['id']}")
        fetch(f"/cms/lessons?_limit=12&teacher={lesson['teacher']['id']}&_sortBy=title:asc")
        fetch(
            f"/cms/lessons?_limit=12&lesson_category={lesson['lesson_category']['id']}&_sortBy=difficulty_level:asc"
        )
    for program in every("/cms/programs"):
        fetch(f"/cms/programs/{program['id']}")
    for chapter in seed("program-chapters"):
        fetch(f"/cms/program-chapters/{chapter['id']}")
    for episode in (e for c in masterclass["chapters"] for e in c["episodes"]):
        fetch(f"/cms/masterclass_episodes/{episode['id']}")
    for video in seed("videos"):
        fetch(f"/cms/videos/{video['id']}")
    for article in every("/cms/articles"):
        fetch(f"/cms/articles/{article['id']}")
    return seen


def test_pro_members_see_every_pro_video(client, member):
    missing = pro_only_video_ids() - crawl(client, member("pro"))
    assert not missing, f"the crawl does not reach {len(missing)} pro videos"


@pytest.mark.parametrize("tier", ["guest", "free"])
def test_no_pro_video_reaches_a_guest_or_a_free_member(client, member, tier):
    headers = {} if tier == "guest" else member("free")
    leaked = pro_only_video_ids() & crawl(client, headers)
    assert not leaked, f"{len(leaked)} pro video ids leaked to a {tier}"
