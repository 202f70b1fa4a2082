"""Previews of drafts: Strapi's signed link starts a preview session in one browser, whose
/cms answers come from the drafts, never from or into the shared cache (bff/cms/preview.py)."""

from __future__ import annotations

import time
from urllib.parse import urlencode

import pytest
import sqlalchemy as sa

from bff.app_context import app_context
from bff.cms import preview
from bff.cms.models import ArticleView
from bff.platform.extensions import db

from ..builders import error_of

SECRET = "preview-secret-of-at-least-32-bytes!"


class Drafts:
    """An upstream whose drafts are recognisable: every title begins with 'Draft: '."""

    kind = "drafts"

    def __init__(self, published):
        self.published = published

    def find(self, query):
        found = self.published.find(query)
        for entry in found["data"]:
            if "title" in entry:
                entry["title"] = "Draft: " + entry["title"]
        return found

    def single(self, rest_path, populate):
        return self.published.single(rest_path, populate)

    def drafts(self):
        return self


@pytest.fixture
def app(make_app, monkeypatch):
    app = make_app(CMS_PREVIEW_SECRET=SECRET, CMS_MEDIA_URL="http://cms.test:1337/")
    upstream = app_context(app).catalogue.upstream
    monkeypatch.setattr(upstream, "drafts", lambda: Drafts(upstream), raising=False)
    return app


def link(path="/lessons/5", expires=None, secret=SECRET) -> str:
    expires = int(time.time()) + 600 if expires is None else expires
    signature = preview.link_signature(secret, path, expires)
    return "/cms/preview?" + urlencode({"path": path, "expires": expires, "signature": signature})


def title(client, path="/cms/lessons/5"):
    answer = client.get(path)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["title"]


def test_a_signed_link_starts_a_preview_session_and_opens_the_page(client):
    answer = client.get(link("/lessons/5"))
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/lessons/5"
    assert answer.headers["Cache-Control"] == "no-store"
    cookies = answer.headers.getlist("Set-Cookie")
    session = next(c for c in cookies if c.startswith(f"{preview.COOKIE}="))
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Max-Age=900" in session
    band = next(c for c in cookies if c.startswith(f"{preview.BAND_COOKIE}=1"))
    assert "HttpOnly" not in band


def test_a_preview_session_reads_drafts_and_leaves_the_shared_cache_alone(client, app):
    published = title(client)
    client.get(link())
    assert title(client) == f"Draft: {published}"
    answer = client.get("/cms/lessons?_limit=3")
    assert answer.headers["Cache-Control"] == "private, no-store"
    assert all(card["title"].startswith("Draft: ") for card in answer.get_json())

    guest = app.test_client()
    assert title(guest) == published, "the draft reached nobody else"
    client.get("/cms/preview/exit?path=/lessons/5")
    assert title(client) == published


def test_a_preview_session_shows_locks_as_they_are(client):
    client.get(link())
    locked = next(c for c in client.get("/cms/lessons?_limit=100").get_json() if c["locked"])
    assert error_of(client.get(f"/cms/lessons/{locked['id']}"), 403)["code"] == "content_locked"


@pytest.mark.parametrize(
    "bad",
    [
        lambda: link(secret="another-secret-another-secret-123"),
        lambda: link(expires=int(time.time()) - 1),
        lambda: link(expires=int(time.time()) + 3600),
        lambda: link().replace("%2Flessons%2F5", "%2Flessons%2F3"),
    ],
    ids=["wrong secret", "expired", "too far ahead", "another page"],
)
def test_a_wrong_or_expired_link_is_refused(client, bad):
    answer = client.get(bad())
    assert error_of(answer, 403)["code"] == "forbidden"
    assert "Set-Cookie" not in answer.headers


@pytest.mark.parametrize("path", ["//evil.example/x", "https://evil.example/", "/\\evil.example"])
def test_a_link_never_leaves_the_site(client, path):
    assert client.get(link(path)).status_code == 400
    assert client.get("/cms/preview/exit?" + urlencode({"path": path})).status_code == 400


def test_a_forged_session_cookie_reads_what_was_published(client):
    published = title(client)
    client.set_cookie(preview.COOKIE, "drafts.forged.cookie")
    assert title(client) == published


def test_without_a_preview_secret_there_are_no_previews(make_app):
    client = make_app().test_client()
    assert error_of(client.get(link()), 404)["code"] == "not_found"


def test_the_cms_may_frame_the_pages_of_a_preview_session(client):
    assert "frame-ancestors 'none'" in client.get("/lessons/1").headers["Content-Security-Policy"]
    client.get(link())
    page = client.get("/lessons/1")
    assert "frame-ancestors 'self' http://cms.test:1337" in page.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in page.headers


def test_an_article_seen_in_a_preview_session_is_not_a_read(client, app):
    client.get(link())
    assert client.get("/cms/articles/1").status_code == 200
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(ArticleView)) == 0
    app.test_client().get("/cms/articles/1")
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.sum(ArticleView.views))) == 1


# The session lives on the server: a link works once, 'Leave preview' ends it, it is short --------


def session_cookie(answer) -> str:
    cookie = next(
        c for c in answer.headers.getlist("Set-Cookie") if c.startswith(f"{preview.COOKIE}=")
    )
    return cookie.split(";", 1)[0].split("=", 1)[1]


def test_a_link_works_once(client, app):
    used = link()
    assert client.get(used).status_code == 303
    again = app.test_client().get(used)  # a link copied from a history or a log
    assert error_of(again, 403)["code"] == "forbidden"
    assert "Set-Cookie" not in again.headers


def test_leaving_the_preview_ends_the_session_wherever_its_cookie_was_copied(client, app):
    published = title(client)
    token = session_cookie(client.get(link()))
    copy = app.test_client()
    copy.set_cookie(preview.COOKIE, token)
    assert title(copy) == f"Draft: {published}"
    assert client.get("/cms/preview/exit?path=/lessons/5").status_code == 303
    assert title(copy) == published, "the session ended on the server, not only in one browser"


def test_a_preview_session_lasts_a_quarter_of_an_hour(client, app):
    token = session_cookie(client.get(link()))
    with app.app_context():
        now = time.time()
        assert preview.is_session(db.session, token, now + 14 * 60)
        assert not preview.is_session(db.session, token, now + 15 * 60 + 1)
