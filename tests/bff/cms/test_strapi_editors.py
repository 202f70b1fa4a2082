"""A real Strapi 5 as editors and the public meet it (scripts/with-strapi).

Strapi serves nothing to anonymous callers and the BFF's token only reads, so Pro video ids
leave through the BFF's locks or not at all. An editor's change to an entry that a detail page
shows (a teacher's name on a lesson, an author on an article, a program on its chapter, a
replaced image) reaches that page at once: Strapi delivers its webhook (registered by
cms-schema's bootstrap) to a listener of the test, which hands it to the BFF as it came, and
every cached answer is tagged with every entry and image it shows.
"""

from __future__ import annotations

import io
from contextlib import contextmanager

import pytest
import requests
from PIL import Image

from .strapi_support import BFF_TOKEN, EDITOR_TOKEN, NEEDS_STRAPI, about, handed_on, strapi

pytestmark = NEEDS_STRAPI

COLLECTIONS = (
    "lessons",
    "programs",
    "program-chapters",
    "masterclass-episodes",
    "videos",
    "articles",
    "teachers",
)
SINGLES = ("masterclass", "home-hub", "upgrade-page", "grand-chess-tour", "footer")


def test_anonymous_callers_read_nothing():
    for path in [f"/api/{name}" for name in COLLECTIONS] + [f"/api/{name}" for name in SINGLES]:
        for query in ("", "?populate=*", "?filters[subscription_level][$eq]=pro&populate=*"):
            answer = strapi("GET", path + query)
            assert answer.status_code in (401, 403), (path + query, answer.status_code)
            assert "video_id" not in answer.text, path + query


def test_the_bffs_token_reads_but_cannot_write():
    found = strapi("GET", "/api/teachers?pagination[limit]=1", BFF_TOKEN)
    assert found.status_code == 200
    teacher = found.json()["data"][0]
    changed = strapi(
        "PUT",
        f"/api/teachers/{teacher['documentId']}",
        BFF_TOKEN,
        json={"data": {"name": "Not an editor"}},
    )
    assert changed.status_code == 403


@pytest.fixture
def strapi_client(strapi_app):
    return strapi_app().test_client()


def test_uploaded_images_stay_public(strapi_client):
    lesson = strapi_client.get("/cms/lessons?_limit=1").get_json()[0]
    assert requests.get(lesson["thumbnail"]["url"], timeout=30).status_code == 200


def document_id(plural: str, entry_id: int) -> str:
    """The documentId of the entry the site knows as ``entry_id`` (its public id)."""
    found = strapi("GET", f"/api/{plural}?filters[public_id][$eq]={entry_id}", EDITOR_TOKEN)
    assert found.status_code == 200, found.text
    return found.json()["data"][0]["documentId"]


@contextmanager
def edited(client, deliveries, plural: str, model: str, entry_id: int, field: str, value):
    """An editor saves and publishes a new value in Strapi, whose webhook tells the BFF; the old
    value comes back afterwards (the same way), so other tests see the seed."""
    document = document_id(plural, entry_id)
    before = strapi("GET", f"/api/{plural}/{document}", EDITOR_TOKEN).json()["data"][field]

    def save(new):
        saved = strapi(
            "PUT",
            f"/api/{plural}/{document}?status=published",
            EDITOR_TOKEN,
            json={"data": {field: new}},
        )
        assert saved.status_code == 200, saved.text
        handed_on(client, deliveries.next_about("entry.publish", about(model, entry_id)))

    save(value)
    try:
        yield
    finally:
        save(before)


def free_lesson(client) -> dict:
    card = next(c for c in client.get("/cms/lessons?_limit=100").get_json() if not c["locked"])
    return client.get(f"/cms/lessons/{card['id']}").get_json()


def test_renaming_a_teacher_reaches_the_lesson_page_at_once(strapi_client, deliveries):
    lesson = free_lesson(strapi_client)
    teacher = lesson["teacher"]
    with edited(
        strapi_client, deliveries, "teachers", "teacher", teacher["id"], "name", "Renamed Teacher"
    ):
        again = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()
        assert again["teacher"]["name"] == "Renamed Teacher"
    assert strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json() == lesson


def test_renaming_an_author_reaches_the_article_page_at_once(strapi_client, deliveries):
    article = strapi_client.get("/cms/articles/1").get_json()
    author = article["author"]["id"]
    with edited(strapi_client, deliveries, "authors", "author", author, "name", "A. Nother"):
        assert strapi_client.get("/cms/articles/1").get_json()["author"]["name"] == "A. Nother"


def test_retitling_a_program_reaches_its_chapter_pages_at_once(strapi_client, deliveries):
    program = strapi_client.get("/cms/program-chapters/241").get_json()["program"]
    with edited(
        strapi_client, deliveries, "programs", "program", program["id"], "title", "A new title"
    ):
        again = strapi_client.get("/cms/program-chapters/241").get_json()
        assert again["program"]["title"] == "A new title"


