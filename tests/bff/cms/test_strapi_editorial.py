"""What editors used to other CMSs expect, on a real Strapi 5 (scripts/with-strapi): an invitation
is mailed, an entry published for later shows at its time, a delete or unpublish that would break
links is refused with the list of linking entries, and a lesson with no video is not published."""

from __future__ import annotations

import email
import email.policy
import os
import secrets
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
import requests

from bff.app_context import app_context

from .strapi_support import EDITOR_TOKEN, NEEDS_STRAPI, STRAPI_URL, strapi

pytestmark = NEEDS_STRAPI

OUTBOX = Path(os.environ.get("TEST_STRAPI_OUTBOX", "/nonexistent"))
ADMIN = {
    "email": os.environ.get("TEST_STRAPI_ADMIN_EMAIL", ""),
    "password": os.environ.get("TEST_STRAPI_ADMIN_PASSWORD", ""),
}
LESSON = "api::lesson.lesson"
VIDEO = "api::video.video"


@pytest.fixture(scope="module")
def admin() -> str:
    """The admin's token (Strapi allows five logins in five minutes: one for the module)."""
    login = requests.post(f"{STRAPI_URL}/admin/login", json=ADMIN, timeout=30)
    assert login.status_code == 200, login.text
    return login.json()["data"]["token"]


def unique(word: str) -> str:
    return f"{word}-{secrets.token_hex(4)}"


def created(plural: str, data: dict, status: str = "published") -> dict:
    answer = strapi("POST", f"/api/{plural}?status={status}", EDITOR_TOKEN, json={"data": data})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()["data"]


def refused(answer: requests.Response) -> str:
    """The message of a refusal: a 400 ValidationError, as the admin panel shows it."""
    assert answer.status_code == 400, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert error["name"] == "ValidationError", error
    return error["message"]


