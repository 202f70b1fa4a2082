"""An editor's journey on a real Strapi: a draft, its preview, publish, rename and unpublish."""

from __future__ import annotations

import os
import time

import pytest
import requests

from .strapi_support import EDITOR_TOKEN, NEEDS_STRAPI, STRAPI_URL, about, handed_on, strapi

pytestmark = NEEDS_STRAPI

PREVIEW_SECRET = os.environ.get("TEST_STRAPI_PREVIEW_SECRET", "")
SITE_URL = os.environ.get("TEST_STRAPI_SITE_URL", "")
ADMIN = {
    "email": os.environ.get("TEST_STRAPI_ADMIN_EMAIL", ""),
    "password": os.environ.get("TEST_STRAPI_ADMIN_PASSWORD", ""),
}


@pytest.fixture
def site(strapi_app):
    """The BFF on the real Strapi, with previews on (the secret Strapi signs its links with)."""
    return strapi_app(CMS_PREVIEW_SECRET=PREVIEW_SECRET)


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