def png(width: int, height: int) -> bytes:
    picture = io.BytesIO()
    Image.new("RGB", (width, height), (40, 120, 60)).save(picture, format="PNG")
    return picture.getvalue()


def test_a_replaced_image_reaches_the_pages_that_show_it(strapi_client, deliveries):
    lesson = free_lesson(strapi_client)
    image = lesson["thumbnail"]
    files = strapi("GET", "/api/upload/files", EDITOR_TOKEN).json()
    record = next(f for f in files if image["url"].endswith(f["url"]))
    original = requests.get(image["url"], timeout=30).content

    def replace(content: bytes) -> None:
        replaced = strapi(
            "POST",
            f"/api/upload?id={record['id']}",
            EDITOR_TOKEN,
            files={"files": (record["name"], content, record["mime"])},
        )
        assert replaced.status_code == 200, replaced.text
        handed_on(
            strapi_client,
            deliveries.next_about(
                "media.update", lambda body: body["media"].get("id") == record["id"]
            ),
        )

    replace(png(640, 360))
    try:
        again = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()
        assert (again["thumbnail"]["width"], again["thumbnail"]["height"]) == (640, 360)
    finally:
        replace(original)
    assert strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()["thumbnail"] == image


@contextmanager
def single_edited(client, deliveries, path: str, model: str, data: dict):
    """An editor publishes new texts in a single type; the old ones come back afterwards."""
    before = strapi("GET", f"/api/{path}", EDITOR_TOKEN).json()["data"]

    def save(values):
        saved = strapi("PUT", f"/api/{path}?status=published", EDITOR_TOKEN, json={"data": values})
        assert saved.status_code == 200, saved.text
        handed_on(
            client, deliveries.next_about("entry.publish", lambda body: body.get("model") == model)
        )

    save(data)
    try:
        yield
    finally:
        save({key: before[key] for key in data})


def test_an_edited_heading_reaches_the_site_with_the_real_program_count(strapi_client, deliveries):
    programs = len(strapi_client.get("/cms/programs?_limit=100").get_json())
    texts = {"programs_title": "{count} programs to train with", "lessons_title": "All lessons"}
    with single_edited(strapi_client, deliveries, "list-page", "list-page", texts):
        page = strapi_client.get("/cms/list-page").get_json()
        assert page["programs_title"] == f"{programs} programs to train with"
        assert page["lessons_title"] == "All lessons"
    assert strapi_client.get("/cms/list-page").get_json()["lessons_title"] == "Lessons"


def test_an_edited_home_hero_reaches_the_home_page(strapi_client, deliveries):
    texts = {"hero_title": "Play like a champion", "app_title": "Our apps"}
    with single_edited(strapi_client, deliveries, "home-hub", "home-hub", texts):
        home = strapi_client.get("/cms/hubs/home").get_json()
        assert (home["hero_title"], home["app_title"]) == ("Play like a champion", "Our apps")


def chapters_of(document: str) -> list[dict]:
    """A lesson's chapters as an editor saves them back: nested components included, without
    the ids Strapi gave them."""
    found = strapi(
        "GET",
        f"/api/lessons/{document}?populate[chapters][populate][positions]=true"
        "&populate[chapters][populate][exercises]=true",
        EDITOR_TOKEN,
    )
    assert found.status_code == 200, found.text

    def bare(node):
        if isinstance(node, list):
            return [bare(item) for item in node]
        if isinstance(node, dict):
            return {key: bare(value) for key, value in node.items() if key != "id"}
        return node

    return bare(found.json()["data"]["chapters"])


def test_an_exercise_an_editor_adds_appears_on_the_lesson(strapi_client, deliveries):
    lesson = free_lesson(strapi_client)
    document = document_id("lessons", lesson["id"])
    before = chapters_of(document)
    exercise = {
        "key": "e9",
        "fen": "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "moves": "h5f7",
        "prompt": "White to play",
        "hint": "f7 is weak",
        "explanation": "Mate",
    }
    position = {"at": 12, "fen": exercise["fen"], "caption": "The fork"}
    changed = [
        {
            **before[0],
            "exercises": [*before[0].get("exercises", []), exercise],
            "positions": [*before[0].get("positions", []), position],
        },
        *before[1:],
    ]

    def save(chapters):
        saved = strapi(
            "PUT",
            f"/api/lessons/{document}?status=published",
            EDITOR_TOKEN,
            json={"data": {"chapters": chapters}},
        )
        assert saved.status_code == 200, saved.text
        handed_on(
            strapi_client, deliveries.next_about("entry.publish", about("lesson", lesson["id"]))
        )

    save(changed)
    try:
        chapter = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()["chapters"][0]
        added = next(e for e in chapter["exercises"] if e["key"] == "e9")
        assert added["id"] == f"lesson_chapter:{lesson['id']}:1:e9"
        assert added["moves"] == ["h5f7"] and added["hint"] == "f7 is weak"
        assert position in chapter["positions"]
    finally:
        save(before)
    again = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()["chapters"][0]
    assert "e9" not in [e["key"] for e in again["exercises"]]
