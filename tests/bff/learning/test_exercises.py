"""Exercises: locked like video ids, judged by the server, kept per member, and what they feed."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest

from bff.accounts.models import User
from bff.app_context import app_context
from bff.cms.locks import apply_locks
from bff.platform.extensions import db

from ..builders import error_of
from .chess_builders import (
    FORK,
    FREE_CHAPTER,
    FREE_E1,
    FREE_E2,
    FREE_EPISODE,
    FREE_LESSON,
    FREE_PROGRAM,
    PRO_CHAPTER,
    PRO_E1,
    PRO_EPISODE,
    PRO_LESSON,
    PRO_LINE,
    PRO_PROGRAM,
    PRO_SECRETS,
)
from .test_positions import data, put


@pytest.fixture
def app(practice_app):
    return practice_app


def attempt(client, headers, exercise_id: str, moves: list[str], hints: int = 0):
    return client.put(
        f"/content/exercises/{exercise_id}", json={"moves": moves, "hints": hints}, headers=headers
    )


# Locks ------------------------------------------------------------------------------------------


def test_a_locked_item_keeps_positions_and_exercise_prompts_but_no_solution():
    answer = {
        "_entitlement": {"kind": "lesson", "id": 1, "level": "pro"},
        "chapters": [
            {
                "positions": [{"at": 1, "fen": FORK, "caption": None}],
                "pgn": "1. e4 *",
                "game": {"moves": []},
                "exercises": [
                    {
                        "id": "x",
                        "key": "e1",
                        "fen": FORK,
                        "prompt": "p",
                        "hint": "h",
                        "explanation": "e",
                        "moves": ["h5f7"],
                        "solved": False,
                    }
                ],
            }
        ],
    }
    locked = apply_locks(answer, lambda kind, item, level: level != "pro")
    chapter = locked["chapters"][0]
    assert set(chapter) == {"positions", "exercises"}
    assert chapter["exercises"] == [
        {"id": "x", "key": "e1", "fen": FORK, "prompt": "p", "solved": False}
    ]


def test_solutions_are_denied_by_default_outside_any_item():
    found = apply_locks({"exercises": [{"moves": ["e2e4"], "hint": "h"}]}, lambda *args: True)
    assert found == {"exercises": [{}]}


def every_answer(client, headers) -> str:
    """Every answer a viewer can get that may show the items: lists, details, search, page
    heads, the home hub, continue learning and the member's data."""
    bodies = []
    for path in (
        "/cms/hubs/home",
        "/cms/lessons?_limit=100",
        "/cms/programs?_limit=100",
        f"/cms/lessons/{PRO_LESSON}",
        f"/cms/lessons/{FREE_LESSON}",
        f"/cms/programs/{PRO_PROGRAM}",
        f"/cms/program-chapters/{PRO_CHAPTER}",
        f"/cms/program-chapters/{FREE_CHAPTER}",
        f"/cms/masterclass_episodes/{PRO_EPISODE}",
        f"/cms/masterclass_episodes/{FREE_EPISODE}",
        "/masterclasses/masterclass",
        "/cms/search?q=counterattack",
        "/cms/search?q=masterclass",
        f"/lessons/{PRO_LESSON}",
        f"/program-chapter/{PRO_CHAPTER}",
        f"/masterclass/chapter/{PRO_EPISODE}",
    ):
        bodies.append(client.get(path, headers=headers).get_data(as_text=True))
    if headers:
        for path in ("/content/continue", "/users/account/export"):
            answer = client.get(path, headers=headers)
            assert answer.status_code == 200, (path, answer.get_data(as_text=True))
            bodies.append(answer.get_data(as_text=True))
    return "\n".join(bodies)


@pytest.mark.parametrize("tier", ["guest", "free", "lapsed", "pro"])
def test_no_solution_of_a_locked_item_in_any_answer(client, member, app, tier):
    headers = {}
    if tier != "guest":
        user_id, headers = member("pro" if tier in ("pro", "lapsed") else "free")
        put(client, headers, "lesson_chapter", f"{FREE_LESSON}:1", position=30, duration=100)
    if tier in ("pro", "lapsed"):
        put(client, headers, "lesson_chapter", f"{PRO_LESSON}:1", position=30, duration=100)
        put(client, headers, "lesson_chapter", f"{PRO_LESSON}:2", position=100, duration=100)
        attempt(client, headers, PRO_E1, ["a1a7"])
    if tier == "lapsed":  # the subscription ended: the continue row and the export know the item
        with app.app_context():
            db.session.get(User, user_id).user_tier = "free"
            db.session.commit()
        time.sleep(1.1)  # content trusts a reading of the rights for a second
    seen = every_answer(client, headers)
    if tier == "pro":  # the crawl reaches them: their absence elsewhere means something
        assert all(secret in seen for secret in PRO_SECRETS)
        assert f'"{PRO_LINE}"' in seen
    else:
        assert not [secret for secret in PRO_SECRETS if secret in seen]
        assert f'"{PRO_LINE}"' not in seen
    if tier == "lapsed":
        assert PRO_E1 in seen  # in the export: the member's own record, without the line


