"""A real Strapi 5 as editors and the public meet it (scripts/with-strapi).

Strapi serves nothing to anonymous callers and the BFF's token only reads, so Pro video ids
leave through the BFF's locks or not at all. An editor's change to an entry that a detail page
shows (a teacher's name on a lesson, an author on an article, a program on its chapter, a
replaced image) reaches that page at once: the webhook Strapi sends names the entry, and every
cached answer is tagged with every entry and image it shows.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests
from PIL import Image

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")
BFF_TOKEN = os.environ.get("TEST_STRAPI_TOKEN", "")
EDITOR_TOKEN = os.environ.get("TEST_STRAPI_EDITOR_TOKEN", "")
SECRET = "editors-webhook-secret"

pytestmark = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)

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


def strapi(method: str, path: str, token: str = "", **kwargs) -> requests.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.request(method, f"{STRAPI_URL}{path}", headers=headers, timeout=30, **kwargs)


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


def test_uploaded_images_stay_public(strapi_client):
    lesson = strapi_client.get("/cms/lessons?_limit=1").get_json()[0]
    url = lesson["thumbnail"]["url"]
    assert requests.get(url, timeout=30).status_code == 200


@pytest.fixture
def strapi_client(make_app):
    app = make_app(CMS_URL=STRAPI_URL, CMS_TOKEN=BFF_TOKEN, CMS_WEBHOOK_SECRET=SECRET)
    return app.test_client()


def document_id(plural: str, entry_id: int) -> str:
    found = strapi("GET", f"/api/{plural}?filters[id][$eq]={entry_id}", EDITOR_TOKEN)
    assert found.status_code == 200, found.text
    return found.json()["data"][0]["documentId"]


@contextmanager
def edited(client, plural: str, model: str, entry_id: int, field: str, value) -> Iterator[None]:
    """An editor saves a new value in Strapi, which tells the BFF; the old value comes back
    afterwards (the same way), so other tests see the seed."""
    document = document_id(plural, entry_id)
    before = strapi("GET", f"/api/{plural}/{document}", EDITOR_TOKEN).json()["data"][field]

    def save(new):
        saved = strapi(
            "PUT", f"/api/{plural}/{document}", EDITOR_TOKEN, json={"data": {field: new}}
        )
        assert saved.status_code == 200, saved.text
        delivered(client, {"event": "entry.update", "model": model, "entry": {"id": entry_id}})

    save(value)
    try:
        yield
    finally:
        save(before)


def delivered(client, event: dict) -> None:
    """The webhook as Strapi delivers it (README: Content, Cache)."""
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202, answer.get_json()


def free_lesson(client) -> dict:
    card = next(c for c in client.get("/cms/lessons?_limit=100").get_json() if not c["locked"])
    return client.get(f"/cms/lessons/{card['id']}").get_json()


def test_renaming_a_teacher_reaches_the_lesson_page_at_once(strapi_client):
    lesson = free_lesson(strapi_client)
    teacher = lesson["teacher"]
    with edited(strapi_client, "teachers", "teacher", teacher["id"], "name", "Renamed Teacher"):
        again = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()
        assert again["teacher"]["name"] == "Renamed Teacher"
    assert strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json() == lesson


def test_renaming_an_author_reaches_the_article_page_at_once(strapi_client):
    article = strapi_client.get("/cms/articles/1").get_json()
    with edited(strapi_client, "authors", "author", article["author"]["id"], "name", "A. Nother"):
        assert strapi_client.get("/cms/articles/1").get_json()["author"]["name"] == "A. Nother"


def test_retitling_a_program_reaches_its_chapter_pages_at_once(strapi_client):
    chapter = strapi_client.get("/cms/program-chapters/241").get_json()
    program = chapter["program"]
    with edited(strapi_client, "programs", "program", program["id"], "title", "A new title"):
        again = strapi_client.get("/cms/program-chapters/241").get_json()
        assert again["program"]["title"] == "A new title"


def png(width: int, height: int) -> bytes:
    picture = io.BytesIO()
    Image.new("RGB", (width, height), (40, 120, 60)).save(picture, format="PNG")
    return picture.getvalue()


def test_a_replaced_image_reaches_the_pages_that_show_it(strapi_client):
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
        delivered(strapi_client, {"event": "media.update", "media": {"id": record["id"]}})

    replace(png(640, 360))
    try:
        again = strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()
        assert (again["thumbnail"]["width"], again["thumbnail"]["height"]) == (640, 360)
    finally:
        replace(original)
    assert strapi_client.get(f"/cms/lessons/{lesson['id']}").get_json()["thumbnail"] == image
