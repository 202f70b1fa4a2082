"""GET /content/progress/cards: a member's progress in the lesson and program cards of a list,
the same figures as the detail answers give, from a call of its own (the lists stay the same
for every viewer)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from bff.learning.positions import Place
from bff.learning.progress import FIGURES, lesson_card, program_card
from bff.platform.extensions import db

from ..builders import error_of
from .test_positions import FREE_PROGRAM, PRO_PROGRAM, data, lessons, put


def cards(client, headers, *, lessons=(), programs=()):
    query = [("lessons", i) for i in lessons] + [("programs", i) for i in programs]
    return client.get("/content/progress/cards", query_string=query, headers=headers)


# Shapes -----------------------------------------------------------------------------------------


def test_a_lesson_card_counts_its_chapters():
    lesson = {"id": 3, "chapters": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]}
    places = {
        "3:1": Place(100.0, 100.0, 100, True, None),
        "3:2": Place(50.0, 100.0, 50, False, None),
        "4:1": Place(100.0, 100.0, 100, True, None),  # another lesson's
    }
    assert lesson_card(lesson, places) == {
        "progress": 38,
        "completed": 1,
        "count": 4,
        "videos_watched": 1,
        "videos_total": 4,
        "exercises_solved": 0,
        "exercises_total": 0,
    }
    assert lesson == {"id": 3, "chapters": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]}


def test_a_program_card_counts_its_videos():
    program = {"chapters": [{"id": 1, "lesson_count": 1}, {"id": 2, "lesson_count": 3}]}
    assert program_card(program, {1: {1: 100}, 2: {1: 50}}) == {
        "progress": 38,  # 150 of 400
        "completed": 1,
        "count": 4,
        "videos_watched": 1,
        "videos_total": 4,
        "exercises_solved": 0,
        "exercises_total": 0,
    }
    assert "progress" not in program  # the entry itself is left as it was


# Over HTTP --------------------------------------------------------------------------------------


def test_the_figures_are_those_of_the_detail_answers(client, member):
    _, headers = member("free")
    first, second, untouched = (card["id"] for card in lessons(client, "free")[:3])
    put(client, headers, "lesson_chapter", f"{first}:1", position=50, duration=100)
    put(client, headers, "lesson_chapter", f"{second}:1", position=100, duration=100, event="ended")
    put(client, headers, "lesson_chapter", f"{second}:2", position=30, duration=100)
    put(client, headers, "program_subchapter", "10:1", position=95, duration=100)
    put(client, headers, "program_subchapter", "9:2", position=40, duration=100)

    found = data(
        cards(client, headers, lessons=[first, second, untouched], programs=[FREE_PROGRAM])
    )

    for lesson_id in (first, second):
        lesson = client.get(f"/cms/lessons/{lesson_id}", headers=headers).get_json()
        assert found["lessons"][str(lesson_id)] == {
            "progress": lesson["progress"],
            "completed": lesson["completed_chapters"],
            "count": len(lesson["chapters"]),
            **{key: lesson[key] for key in FIGURES},
        }
        assert lesson["progress"] > 0
    assert str(untouched) not in found["lessons"]  # never started: the client shows 0
    program = client.get(f"/cms/programs/{FREE_PROGRAM}", headers=headers).get_json()
    assert found["programs"] == {
        str(FREE_PROGRAM): {
            "progress": program["progress"],
            "completed": program["completed_lessons"],
            "count": program["lesson_count"],
            **{key: program[key] for key in FIGURES},
        }
    }
    assert (program["completed_lessons"], program["lesson_count"]) == (1, 21)


def test_nothing_started_answers_empty_maps(client, member):
    _, headers = member("free")
    lesson_id = lessons(client, "free")[0]["id"]
    assert data(cards(client, headers, lessons=[lesson_id], programs=[FREE_PROGRAM])) == {
        "lessons": {},
        "programs": {},
    }
    assert data(cards(client, headers)) == {"lessons": {}, "programs": {}}


def test_other_members_positions_never_show(client, member):
    _, watcher = member("free")
    _, other = member("free")
    lesson_id = lessons(client, "free")[0]["id"]
    put(client, watcher, "lesson_chapter", f"{lesson_id}:1", position=60, duration=100)
    put(client, watcher, "program_subchapter", "10:1", position=60, duration=100)

    mine = data(cards(client, watcher, lessons=[lesson_id], programs=[FREE_PROGRAM]))
    theirs = data(cards(client, other, lessons=[lesson_id], programs=[FREE_PROGRAM]))

    assert mine["lessons"][str(lesson_id)]["progress"] > 0
    assert mine["programs"][str(FREE_PROGRAM)]["progress"] > 0
    assert theirs == {"lessons": {}, "programs": {}}


def test_a_lesson_id_that_prefixes_another_is_not_mixed_up(client, member):
    _, headers = member("free")
    lesson_id = lessons(client, "free")[0]["id"]
    put(client, headers, "lesson_chapter", f"{lesson_id}:1", position=60, duration=100)
    longer = int(f"{lesson_id}0")  # '10:…' is not lesson 1's chapter
    assert data(cards(client, headers, lessons=[longer])) == {"lessons": {}, "programs": {}}


def test_unknown_ids_are_left_out(client, member):
    _, headers = member("free")
    assert data(cards(client, headers, lessons=[99999], programs=[99999])) == {
        "lessons": {},
        "programs": {},
    }


def test_a_locked_program_still_shows_the_members_own_figures(client, member):
    _, pro = member("pro")
    chapter_id = client.get(f"/cms/programs/{PRO_PROGRAM}", headers=pro).get_json()["chapters"][0][
        "id"
    ]
    put(client, pro, "program_subchapter", f"{chapter_id}:1", position=95, duration=100)
    found = data(cards(client, pro, programs=[PRO_PROGRAM]))
    assert found["programs"][str(PRO_PROGRAM)]["completed"] == 1


def test_guests_are_refused(client):
    assert error_of(cards(client, {}, lessons=[1]), 401)["code"] == "unauthorized"


def test_fifty_ids_of_each_kind_at_most(client, member):
    _, headers = member("free")
    ids = list(range(1, 51))
    assert cards(client, headers, lessons=ids, programs=ids).status_code == 200
    too_many = error_of(cards(client, headers, lessons=list(range(1, 52))), 400)
    assert too_many["code"] == "validation_failed"
    assert "lessons" in too_many["fields"]
    assert (
        "programs" in error_of(cards(client, headers, programs=list(range(1, 52))), 400)["fields"]
    )


@pytest.mark.parametrize(
    "query", [[("lessons", "a")], [("lessons", "0")], [("programs", "-1")], [("other", "1")]]
)
def test_ids_are_validated(client, member, query):
    _, headers = member("free")
    answer = client.get("/content/progress/cards", query_string=query, headers=headers)
    assert error_of(answer, 400)["code"] == "validation_failed"


def test_one_query_per_kind_for_the_positions(client, member, app):
    _, headers = member("free")
    ids = [card["id"] for card in lessons(client, "free")[:5]]
    for lesson_id in ids:
        put(client, headers, "lesson_chapter", f"{lesson_id}:1", position=50, duration=100)
    cards(client, headers, lessons=ids, programs=[FREE_PROGRAM, PRO_PROGRAM])  # a warm cache

    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def seen(conn, cursor, statement, *args):
        if "watch_positions" in statement:
            statements.append(statement)

    sa.event.listen(engine, "before_cursor_execute", seen)
    try:
        answer = cards(client, headers, lessons=ids, programs=[FREE_PROGRAM, PRO_PROGRAM])
    finally:
        sa.event.remove(engine, "before_cursor_execute", seen)
    assert len(data(answer)["lessons"]) == 5
    assert len(statements) == 2