def test_a_locked_exercise_is_refused_and_an_unknown_one_not_found(client, member):
    _, headers = member("free")
    assert error_of(attempt(client, headers, PRO_E1, ["a1a8"]), 403)["code"] == "content_locked"
    for unknown in (
        f"lesson_chapter:{FREE_LESSON}:1:e9",
        f"lesson_chapter:{FREE_LESSON}:9:e1",
        "lesson_chapter:99999:1:e1",
        f"lesson_chapter:{FREE_LESSON}:1:bad-move",  # dropped: not an exercise of the site
        "video:1:e1",
    ):
        assert error_of(attempt(client, headers, unknown, []), 404)["code"] == "not_found"


# Attempts ---------------------------------------------------------------------------------------


def test_an_attempt_is_judged_and_kept(client, member):
    _, headers = member("free")
    assert data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5"])) == {
        "id": FREE_E2,
        "solved": False,
        "hints": 0,
        "failed": False,
        "alternative": None,
    }
    assert data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "h2h3"], hints=1)) == {
        "id": FREE_E2,
        "solved": False,
        "hints": 1,
        "failed": True,
        "alternative": None,
    }
    solved = data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "g1f3"]))
    assert solved == {
        "id": FREE_E2,
        "solved": True,
        "hints": 1,
        "failed": True,
        "alternative": None,
    }
    # Solved stays solved, the same attempt twice is one state.
    assert data(attempt(client, headers, FREE_E2, ["a2a3"])) == solved | {"failed": True}
    assert data(attempt(client, headers, FREE_E2, ["a2a3"])) == solved


def test_every_alternative_is_right_and_said_so(client, member):
    _, headers = member("free")
    # One move as good as the line's: solved there, with the teacher's words.
    also = data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "b1c3"]))
    assert (also["solved"], also["failed"]) == (True, False)
    assert also["alternative"] == {
        "at": 2,
        "moves": ["b1c3"],
        "comment": "Also good: the other knight",
    }
    # An alternative with a line of its own goes on along it, its replies included.
    _, headers = member("free")
    first = data(attempt(client, headers, FREE_E2, ["d2d4"]))
    assert (first["solved"], first["failed"]) == (False, False)
    assert first["alternative"]["moves"] == ["d2d4", "d7d5", "c2c4"]
    done = data(attempt(client, headers, FREE_E2, ["d2d4", "d7d5", "c2c4"]))
    assert (done["solved"], done["failed"]) == (True, False)
    wrong = data(attempt(client, headers, FREE_E2, ["d2d4", "d7d5", "g1f3"]))
    assert wrong["failed"] is True
    refused = attempt(client, headers, FREE_E2, ["d2d4", "e7e5"])  # the line's reply, not its own
    assert error_of(refused, 400)["code"] == "validation_failed"


def test_a_tempting_mistake_is_a_wrong_move(client, member):
    _, headers = member("free")
    found = data(attempt(client, headers, FREE_E2, ["f2f3", "e7e5"]))
    assert (found["solved"], found["failed"], found["alternative"]) == (False, True, None)


def test_giving_up_is_a_failure_that_comes_back_in_review(client, member, app):
    now = datetime.now(UTC)
    app_context(app).clock = lambda: now
    _, headers = member("free")
    gave_up = client.put(
        f"/content/exercises/{FREE_E2}",
        json={"moves": ["e2e4", "e7e5"], "hints": 2, "gave_up": True},
        headers=headers,
    )
    assert data(gave_up) == {
        "id": FREE_E2,
        "solved": False,
        "hints": 2,
        "failed": True,
        "alternative": None,
    }
    now += timedelta(minutes=11)
    review = data(client.get("/content/puzzles/me", headers=headers))["review"]
    assert [(item["kind"], item["id"]) for item in review["items"]] == [("exercise", FREE_E2)]
    # Given up again when it is due: it stays in review, due again minutes later.
    client.put(
        f"/content/exercises/{FREE_E2}",
        json={"moves": [], "gave_up": True},
        headers=headers,
    )
    review = data(client.get("/content/puzzles/me", headers=headers))["review"]
    assert (review["due_now"], review["due_today"]) == (0, 1)


