"""Watch positions: where a member stopped in any watchable item, the continue-learning row,
and the progress they put into the gateway's lesson, episode and program answers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

import pytest

from bff.accounts.models import User
from bff.accounts.sign_in import start_session
from bff.app_context import app_context
from bff.learning.positions import NOT_STARTED, Place, share
from bff.learning.progress import percent
from bff.platform.extensions import db

from ..builders import error_of

FREE_PROGRAM = 2  # chapter 10 has 2 videos; 21 videos in all
PRO_PROGRAM = 1


def put(client, headers, kind: str, item_id: str, **body):
    return client.put(f"/content/positions/{kind}/{item_id}", json=body, headers=headers)


def data(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["data"]


def lessons(client, level: str) -> list[dict]:
    cards = client.get("/cms/lessons?_limit=100").get_json()
    return [card for card in cards if card["subscription_level"] == level]


def episodes(client) -> list[dict]:
    masterclass = client.get("/masterclasses/masterclass").get_json()["data"]
    return [e for chapter in masterclass["chapters"] for e in chapter["episodes"]]


def free_and_pro_videos(client) -> tuple[int, int]:
    found = {client.get(f"/cms/videos/{number}").status_code: number for number in range(1, 15)}
    return found[200], found[403]


@pytest.fixture
def moving_clock(app):
    """The application's clock, ten milliseconds further on each time it is read: no two
    reports share a moment."""
    ticks = count(1)
    app_context(app).clock = lambda: datetime.now(UTC) + timedelta(milliseconds=10 * next(ticks))


# Arithmetic -----------------------------------------------------------------------------------


def test_a_position_is_a_whole_percent_of_its_duration():
    assert share(45, 90) == 50
    assert share(89.9, 100) == 89
    assert share(10, 0) == 0
    assert Place(30.0, 120.0, 25, False, None).percent == 25
    assert NOT_STARTED.percent == 0


# Recording -------------------------------------------------------------------------------------


def signed_in_again(app, user_id: int) -> dict[str, str]:
    """The member's second device: a session of its own."""
    with app.app_context():
        session = start_session(
            db.session,
            db.session.get(User, user_id),
            now=datetime.now(UTC),
            secret=app_context(app).settings.jwt_secret_key,
        )
        return {"Authorization": f"Bearer {session.access}"}


def test_a_position_is_kept_and_read_back_on_another_device(client, member, app):
    user_id, phone = member("free")
    lesson = lessons(client, "free")[0]
    recorded = data(
        put(
            client,
            phone,
            "lesson_chapter",
            f"{lesson['id']}:1",
            position=42.5,
            duration=300,
            event="pause",
        )
    )
    assert (recorded["position"], recorded["duration"], recorded["percent"]) == (42.5, 300, 14)
    assert recorded["started"] is True and recorded["completed"] is False

    desktop = signed_in_again(app, user_id)
    assert desktop != phone
    again = client.get(f"/content/positions/lesson_chapter/{lesson['id']}:1", headers=desktop)
    assert data(again) == recorded


def test_an_item_never_played_is_at_zero_not_404(client, member):
    _, headers = member("free")
    lesson = lessons(client, "free")[0]
    place = data(client.get(f"/content/positions/lesson_chapter/{lesson['id']}:1", headers=headers))
    assert place["position"] == 0 and place["started"] is False and place["updated_at"] is None


def test_the_same_report_twice_is_one_state(client, member):
    user_id, headers = member("free")
    first = data(put(client, headers, "program_subchapter", "10:1", position=60, duration=200))
    second = data(put(client, headers, "program_subchapter", "10:1", position=60, duration=200))
    assert {k: v for k, v in first.items() if k != "updated_at"} == {
        k: v for k, v in second.items() if k != "updated_at"
    }
    with client.application.app_context():
        from bff.learning.models import WatchPosition

        assert db.session.query(WatchPosition).filter_by(user_id=user_id).count() == 1


