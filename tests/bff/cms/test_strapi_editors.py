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
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests
from PIL import Image

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")
BFF_TOKEN = os.environ.get("TEST_STRAPI_TOKEN", "")
EDITOR_TOKEN = os.environ.get("TEST_STRAPI_EDITOR_TOKEN", "")
WEBHOOK_PORT = int(os.environ.get("TEST_STRAPI_WEBHOOK_PORT") or 0)
SECRET = os.environ.get("TEST_STRAPI_WEBHOOK_SECRET", "")

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


@pytest.fixture
def strapi_client(make_app):
    app = make_app(CMS_URL=STRAPI_URL, CMS_TOKEN=BFF_TOKEN, CMS_WEBHOOK_SECRET=SECRET)
    return app.test_client()


def test_uploaded_images_stay_public(strapi_client):
    lesson = strapi_client.get("/cms/lessons?_limit=1").get_json()[0]
    assert requests.get(lesson["thumbnail"]["url"], timeout=30).status_code == 200


class Deliveries(ThreadingHTTPServer):
    """Where Strapi delivers its webhook during a test: each POST, its headers and body."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", WEBHOOK_PORT), _Delivery)
        self.received: queue.Queue = queue.Queue()

    def next_about(self, event: str, matches: Callable[[dict], bool]) -> tuple[dict, dict]:
        """The next delivery of ``event`` whose body ``matches``; others are passed over."""
        while True:
            headers, body = self.received.get(timeout=15)
            if body.get("event") == event and matches(body):
                return headers, body


class _Delivery(BaseHTTPRequestHandler):
    server: Deliveries

    def do_POST(self):  # noqa: N802 - the name http.server calls
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.received.put((dict(self.headers), body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def deliveries() -> Iterator[Deliveries]:
    server = Deliveries()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def handed_on(client, delivery: tuple[dict, dict]) -> None:
    """Strapi's delivery, given to the BFF with its own Authorization header and body."""
    headers, body = delivery
    answer = client.post(
        "/cms/webhooks/strapi", json=body, headers={"Authorization": headers["Authorization"]}
    )
    assert answer.status_code == 202, answer.get_json()


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


def about(model: str, entry_id: int) -> Callable[[dict], bool]:
    """Is a delivery about the entry the site knows as ``entry_id``?"""
    return lambda body: body.get("model") == model and body["entry"].get("public_id") == entry_id


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


# The editor's journey: drafts, preview, publish, unpublish -----------------------------------

PREVIEW_SECRET = os.environ.get("TEST_STRAPI_PREVIEW_SECRET", "")
SITE_URL = os.environ.get("TEST_STRAPI_SITE_URL", "")
ADMIN = {
    "email": os.environ.get("TEST_STRAPI_ADMIN_EMAIL", ""),
    "password": os.environ.get("TEST_STRAPI_ADMIN_PASSWORD", ""),
}


@pytest.fixture
def site(make_app):
    """The BFF on the real Strapi, with previews on (the secret Strapi signs its links with)."""
    app = make_app(
        CMS_URL=STRAPI_URL,
        CMS_TOKEN=BFF_TOKEN,
        CMS_WEBHOOK_SECRET=SECRET,
        CMS_PREVIEW_SECRET=PREVIEW_SECRET,
    )
    return app


class Admin:
    """Strapi's admin API, as the admin panel calls it for an editor."""

    def __init__(self):
        login = requests.post(f"{STRAPI_URL}/admin/login", json=ADMIN, timeout=30)
        assert login.status_code == 200, login.text
        self.token = login.json()["data"]["token"]

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        answer = strapi(method, path, self.token, **kwargs)
        assert answer.status_code in (200, 201), (path, answer.status_code, answer.text)
        return answer

    def preview_url(self, uid: str, document: str) -> str:
        path = f"/content-manager/preview/url/{uid}"
        answer = self.call("GET", path, params={"documentId": document, "status": "draft"})
        return answer.json()["data"]["url"]

    def publish(self, uid: str, document: str) -> None:
        self.call("POST", f"/content-manager/collection-types/{uid}/{document}/actions/publish")

    def unpublish(self, uid: str, document: str) -> None:
        self.call("POST", f"/content-manager/collection-types/{uid}/{document}/actions/unpublish")


def nothing_for_anonymous_callers() -> None:
    for query in ("", "?status=draft&populate=*"):
        answer = strapi("GET", f"/api/lessons{query}")
        assert answer.status_code in (401, 403), (query, answer.status_code)