def test_giving_up_after_the_last_move_changes_nothing(client, member):
    _, headers = member("free")
    body = {"moves": ["e2e4", "e7e5", "g1f3"], "gave_up": True}
    answer = data(client.put(f"/content/exercises/{FREE_E2}", json=body, headers=headers))
    assert (answer["solved"], answer["failed"]) == (True, False)


def test_any_mate_at_the_last_move_solves(client, member):
    _, headers = member("pro")
    assert data(attempt(client, headers, PRO_E1, ["b1b8"]))["solved"] is True


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"moves": "e2e4"},
        {"moves": ["e2e4"], "hints": -1},
        {"moves": ["E2E4"]},
        {"moves": ["e2e4", "d7d5"]},  # not the line's reply
        {"moves": ["e2e5"]},  # illegal
        {"moves": ["e2e4", "e7e5", "g1f3", "b8c6"]},  # longer than the line
    ],
)
def test_a_bad_body_is_refused(client, member, body):
    _, headers = member("free")
    answer = client.put(f"/content/exercises/{FREE_E2}", json=body, headers=headers)
    assert error_of(answer, 400)["code"] == "validation_failed"


def test_attempts_need_a_member(client):
    assert attempt(client, {}, FREE_E1, ["h5f7"]).status_code == 401


# Progress -----------------------------------------------------------------------------------


def test_solved_and_watched_show_in_the_lesson_its_card_and_for_no_one_else(client, member):
    _, headers = member("free")
    attempt(client, headers, FREE_E1, ["h5f7"])
    put(client, headers, "lesson_chapter", f"{FREE_LESSON}:1", position=95, duration=100)
    lesson = client.get(f"/cms/lessons/{FREE_LESSON}", headers=headers).get_json()
    first = lesson["chapters"][0]
    assert [e["solved"] for e in first["exercises"]] == [True, False]
    assert (first["videos_watched"], first["exercises_solved"], first["exercises_total"]) == (
        1,
        1,
        2,
    )
    figures = {
        key: lesson[key]
        for key in ("videos_watched", "videos_total", "exercises_solved", "exercises_total")
    }
    assert figures == {
        "videos_watched": 1,
        "videos_total": 3,
        "exercises_solved": 1,
        "exercises_total": 3,
    }
    assert lesson["progress"] == 33  # 200 of 600: three videos and three exercises weigh alike
    assert lesson["completed_chapters"] == 0  # its second exercise is not solved
    cards = data(client.get(f"/content/progress/cards?lessons={FREE_LESSON}", headers=headers))
    assert cards["lessons"][str(FREE_LESSON)]["exercises_solved"] == 1
    assert cards["lessons"][str(FREE_LESSON)]["progress"] == lesson["progress"]

    guest = client.get(f"/cms/lessons/{FREE_LESSON}").get_json()
    assert not any(e["solved"] for c in guest["chapters"] for e in c["exercises"])
    _, other = member("free")
    again = client.get(f"/cms/lessons/{FREE_LESSON}", headers=other).get_json()
    assert again["exercises_solved"] == 0


def test_a_started_lesson_shows_on_its_card_from_an_exercise_alone(client, member):
    _, headers = member("free")
    attempt(client, headers, FREE_E1, ["h5f7"])
    cards = data(client.get(f"/content/progress/cards?lessons={FREE_LESSON}", headers=headers))
    assert cards["lessons"][str(FREE_LESSON)]["exercises_solved"] == 1