def mail_to(address: str, seconds: float = 10) -> email.message.EmailMessage:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in sorted(OUTBOX.glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if message["To"] == address:
                assert not list(OUTBOX.glob("*.part"))
                return message
        time.sleep(0.1)
    raise AssertionError(f"no mail to {address} in {OUTBOX}")


def test_an_invited_editor_gets_the_registration_link_by_mail(admin):
    roles = strapi("GET", "/admin/roles", admin).json()["data"]
    editor = next(role for role in roles if role["code"] == "strapi-editor")
    name = unique("invited")
    address = f"{name}@example.com"
    invited = strapi(
        "POST",
        "/admin/users",
        admin,
        json={
            "firstname": "Ines",
            "lastname": "Invited",
            "email": address,
            "roles": [editor["id"]],
        },
    )
    assert invited.status_code == 201, invited.text
    token = invited.json()["data"]["registrationToken"]

    message = mail_to(address)
    assert message["Subject"] == "You are invited to edit the chess site"
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "Hello Ines," in text
    link = f"{STRAPI_URL}/admin/auth/register?registrationToken={token}"
    assert link in text
    assert link in message.get_body(preferencelist=("html",)).get_content()
    # The link's token is the invitation's: the registration page knows who it is for.
    info = requests.get(
        f"{STRAPI_URL}/admin/registration-info", params={"registrationToken": token}, timeout=30
    )
    assert info.json()["data"]["email"] == address


def test_a_delete_or_unpublish_that_would_break_links_is_refused_with_the_list(admin):
    video = created(
        "videos",
        {"title": "A video to link", "slug": unique("video"), "subscription_level": "free"},
    )
    page = f"/videos/{video['public_id']}"
    article = created(
        "articles",
        {
            "title": "An article that links",
            "slug": unique("article"),
            "content": f"Watch [the video]({page}) first.",
        },
    )
    near_miss = created(  # /videos/110 is not /videos/11
        "articles",
        {
            "title": "An article linking another",
            "slug": unique("article"),
            "content": f"See [this]({page}0).",
        },
    )
    teacher = created("teachers", {"name": unique("Teacher"), "bio": "Teaches."})
    lesson = created(
        "lessons",
        {
            "title": "A lesson of the teacher",
            "slug": unique("lesson"),
            "subscription_level": "free",
            "teacher": teacher["documentId"],
            "chapters": [{"title": "One", "video_id": "xlinks1", "duration": 60}],
        },
    )

    message = refused(strapi("DELETE", f"/api/videos/{video['documentId']}", EDITOR_TOKEN))
    assert "cannot be deleted" in message
    assert "Article \u201cAn article that links\u201d (content)" in message
    assert "An article linking another" not in message
    message = refused(
        strapi(
            "POST",
            f"/content-manager/collection-types/{VIDEO}/{video['documentId']}/actions/unpublish",
            admin,
            json={},
        )
    )
    assert "cannot be unpublished" in message and "An article that links" in message
    message = refused(strapi("DELETE", f"/api/teachers/{teacher['documentId']}", EDITOR_TOKEN))
    assert "Lesson \u201cA lesson of the teacher\u201d (teacher)" in message

    # The links changed, the deletes go through.
    changed = strapi(
        "PUT",
        f"/api/articles/{article['documentId']}?status=published",
        EDITOR_TOKEN,
        json={"data": {"content": "Watch the video first."}},
    )
    assert changed.status_code == 200, changed.text
    assert strapi("DELETE", f"/api/videos/{video['documentId']}", EDITOR_TOKEN).status_code in (
        200,
        204,
    )
    assert strapi("DELETE", f"/api/lessons/{lesson['documentId']}", EDITOR_TOKEN).ok
    assert strapi("DELETE", f"/api/teachers/{teacher['documentId']}", EDITOR_TOKEN).ok
    for entry in (article, near_miss):
        assert strapi("DELETE", f"/api/articles/{entry['documentId']}", EDITOR_TOKEN).ok


def test_a_lesson_without_a_video_is_not_published(admin):
    no_video = [{"title": "Introduction", "duration": 60}]
    draft = created(
        "lessons",
        {
            "title": "An empty lesson",
            "slug": unique("lesson"),
            "subscription_level": "free",
            "chapters": no_video,
        },
        "draft",
    )
    publish = f"/content-manager/collection-types/{LESSON}/{draft['documentId']}/actions/publish"
    message = refused(strapi("POST", publish, admin, json={}))
    assert "at least one chapter with a video" in message
    # Straight to published through the REST API: the same rule.
    message = refused(
        strapi(
            "POST",
            "/api/lessons?status=published",
            EDITOR_TOKEN,
            json={
                "data": {
                    "title": "Empty",
                    "slug": unique("lesson"),
                    "subscription_level": "free",
                    "chapters": [],
                }
            },
        )
    )
    assert "at least one chapter with a video" in message

    # With a video, it is published.
    filled = strapi(
        "PUT",
        f"/api/lessons/{draft['documentId']}?status=draft",
        EDITOR_TOKEN,
        json={
            "data": {"chapters": [{"title": "Introduction", "video_id": "xfilled", "duration": 60}]}
        },
    )
    assert filled.status_code == 200, filled.text
    assert strapi("POST", publish, admin, json={}).status_code == 200
    assert strapi("DELETE", f"/api/lessons/{draft['documentId']}", EDITOR_TOKEN).ok


def test_an_article_published_for_later_shows_at_its_time_and_not_before(strapi_app):
    app = strapi_app()
    client = app.test_client()
    at = "2031-03-01T08:30:00.000Z"
    article = created(
        "articles",
        {
            "title": "News for March",
            "slug": unique("article"),
            "content": "Soon.",
            "publish_at": at,
        },
    )
    number = article["public_id"]
    dated = created(
        "articles",
        {
            "title": "Dated next year",
            "slug": unique("article"),
            "content": "Later.",
            "date_posted": "2031-06-01",
        },
    )
    listed = lambda: {item["id"] for item in client.get("/cms/articles?_limit=100").get_json()}  # noqa: E731
    try:
        assert client.get(f"/cms/articles/{number}").status_code == 404
        assert number not in listed() and dated["public_id"] not in listed()

        app_context(app).clock = lambda: datetime(2031, 3, 1, 8, 29, 59, tzinfo=UTC)
        result = app.test_cli_runner().invoke(args=["cms", "release-scheduled"])
        assert "nothing due" in result.output, result.output
        assert client.get(f"/cms/articles/{number}").status_code == 404

        app_context(app).clock = lambda: datetime(2031, 3, 1, 8, 30, 20, tzinfo=UTC)
        result = app.test_cli_runner().invoke(args=["cms", "release-scheduled"])
        assert f"articles:{number}" in result.output, result.output
        assert client.get(f"/cms/articles/{number}").get_json()["title"] == "News for March"
        assert number in listed() and dated["public_id"] not in listed()

        app_context(app).clock = lambda: datetime(2031, 6, 1, 0, 1, tzinfo=UTC)
        result = app.test_cli_runner().invoke(args=["cms", "release-scheduled"])
        assert f"articles:{dated['public_id']}" in result.output, result.output
        assert dated["public_id"] in listed()
    finally:
        for entry in (article, dated):
            strapi("DELETE", f"/api/articles/{entry['documentId']}", EDITOR_TOKEN)