def created(plural: str, data: dict, status: str) -> dict:
    answer = strapi("POST", f"/api/{plural}?status={status}", EDITOR_TOKEN, json={"data": data})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()["data"]


def visible_within_a_second(client, path: str, status: int) -> dict | None:
    """Asks the site until it answers ``status``, for at most a second (what editors are
    promised: the webhook has been handed on already)."""
    deadline = time.monotonic() + 1.0
    while True:
        answer = client.get(path)
        if answer.status_code == status:
            return answer.get_json()
        assert time.monotonic() < deadline, (path, answer.status_code, answer.get_json())
        time.sleep(0.05)


def test_an_editor_drafts_previews_publishes_renames_and_unpublishes(site, deliveries):
    guest = site.test_client()
    nothing_for_anonymous_callers()
    seed_lesson = strapi("GET", "/api/lessons?populate=*&pagination[limit]=1", EDITOR_TOKEN)
    model = seed_lesson.json()["data"][0]
    teacher = created("teachers", {"name": "Nadia Editor", "bio": "Coach."}, "published")
    handed_on(guest, deliveries.next_about("entry.publish", about("teacher", teacher["public_id"])))
    draft = created(
        "lessons",
        {
            "title": "A draft on rook endings",
            "slug": "a-draft-on-rook-endings",
            "description": "Drafted by an editor.",
            "description_short": "Drafted.",
            "duration": 600,
            "subscription_level": "free",
            "thumbnail": model["thumbnail"]["id"],
            "teacher": teacher["documentId"],
            "difficulty_level": model["difficulty_level"]["documentId"],
            "lesson_category": model["lesson_category"]["documentId"],
            "chapters": [{"title": "Introduction", "video_id": "xdraft1", "duration": 600}],
        },
        "draft",
    )
    uid, document, number = "api::lesson.lesson", draft["documentId"], draft["public_id"]
    page = f"/cms/lessons/{number}"
    admin = Admin()
    try:
        # A draft is nobody's to see on the site...
        assert guest.get(page).status_code == 404
        # ...but the editor's preview link opens it, in that browser alone.
        link = admin.preview_url(uid, document)
        assert link.startswith(f"{SITE_URL}/cms/preview?")
        editor = site.test_client()
        opened = editor.get(link.removeprefix(SITE_URL))
        assert opened.status_code == 303 and opened.headers["Location"] == f"/lessons/{number}"
        previewed = editor.get(page)
        assert previewed.status_code == 200
        assert previewed.get_json()["title"] == "A draft on rook endings"
        assert previewed.headers["Cache-Control"] == "private, no-store"
        assert guest.get(page).status_code == 404
        nothing_for_anonymous_callers()

        # Published, it is on the site within a second of Strapi's webhook.
        admin.publish(uid, document)
        handed_on(guest, deliveries.next_about("entry.publish", about("lesson", number)))
        shown = visible_within_a_second(guest, page, 200)
        assert shown["teacher"]["name"] == "Nadia Editor"
        assert number in [
            c["id"] for c in guest.get(f"/cms/lessons?teacher={teacher['public_id']}").get_json()
        ]

        # The teacher renamed: the lesson page follows.
        renamed = strapi(
            "PUT",
            f"/api/teachers/{teacher['documentId']}?status=published",
            EDITOR_TOKEN,
            json={"data": {"name": "Nadia Renamed"}},
        )
        assert renamed.status_code == 200, renamed.text
        handed_on(
            guest, deliveries.next_about("entry.publish", about("teacher", teacher["public_id"]))
        )
        deadline = time.monotonic() + 1.0
        while guest.get(page).get_json()["teacher"]["name"] != "Nadia Renamed":
            assert time.monotonic() < deadline, "the lesson page still shows the old name"
            time.sleep(0.05)
        nothing_for_anonymous_callers()

        # Unpublished, it is gone from the site; its number stayed the same throughout.
        admin.unpublish(uid, document)
        handed_on(guest, deliveries.next_about("entry.unpublish", about("lesson", number)))
        visible_within_a_second(guest, page, 404)
        assert number not in [c["id"] for c in guest.get("/cms/lessons?_limit=100").get_json()]
        nothing_for_anonymous_callers()
    finally:
        strapi("DELETE", f"/api/lessons/{document}", EDITOR_TOKEN)
        strapi("DELETE", f"/api/teachers/{teacher['documentId']}", EDITOR_TOKEN)


# Texts editors own -----------------------------------------------------------------------------


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
