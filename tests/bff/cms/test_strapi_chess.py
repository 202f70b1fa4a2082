"""Wrong chess is refused when an editor saves it in a real Strapi (scripts/with-strapi), with a
message naming the component and field; right chess is saved, published and served on the
site's board by the BFF (cms-schema/src/chess/: the save check; chess-cases.json: the rules)."""

from __future__ import annotations

import pytest

from .strapi_support import EDITOR_TOKEN, NEEDS_STRAPI, about, handed_on, strapi

pytestmark = NEEDS_STRAPI

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"


def exercise(**fields) -> dict:
    return {"key": "e1", "fen": MATE_IN_ONE, "moves": "d1d8", "prompt": "White mates", **fields}


@pytest.fixture
def lesson_data() -> dict:
    """A new lesson's fields, its relations those of a seed lesson."""
    model = strapi("GET", "/api/lessons?populate=*&pagination[limit]=1", EDITOR_TOKEN)
    model = model.json()["data"][0]
    return {
        "title": "Back-rank mates, checked",
        "slug": "back-rank-mates-checked",
        "description": "Written on the board.",
        "description_short": "Board.",
        "duration": 600,
        "subscription_level": "free",
        "thumbnail": model["thumbnail"]["id"],
        "teacher": model["teacher"]["documentId"],
        "difficulty_level": model["difficulty_level"]["documentId"],
        "lesson_category": model["lesson_category"]["documentId"],
    }


def chapter(**fields) -> dict:
    return {"title": "The back rank", "video_id": "xchess1", "duration": 600, **fields}


def refused(answer) -> list[dict]:
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["name"] == "ValidationError"
    return error["details"]["errors"]


@pytest.mark.parametrize(
    ("fields", "path", "words"),
    [
        (
            {"exercises": [exercise(fen="6k1/5ppp/8/8/8/8/5PPP/3R4 w - - 0 1")]},
            ["chapters", 0, "exercises", 0, "fen"],
            "Lesson chapter 1, Exercise 1, fen: ",
        ),
        (
            {"exercises": [exercise(moves="d1d9")]},
            ["chapters", 0, "exercises", 0, "moves"],
            "Lesson chapter 1, Exercise 1, moves: move 1 'd1d9' is not legal",
        ),
        (
            {"exercises": [exercise(), exercise(key="e2", moves="d1d8 g8h7 d8a8")]},
            ["chapters", 0, "exercises", 1, "moves"],
            "Lesson chapter 1, Exercise 2, moves: move 2 'g8h7' is not legal",
        ),
        (
            {"exercises": [exercise(moves="d1d7 g8f8")]},
            ["chapters", 0, "exercises", 0, "moves"],
            "must be odd",
        ),
        (
            {"positions": [{"at": 5, "fen": "8/8/8/8/8/8/8/4K3 w - - 0 1"}]},
            ["chapters", 0, "positions", 0, "fen"],
            "Lesson chapter 1, Key position 1, fen: ",
        ),
        (
            {"pgn": "1. e4 e5 2. Ke3 *"},
            ["chapters", 0, "pgn"],
            "Lesson chapter 1, pgn: the PGN cannot be read: move 2. 'Ke3' is not legal",
        ),
    ],
    ids=["illegal fen", "illegal move", "illegal reply", "even line", "position", "pgn"],
)
def test_wrong_chess_is_refused_at_its_field(lesson_data, fields, path, words):
    answer = strapi(
        "POST",
        "/api/lessons?status=draft",
        EDITOR_TOKEN,
        json={"data": {**lesson_data, "chapters": [chapter(**fields)]}},
    )
    [problem] = refused(answer)
    assert problem["path"] == path
    assert words in problem["message"], problem["message"]
    # Nothing was saved
    found = strapi(
        "GET", "/api/lessons?status=draft&filters[slug][$eq]=back-rank-mates-checked", EDITOR_TOKEN
    )
    assert found.json()["data"] == []


def test_an_update_is_refused_too_and_the_stored_entry_kept(lesson_data):
    created = strapi(
        "POST",
        "/api/lessons?status=draft",
        EDITOR_TOKEN,
        json={"data": {**lesson_data, "chapters": [chapter(exercises=[exercise()])]}},
    )
    assert created.status_code in (200, 201), created.text
    document = created.json()["data"]["documentId"]
    try:
        answer = strapi(
            "PUT",
            f"/api/lessons/{document}?status=draft",
            EDITOR_TOKEN,
            json={"data": {"chapters": [chapter(exercises=[exercise(moves="d1d8 g8f8 a1a2")])]}},
        )
        [problem] = refused(answer)
        assert problem["path"] == ["chapters", 0, "exercises", 0, "moves"]
        kept = strapi(
            "GET",
            f"/api/lessons/{document}?status=draft&populate[chapters][populate]=exercises",
            EDITOR_TOKEN,
        )
        assert kept.json()["data"]["chapters"][0]["exercises"][0]["moves"] == "d1d8"
    finally:
        strapi("DELETE", f"/api/lessons/{document}", EDITOR_TOKEN)


def test_a_right_exercise_is_saved_published_and_served_on_the_board(
    strapi_app, deliveries, lesson_data
):
    site = strapi_app().test_client()
    line = exercise(
        key="mate",
        fen=START,
        moves="f2f3 e7e5 g2g4 d8h4",
        comments=["Weakens the king.", None, "Opens the diagonal.", None, "Mate."],
    )
    # An even line is refused; with the learner's last move, the same exercise is saved.
    refused(
        strapi(
            "POST",
            "/api/lessons?status=published",
            EDITOR_TOKEN,
            json={"data": {**lesson_data, "chapters": [chapter(exercises=[line])]}},
        )
    )
    # Fool's mate from Black's side: the learner plays Black after 1.f3.
    line = exercise(
        key="mate",
        fen="rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
        moves="e7e5 g2g4 d8h4",
        comments=["Opens the queen's diagonal.", "A second weakening.", "Mate."],
        alternatives=[{"at": 0, "moves": "e7e6 g2g4 d8h4", "comment": "Also mate."}],
    )
    answer = strapi(
        "POST",
        "/api/lessons?status=published",
        EDITOR_TOKEN,
        json={"data": {**lesson_data, "chapters": [chapter(exercises=[line])]}},
    )
    assert answer.status_code in (200, 201), answer.text
    entry = answer.json()["data"]
    try:
        handed_on(site, deliveries.next_about("entry.publish", about("lesson", entry["public_id"])))
        page = site.get(f"/cms/lessons/{entry['public_id']}")
        assert page.status_code == 200, page.get_json()
        [served] = page.get_json()["chapters"][0]["exercises"]
        assert served["fen"] == line["fen"]
        assert served["moves"] == ["e7e5", "g2g4", "d8h4"]
        assert served["comments"][2] == "Mate."
        assert served["alternatives"][0]["moves"] == ["e7e6", "g2g4", "d8h4"]
    finally:
        strapi("DELETE", f"/api/lessons/{entry['documentId']}", EDITOR_TOKEN)
