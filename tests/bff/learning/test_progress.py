"""Learning progress: recorded per member and subchapter, shown per viewer in the gateway."""

from __future__ import annotations

import pytest

from bff.learning.progress import (
    chapter_totals,
    parse_subchapter_id,
    percent,
    with_chapter_progress,
    with_program_progress,
)
from bff.platform.errors import ApiError

from ..builders import error_of

FREE_PROGRAM = 2  # chapters 9 (5 videos), 10 (2), 11 (2), 12 (4), 13 (2), 14 (6): 21 videos
PRO_PROGRAM = 1


def watch(client, headers, subchapter: str, progress: int = 100):
    return client.post(
        "/content/progress",
        json={"id": subchapter, "type": "program_subchapter_video", "progress": progress},
        headers=headers,
    )


# Arithmetic -----------------------------------------------------------------------------------


def test_percentages_round_halves_up_and_stay_within_100():
    assert percent(0, 0) == 0
    assert percent(100, 3) == 33
    assert percent(200, 3) == 67
    assert percent(50, 2) == 25
    assert percent(250, 100) == 3  # 2.5 -> 3
    assert percent(1000, 5) == 100


def test_chapter_totals_count_finished_videos():
    assert chapter_totals(4, {1: 100, 3: 50}) == {
        "progress": 38,  # (100 + 50) / 4 = 37.5
        "completed_lessons": 1,
        "lesson_count": 4,
        "videos_watched": 1,
        "videos_total": 4,
        "exercises_solved": 0,
        "exercises_total": 0,
    }
    empty = chapter_totals(0, {})
    assert (empty["progress"], empty["completed_lessons"], empty["lesson_count"]) == (0, 0, 0)
    # Positions beyond the chapter (a subchapter removed since) do not count.
    assert chapter_totals(2, {1: 100, 2: 100, 3: 100})["progress"] == 100


def test_program_progress_weighs_every_video_alike():
    program = {
        "chapters": [
            {"id": 1, "lesson_count": 1},
            {"id": 2, "lesson_count": 3},
        ]
    }
    with_program_progress(program, {1: {1: 100}})
    assert program["progress"] == 25  # 1 of 4 videos, not half of two chapters
    assert program["chapters"][0] == {
        "id": 1,
        "lesson_count": 1,
        "progress": 100,
        "completed_lessons": 1,
        "videos_watched": 1,
        "videos_total": 1,
        "exercises_solved": 0,
        "exercises_total": 0,
    }
    assert program["chapters"][1]["progress"] == 0


def test_chapter_progress_marks_each_subchapter():
    chapter = {"id": 7, "subchapters": [{"id": "7:1"}, {"id": "7:2"}, {"id": "7:3"}]}
    with_chapter_progress(chapter, {7: {2: 100}})
    assert [sub["progress"] for sub in chapter["subchapters"]] == [0, 100, 0]
    assert (chapter["progress"], chapter["completed_lessons"], chapter["lesson_count"]) == (
        33,
        1,
        3,
    )


@pytest.mark.parametrize(
    "value", ["12", "12:0", ":3", "a:b", "12:3:4", "-1:2", "", "1.5:2", " 12:3", "12:3\n"]
)
def test_subchapter_ids_are_chapter_and_position(value):
    with pytest.raises(ApiError) as refused:
        parse_subchapter_id(value)
    assert refused.value.code == "invalid_progress_id"


def test_a_subchapter_id_reads_back():
    assert parse_subchapter_id("12:3") == (12, 3)


# Over HTTP ------------------------------------------------------------------------------------


def test_progress_shows_in_the_program_and_chapter_answers(client, member):
    _, headers = member("free")
    for subchapter in ("10:1", "10:2", "9:1"):
        answer = watch(client, headers, subchapter)
        assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["data"] == {
        "id": "9:1",
        "type": "program_subchapter_video",
        "progress": 100,
    }

    program = client.get(f"/cms/programs/{FREE_PROGRAM}", headers=headers).get_json()
    chapters = {chapter["id"]: chapter for chapter in program["chapters"]}
    assert program["progress"] == 14  # 3 of 21 videos
    assert (chapters[10]["progress"], chapters[10]["completed_lessons"]) == (100, 2)
    assert (chapters[9]["progress"], chapters[9]["completed_lessons"]) == (20, 1)
    assert chapters[9]["lesson_count"] == 5
    assert chapters[14]["progress"] == 0

    chapter = client.get("/cms/program-chapters/9", headers=headers).get_json()
    assert [sub["progress"] for sub in chapter["subchapters"]] == [100, 0, 0, 0, 0]
    assert (chapter["progress"], chapter["completed_lessons"], chapter["lesson_count"]) == (
        20,
        1,
        5,
    )