@pytest.mark.parametrize(("position", "kept"), [(-5, 0), (500, 200), (0, 0), (200, 200)])
def test_a_position_is_clamped_to_the_duration(client, member, position, kept):
    _, headers = member("free")
    place = data(
        put(client, headers, "program_subchapter", "10:2", position=position, duration=200)
    )
    assert place["position"] == kept


def test_completed_at_ninety_percent_and_it_stays_completed(client, member):
    _, headers = member("free")
    assert not data(put(client, headers, "program_subchapter", "10:1", position=170, duration=200))[
        "completed"
    ]
    done = data(put(client, headers, "program_subchapter", "10:1", position=180, duration=200))
    assert done["completed"] is True
    rewound = data(put(client, headers, "program_subchapter", "10:1", position=10, duration=200))
    assert rewound["completed"] is True and rewound["position"] == 10
    assert rewound["progress"] == 90  # the furthest, not where it is now


def test_the_ended_event_completes(client, member):
    _, headers = member("free")
    lesson = lessons(client, "free")[0]
    place = data(
        put(
            client,
            headers,
            "lesson_chapter",
            f"{lesson['id']}:1",
            position=100,
            duration=300,
            event="ended",
        )
    )
    assert place["completed"] is True


def test_every_kind_of_item_can_be_recorded(client, member):
    _, headers = member("pro")
    free_video, _ = free_and_pro_videos(client)
    kinds = [
        ("lesson_chapter", f"{lessons(client, 'pro')[0]['id']}:1"),
        ("masterclass_episode", str(episodes(client)[0]["id"])),
        ("program_subchapter", "10:1"),
        ("video", str(free_video)),
    ]
    for kind, item_id in kinds:
        assert data(put(client, headers, kind, item_id, position=5, duration=50))["type"] == kind


# Refusals -------------------------------------------------------------------------------------


def test_positions_need_a_member(client):
    assert (
        error_of(put(client, {}, "program_subchapter", "10:1", position=1, duration=9), 401)["code"]
        == "unauthorized"
    )
    assert error_of(client.get("/content/positions/program_subchapter/10:1"), 401)
    assert error_of(client.get("/content/continue"), 401)["code"] == "unauthorized"


def test_a_locked_item_is_refused(client, member):
    _, headers = member("free")
    pro_lesson = lessons(client, "pro")[0]
    _, pro_video = free_and_pro_videos(client)
    chapter = client.get(f"/cms/programs/{PRO_PROGRAM}", headers=member("pro")[1]).get_json()[
        "chapters"
    ][0]["id"]
    for kind, item_id in [
        ("lesson_chapter", f"{pro_lesson['id']}:1"),
        ("video", str(pro_video)),
        ("program_subchapter", f"{chapter}:1"),
    ]:
        answer = put(client, headers, kind, item_id, position=5, duration=50)
        assert error_of(answer, 403)["code"] == "content_locked", kind


@pytest.mark.parametrize(
    ("kind", "item_id"),
    [
        ("program_subchapter", "99999:1"),
        ("program_subchapter", "10:3"),
        ("lesson_chapter", "99999:1"),
        ("masterclass_episode", "99999"),
        ("video", "99999"),
        ("podcast", "1"),
        ("program_subchapter", "10"),  # a subchapter is named with its position
        ("video", "1:2"),
        ("lesson_chapter", "1:0"),
    ],
)
def test_an_unknown_item_is_not_found(client, member, kind, item_id):
    _, headers = member("pro")
    answer = put(client, headers, kind, item_id, position=5, duration=50)
    assert error_of(answer, 404)["code"] == "not_found"


def test_a_lesson_chapter_beyond_the_lesson_is_not_found(client, member):
    _, headers = member("free")
    lesson = client.get(f"/cms/lessons/{lessons(client, 'free')[0]['id']}").get_json()
    beyond = f"{lesson['id']}:{len(lesson['chapters']) + 1}"
    assert error_of(put(client, headers, "lesson_chapter", beyond, position=1, duration=9), 404)


