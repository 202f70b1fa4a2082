"""`flask --app bff cms check-links`: links to the site's pages in content that lead nowhere, and
a lesson's duration made of its chapters when editors leave it empty."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bff.cms.upstream import SEED_PATH
from bff.pages.link_check import links_in, site_path

from .test_scheduled import edit


@pytest.fixture
def seed(tmp_path) -> Path:
    folder = tmp_path / "seed"
    shutil.copytree(SEED_PATH, folder, ignore=shutil.ignore_patterns("media"))
    (folder / "media").symlink_to(SEED_PATH / "media")
    articles = json.loads((folder / "articles.json").read_text())
    body = articles[1]["content"]
    edit(
        folder,
        "articles",
        articles[1]["id"],
        content=body + '\n\nSee [the video](/videos/1), [a lost one](/videos/999 "Gone"),'
        " [a page that never was](/no-such-page/3), [elsewhere](https://example.org/videos/999)"
        " and [the same site](http://127.0.0.1:8000/lessons/9999?from=news#top).",
    )
    edit(folder, "lessons", 7, duration=None)
    home = json.loads((folder / "home-hub.json").read_text())
    home["sections"][1]["link_url"] = "/program/9999"
    (folder / "home-hub.json").write_text(json.dumps(home))
    return folder


def test_broken_site_links_are_listed_with_where_they_are(make_app, seed):
    app = make_app(CMS_SEED_PATH=str(seed))
    result = app.test_cli_runner().invoke(args=["cms", "check-links"])
    assert result.exit_code == 1
    rows = sorted(line.split("\t") for line in result.stdout.splitlines())
    article = str(json.loads((seed / "articles.json").read_text())[1]["id"])
    assert rows == [
        ["articles", article, "content", "/no-such-page/3", "no such page on the site"],
        ["articles", article, "content", "/videos/999", "no published video 999"],
        [
            "articles",
            article,
            "content",
            "http://127.0.0.1:8000/lessons/9999?from=news#top",
            "no published lesson 9999",
        ],
        ["home-hub", "", "sections[1].link_url", "/program/9999", "no published program 9999"],
    ]
    assert "4 broken links" in result.stderr


def test_the_seed_has_no_broken_link(make_app):
    result = make_app().test_cli_runner().invoke(args=["cms", "check-links"])
    assert result.exit_code == 0, result.output


def test_links_are_read_from_markdown_and_from_address_fields():
    assert links_in('[a](/videos/1) and [b](<https://x.test/y> "t")', whole_field=False) == [
        "/videos/1",
        "https://x.test/y",
    ]
    assert links_in(" /lessons ", whole_field=True) == ["/lessons"]
    assert links_in("Not a link", whole_field=True) == []
    own = {"www.example.com"}
    assert site_path("https://www.example.com/videos/2", own) == "/videos/2"
    assert site_path("https://other.example/videos/2", own) is None
    assert site_path("mailto:a@example.com", own) is None
    assert site_path("#top", own) is None
    assert site_path("//evil.test/x", own) is None


def test_a_lesson_without_a_duration_lasts_as_long_as_its_chapters(make_app, seed):
    client = make_app(CMS_SEED_PATH=str(seed)).test_client()
    lesson = client.get("/cms/lessons/7").get_json()
    assert lesson["duration"] == sum(chapter["duration"] for chapter in lesson["chapters"]) == 1563
    assert client.get("/cms/lessons/10").get_json()["duration"] == 1449  # as set