def test_a_subchapter_is_recorded_by_the_id_its_chapter_gives(client, member):
    _, headers = member("free")
    chapter = client.get("/cms/program-chapters/10", headers=headers).get_json()
    assert [sub["id"] for sub in chapter["subchapters"]] == ["10:1", "10:2"]

    answer = watch(client, headers, chapter["subchapters"][1]["id"])

    assert answer.get_json()["data"]["id"] == "10:2"
    again = client.get("/cms/program-chapters/10", headers=headers).get_json()
    assert [sub["progress"] for sub in again["subchapters"]] == [0, 100]


def test_a_bare_number_is_not_a_subchapter_id(client, member):
    _, headers = member("free")
    answer = client.post(
        "/content/progress",
        json={"id": 2, "type": "program_subchapter_video", "progress": 100},
        headers=headers,
    )
    assert "id" in error_of(answer, 400)["fields"]


def test_progress_is_per_member_and_guests_see_zero(client, member):
    _, watcher = member("free")
    _, other = member("free")
    watch(client, watcher, "10:1")
    assert client.get(f"/cms/programs/{FREE_PROGRAM}", headers=watcher).get_json()["progress"]
    assert client.get(f"/cms/programs/{FREE_PROGRAM}", headers=other).get_json()["progress"] == 0
    guest = client.get(f"/cms/programs/{FREE_PROGRAM}").get_json()
    assert guest["progress"] == 0
    assert all(chapter["progress"] == 0 for chapter in guest["chapters"])
    guest_chapter = client.get("/cms/program-chapters/10").get_json()
    assert guest_chapter["progress"] == 0
    assert {sub["progress"] for sub in guest_chapter["subchapters"]} == {0}


def test_the_furthest_progress_is_kept(client, member):
    _, headers = member("free")
    watch(client, headers, "10:1", 100)
    answer = watch(client, headers, "10:1", 40)
    assert answer.get_json()["data"]["progress"] == 100
    chapter = client.get("/cms/program-chapters/10", headers=headers).get_json()
    assert chapter["subchapters"][0]["progress"] == 100


def test_progress_needs_a_member(client):
    assert error_of(watch(client, {}, "10:1"), 401)["code"] == "unauthorized"


def test_progress_in_a_locked_program_is_refused(client, member):
    _, headers = member("free")
    chapter_id = client.get(f"/cms/programs/{PRO_PROGRAM}", headers=member("pro")[1]).get_json()[
        "chapters"
    ][0]["id"]
    answer = watch(client, headers, f"{chapter_id}:1")
    assert error_of(answer, 403)["code"] == "content_locked"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"id": "10", "type": "program_subchapter_video", "progress": 100}, 400, "id"),
        ({"id": "10:1", "type": "lesson_video", "progress": 100}, 400, "type"),
        ({"id": "10:1", "type": "program_subchapter_video", "progress": 101}, 400, "progress"),
        ({"id": "10:1", "type": "program_subchapter_video", "progress": "100"}, 400, "progress"),
        ({"type": "program_subchapter_video", "progress": 100}, 400, "id"),
    ],
)
def test_progress_is_validated(client, member, body, status, field):
    _, headers = member("free")
    answer = client.post("/content/progress", json=body, headers=headers)
    assert field in error_of(answer, status)["fields"]


def test_an_unknown_chapter_is_not_found(client, member):
    _, headers = member("free")
    assert error_of(watch(client, headers, "99999:1"), 404)["code"] == "not_found"


def test_an_unknown_subchapter_is_not_found(client, member):
    _, headers = member("free")
    assert error_of(watch(client, headers, "10:3"), 404)["code"] == "not_found"