@pytest.mark.parametrize(
    ("kind", "item_id", "body", "field"),
    [
        ("program_subchapter", "10:1", {"duration": 9}, "position"),
        ("program_subchapter", "10:1", {"position": 1}, "duration"),
        ("program_subchapter", "10:1", {"position": 1, "duration": 0}, "duration"),
        ("program_subchapter", "10:1", {"position": "x", "duration": 9}, "position"),
        ("program_subchapter", "10:1", {"position": 1, "duration": 9, "event": "seek"}, "event"),
    ],
)
def test_reports_are_validated(client, member, kind, item_id, body, field):
    _, headers = member("free")
    answer = client.put(f"/content/positions/{kind}/{item_id}", json=body, headers=headers)
    assert field in error_of(answer, 400)["fields"]


def test_hundreds_of_reports_a_minute_are_rate_limited(client, member):
    _, headers = member("free")
    _, other = member("free")
    statuses = [
        put(client, headers, "program_subchapter", "10:1", position=n, duration=200).status_code
        for n in range(61)
    ]
    assert statuses[:60] == [200] * 60
    assert statuses[60] == 429
    refused = put(client, headers, "program_subchapter", "10:1", position=1, duration=200)
    assert error_of(refused, 429)["code"] == "rate_limited"
    assert refused.headers["Retry-After"]
    # Counted per member: another member plays on.
    assert (
        put(client, other, "program_subchapter", "10:1", position=1, duration=200).status_code
        == 200
    )


# Continue learning ---------------------------------------------------------------------------


def test_continue_lists_unfinished_items_most_recent_first(client, member, moving_clock):
    _, headers = member("free")
    lesson = lessons(client, "free")[0]
    free_video, _ = free_and_pro_videos(client)
    put(client, headers, "program_subchapter", "10:1", position=30, duration=200)
    put(client, headers, "lesson_chapter", f"{lesson['id']}:1", position=40, duration=100)
    put(client, headers, "video", str(free_video), position=10, duration=100)
    put(client, headers, "program_subchapter", "10:2", position=100, duration=100)  # done
    put(client, headers, "program_subchapter", "9:1", position=0, duration=100)  # not started
    put(client, headers, "program_subchapter", "10:1", position=50, duration=200)  # latest

    cards = data(client.get("/content/continue", headers=headers))
    assert [(c["type"], c["id"]) for c in cards] == [
        ("program_subchapter", "10:1"),
        ("video", str(free_video)),
        ("lesson_chapter", f"{lesson['id']}:1"),
    ]
    subchapter, video, chapter = cards
    assert (subchapter["position"], subchapter["percent"]) == (50, 25)
    assert subchapter["link"] == {"program_id": FREE_PROGRAM, "chapter_id": 10}
    assert chapter["link"] == {"lesson_id": lesson["id"], "chapter": 1}
    assert video["link"] == {"entry_id": free_video}
    assert chapter["subtitle"] == lesson["title"] and chapter["title"]
    limited = data(client.get("/content/continue?_limit=1", headers=headers))
    assert [c["id"] for c in limited] == ["10:1"]


def test_continue_is_per_member(client, member):
    _, watcher = member("free")
    _, other = member("free")
    put(client, watcher, "program_subchapter", "10:1", position=30, duration=200)
    assert data(client.get("/content/continue", headers=other)) == []