def test_a_program_counts_videos_watched_and_exercises_solved(client, member):
    _, headers = member("free")
    attempt(client, headers, f"program_subchapter:{FREE_CHAPTER}:1:e1", ["h5f7"])
    put(
        client,
        headers,
        "program_subchapter",
        f"{FREE_CHAPTER}:1",
        position=10,
        duration=100,
        event="ended",
    )
    program = client.get(f"/cms/programs/{FREE_PROGRAM}", headers=headers).get_json()
    assert (program["videos_watched"], program["exercises_solved"], program["exercises_total"]) == (
        1,
        1,
        2,
    )
    chapter = next(c for c in program["chapters"] if c["id"] == FREE_CHAPTER)
    assert (chapter["videos_watched"], chapter["exercises_solved"]) == (1, 1)
    assert "_exercise_ids" not in json.dumps(program)
    detail = client.get(f"/cms/program-chapters/{FREE_CHAPTER}", headers=headers).get_json()
    assert detail["subchapters"][0]["exercises"][0]["solved"] is True
    assert (detail["videos_watched"], detail["exercises_solved"], detail["exercises_total"]) == (
        1,
        1,
        2,
    )
    cards = data(client.get(f"/content/progress/cards?programs={FREE_PROGRAM}", headers=headers))
    assert cards["programs"][str(FREE_PROGRAM)]["exercises_solved"] == 1


# Continue learning -------------------------------------------------------------------------


def test_a_lesson_with_nothing_half_watched_shows_what_is_up_next(client, member):
    _, headers = member("free")
    put(
        client,
        headers,
        "lesson_chapter",
        f"{FREE_LESSON}:1",
        position=100,
        duration=100,
        event="ended",
    )
    cards = data(client.get("/content/continue", headers=headers))
    card = next(c for c in cards if c["link"].get("lesson_id") == FREE_LESSON)
    # Its first video watched: its exercises come next.
    assert card["up_next"] == {
        "kind": "exercise",
        "title": "White to play and win",
        "link": {"lesson_id": FREE_LESSON, "chapter": 1, "exercise_id": FREE_E1},
    }
    attempt(client, headers, FREE_E1, ["h5f7"])
    attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "g1f3"])
    card = next(
        c
        for c in data(client.get("/content/continue", headers=headers))
        if c["link"].get("lesson_id") == FREE_LESSON
    )
    assert card["id"] == f"{FREE_LESSON}:2"
    assert card["up_next"]["kind"] == "video"
    assert card["up_next"]["link"] == {"lesson_id": FREE_LESSON, "chapter": 2}


def test_a_half_watched_video_keeps_its_card_with_what_is_up_next(client, member):
    _, headers = member("free")
    put(client, headers, "program_subchapter", f"{FREE_CHAPTER}:2", position=30, duration=100)
    cards = data(client.get("/content/continue", headers=headers))
    assert [c["id"] for c in cards] == [f"{FREE_CHAPTER}:2"]
    assert cards[0]["up_next"]["kind"] == "video"
    assert cards[0]["up_next"]["link"]["subchapter_id"] == f"{FREE_CHAPTER}:2"


# The member's data ---------------------------------------------------------------------------


def test_exercises_are_in_the_members_data_and_go_with_the_account(client, member, app):
    user_id, headers = member("free")
    attempt(client, headers, FREE_E1, ["h5f7"], hints=2)
    exported = data(client.get("/users/account/export", headers=headers))
    assert [(e["id"], e["solved"], e["hints"]) for e in exported["exercises"]] == [
        (FREE_E1, True, 2)
    ]
    from datetime import UTC, datetime

    from bff.learning.member_data import PROGRESS_DATA
    from bff.platform.extensions import db

    with app.app_context():
        PROGRESS_DATA.erase(db.session, user_id, now=datetime.now(UTC))
        db.session.commit()
        assert PROGRESS_DATA.export(db.session, user_id) == {"progress": [], "exercises": []}


def test_a_failed_exercise_comes_back_for_review(client, member, app):
    now = datetime.now(UTC)
    app_context(app).clock = lambda: now  # moved below, within the access token's life
    _, headers = member("free")
    data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "h2h3"]))
    data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "h2h3"]))  # again: nothing more
    review = data(client.get("/content/puzzles/me", headers=headers))["review"]
    assert (review["due_today"], review["due_now"]) == (1, 0)
    now += timedelta(minutes=11)
    review = data(client.get("/content/puzzles/me", headers=headers))["review"]
    assert [(item["kind"], item["id"]) for item in review["items"]] == [("exercise", FREE_E2)]
    data(attempt(client, headers, FREE_E2, ["e2e4", "e7e5", "g1f3"]))  # solved in review
    assert data(client.get("/content/puzzles/me", headers=headers))["review"]["due_now"] == 0
    data(attempt(client, headers, FREE_E1, ["h5f7"]))  # solved at once: never in review
    assert data(client.get("/content/puzzles/me", headers=headers))["review"]["due_today"] == 0