def test_continue_drops_what_is_locked_now_and_never_shows_a_video_id(client, member, app):
    user_id, headers = member("pro")
    pro_lesson = client.get(
        f"/cms/lessons/{lessons(client, 'pro')[0]['id']}", headers=headers
    ).get_json()
    host_ids = {chapter["video_id"] for chapter in pro_lesson["chapters"]}
    put(client, headers, "lesson_chapter", f"{pro_lesson['id']}:1", position=30, duration=200)
    put(client, headers, "program_subchapter", "10:1", position=30, duration=200)
    shown = client.get("/content/continue", headers=headers)
    assert {c["type"] for c in data(shown)} == {"lesson_chapter", "program_subchapter"}
    assert "video_id" not in shown.get_data(as_text=True)

    with app.app_context():  # the subscription ended
        db.session.get(User, user_id).user_tier = "free"
        db.session.commit()
    now = client.get("/content/continue", headers=headers)
    assert [c["type"] for c in data(now)] == ["program_subchapter"]
    text = now.get_data(as_text=True)
    assert "video_id" not in text and not any(host in text for host in host_ids)


# Progress in the gateway's answers --------------------------------------------------------------


def test_lesson_answers_carry_the_members_progress(client, member):
    _, headers = member("free")
    lesson_id = lessons(client, "free")[0]["id"]
    put(client, headers, "lesson_chapter", f"{lesson_id}:1", position=50, duration=100)
    lesson = client.get(f"/cms/lessons/{lesson_id}", headers=headers).get_json()
    assert lesson["chapters"][0]["progress"] == 50
    assert lesson["progress"] == percent(50, len(lesson["chapters"]))
    assert lesson["completed_chapters"] == 0
    put(
        client,
        headers,
        "lesson_chapter",
        f"{lesson_id}:1",
        position=100,
        duration=100,
        event="ended",
    )
    lesson = client.get(f"/cms/lessons/{lesson_id}", headers=headers).get_json()
    assert (lesson["chapters"][0]["progress"], lesson["completed_chapters"]) == (100, 1)

    guest = client.get(f"/cms/lessons/{lesson_id}").get_json()
    assert guest["progress"] == 0 and {c["progress"] for c in guest["chapters"]} == {0}
    other = client.get(f"/cms/lessons/{lesson_id}", headers=member("free")[1]).get_json()
    assert other["progress"] == 0  # never another member's


def test_episode_answers_carry_the_members_progress(client, member):
    _, headers = member("pro")
    episode_id = next(e["id"] for e in episodes(client) if not e["locked"])
    put(client, headers, "masterclass_episode", str(episode_id), position=30, duration=120)
    episode = client.get(f"/cms/masterclass_episodes/{episode_id}", headers=headers).get_json()
    assert episode["progress"] == 25
    siblings = {e["id"]: e["progress"] for e in episode["chapter"]}
    assert siblings[episode_id] == 25
    assert set(siblings.values()) <= {0, 25}
    guest = client.get(f"/cms/masterclass_episodes/{episode_id}").get_json()
    assert guest["progress"] == 0 and {e["progress"] for e in guest["chapter"]} == {0}

    page = client.get("/masterclasses/masterclass", headers=headers).get_json()["data"]
    cards = {e["id"]: e["progress"] for c in page["chapters"] for e in c["episodes"]}
    assert cards[episode_id] == 25 and set(cards.values()) == {0, 25}
    assert {e["progress"] for e in episodes(client)} == {0}  # a guest's page


def test_program_answers_count_the_videos_done(client, member):
    _, headers = member("free")
    put(client, headers, "program_subchapter", "10:1", position=95, duration=100)
    put(client, headers, "program_subchapter", "10:2", position=20, duration=100)
    program = client.get(f"/cms/programs/{FREE_PROGRAM}", headers=headers).get_json()
    assert (program["completed_lessons"], program["lesson_count"]) == (1, 21)
    chapter = client.get("/cms/program-chapters/10", headers=headers).get_json()
    assert [sub["progress"] for sub in chapter["subchapters"]] == [100, 20]
    # The older percent-only call and the positions share one record.
    client.post(
        "/content/progress",
        json={"id": "10:2", "type": "program_subchapter_video", "progress": 60},
        headers=headers,
    )
    place = data(client.get("/content/positions/program_subchapter/10:2", headers=headers))
    assert (place["progress"], place["position"]) == (60, 20)
