"""Every client route answers with index.html whose head is that page's: what a link preview and
a search engine read without running JavaScript."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from jsonschema import validate

from bff.app_context import app_context
from bff.cms import PURGE_VISIBLE_WITHIN
from bff.pages import static_heads
from bff.pages.content_heads import social_image
from bff.pages.head import json_ld

from . import schemas
from .conftest import BASE, SECRET, Scraped, scrape, seed

CLIENT_SEO = Path(__file__).parents[3] / "client" / "src" / "lib" / "seo.ts"


def by_id(name: str, item_id: int) -> dict:
    return next(entry for entry in seed(name) if entry["id"] == item_id)


def first(name: str, level: str) -> dict:
    return next(e for e in seed(name) if e.get("subscription_level", "free") == level)


def assert_card(page: Scraped, title: str, description: str, path: str) -> None:
    """The same title and description in the head, the Open Graph and the Twitter card."""
    assert page.title == title
    assert page.meta("description") == description
    assert page.canonical == BASE + path
    assert page.og["og:title"] == title and page.og["og:description"] == description
    assert page.og["og:url"] == BASE + path
    assert page.meta("twitter:title") == title
    assert page.meta("twitter:description") == description
    assert page.og["og:image"].startswith(BASE + "/")
    assert page.meta("twitter:image") == page.og["og:image"]


def assert_trail(page: Scraped, *names: str) -> None:
    trail = page.typed("BreadcrumbList")
    validate(trail, schemas.BREADCRUMBS)
    assert [step["name"] for step in trail["itemListElement"]] == ["Home", *names]
    assert trail["itemListElement"][-1]["item"] == page.canonical


def test_home_names_the_site(client):
    page = scrape(client, "/home")
    assert_card(page, static_heads.HOME.title, static_heads.HOME.description, "/home")
    validate(page.typed("Organization"), schemas.SITE_ORGANIZATION)
    validate(page.typed("WebSite"), schemas.WEBSITE)
    hub = seed("home-hub")
    assert hub, "the seed has a home page"
    assert scrape(client, "/").canonical == BASE + "/home", "the root is the home page"


def test_an_article_is_an_article(app, client):
    article = seed("articles")[0]
    page = scrape(client, f"/articles/{article['id']}")
    assert_card(page, article["title"], article["lede"], f"/articles/{article['id']}")
    assert page.og["og:type"] == "article"
    data = page.typed("Article")
    validate(data, schemas.ARTICLE)
    assert data["headline"] == article["title"]
    with app.app_context():
        stamps = app_context().catalogue.stamps("articles", article["id"])
    assert data["dateModified"] == stamps["updatedAt"]
    assert_trail(page, "Articles", article["title"])
    by_slug = scrape(client, f"/articles/{article['slug']}")
    assert by_slug.canonical == page.canonical, "one address for an article read by its slug"


@pytest.mark.parametrize("level", ["free", "pro"])
def test_a_lesson_is_a_course_whatever_its_level(client, level):
    lesson = first("lessons", level)
    page = scrape(client, f"/lessons/{lesson['id']}")
    description = f"{lesson['description_short']} {lesson['description']}"
    title = f"learn chess online - {lesson['title']}"
    assert_card(page, title, description, f"/lessons/{lesson['id']}")
    course = page.typed("Course")
    validate(course, schemas.COURSE)
    assert course["isAccessibleForFree"] is (level == "free")
    assert_trail(page, "Lessons", lesson["title"])


def test_a_program_and_its_chapter_are_courses(client):
    program = first("programs", "pro")
    page = scrape(client, f"/program/{program['id']}")
    assert_card(page, program["title"], program["description"], f"/program/{program['id']}")
    validate(page.typed("Course"), schemas.COURSE)
    assert_trail(page, "Programs", program["title"])
    chapter = next(c for c in seed("program-chapters") if c["program"] == program["id"])
    page = scrape(client, f"/program-chapter/{chapter['id']}")
    path = f"/program-chapter/{chapter['id']}"
    assert_card(page, chapter["title"], chapter["description"], path)
    validate(page.typed("Course"), schemas.COURSE)
    assert_trail(page, "Programs", program["title"], chapter["title"])


@pytest.mark.parametrize("level", ["free", "pro"])
def test_videos_and_episodes_are_video_objects(client, level):
    video = first("videos", level)
    page = scrape(client, f"/videos/{video['id']}")
    assert_card(page, video["title"], video["subhead"], f"/videos/{video['id']}")
    assert page.og["og:type"] == "video.other"
    data = page.typed("VideoObject")
    validate(data, schemas.VIDEO)
    assert data["thumbnailUrl"] == [page.og["og:image"]]
    assert_trail(page, video["title"])

    episode = first("masterclass-episodes", level)
    page = scrape(client, f"/masterclass/chapter/{episode['id']}")
    path = f"/masterclass/chapter/{episode['id']}"
    assert_card(page, f"{episode['title']} - Masterclass", episode["description"], path)
    validate(page.typed("VideoObject"), schemas.VIDEO)
    assert_trail(page, "Masterclass", episode["title"])


def test_the_card_picture_is_the_social_size_when_the_media_has_one():
    media = {
        "url": "/media/x/original.webp",
        "width": 3000,
        "height": 1500,
        "alternativeText": "A board",
        "formats": {
            "medium": {"url": "/media/x/medium.webp", "width": 750, "height": 375},
            "large": {"url": "https://cdn.example/x/large.webp", "width": 1280, "height": 640},
        },
    }
    image = social_image(media, BASE)
    assert image is not None
    assert (image.url, image.width, image.alt) == (
        "https://cdn.example/x/large.webp",
        1280,
        "A board",
    )
    del media["formats"]["large"]
    assert social_image(media, BASE).url == BASE + "/media/x/original.webp"
    assert social_image(None, BASE) is None


def test_the_size_of_the_picture_is_in_the_card(client):
    lesson = seed("lessons")[0]
    page = scrape(client, f"/lessons/{lesson['id']}")
    assert int(page.og["og:image:width"]) > 0 and int(page.og["og:image:height"]) > 0
    assert page.og["og:image:alt"]
    assert page.meta("twitter:card") == "summary_large_image"


@pytest.mark.parametrize(
    "path",
    [
        "/lessons/999999",
        "/articles/999999",
        "/videos/0",
        "/program/abc",
        "/articles/No_Such",
        "/masterclass/chapter/999999",
        "/program-chapter/999999",
        "/nowhere",
        "/legal/nothing",
        "/404",
    ],
)
def test_what_does_not_exist_is_a_404_with_the_not_found_head(client, path):
    response = client.get(path)
    assert response.status_code == 404
    page = Scraped(response.get_data(as_text=True))
    assert page.title == static_heads.NOT_FOUND.title
    assert page.meta("description") == static_heads.NOT_FOUND.description
    assert page.meta("robots") == "noindex"
    assert page.canonical is None and not page.json_ld
    # The client boots all the same and shows its own 404 page.
    assert page.tree.xpath('//div[@id="root"]') and page.tree.xpath("//script[@src]")


def test_pages_without_content_have_their_own_head(client):
    for path, text in static_heads.BY_PATH.items():
        page = scrape(client, path)
        assert (page.title, page.meta("description")) == (text.title, text.description), path
        assert page.canonical == BASE + path
        assert (page.meta("robots") == "noindex") is (path in static_heads.NOT_INDEXED)
    assert page.meta("twitter:card") == "summary", "the site's icon is no large picture"
    page = scrape(client, "/register/google")
    assert page.title == "Register with Google"
    page = scrape(client, "/legal/privacy")
    assert page.title == "Privacy policy"


def test_the_head_agrees_with_the_clients_own(client):
    """The client sets titles as it navigates (seo.ts): the server's first head says the same."""
    source = CLIENT_SEO.read_text()
    client_titles = set(re.findall(r"title: '([^']+)'", source))
    server_titles = {text.title for text in static_heads.BY_PATH.values()} | {
        static_heads.NOT_FOUND.title
    }
    assert client_titles == server_titles
    for description in re.findall(r"description:\s*'([^']+)'", source):
        assert any(
            description.replace("\\'", "'") == text.description
            for text in [*static_heads.BY_PATH.values(), static_heads.NOT_FOUND]
        ), description


def test_the_shell_keeps_one_title_and_description(client):
    page = scrape(client, "/lessons")
    assert len(page.tree.xpath("//title")) == 1
    assert len(page.tree.xpath('//meta[@name="description"]')) == 1


def retitle(app, title: str) -> None:
    """An editor renames every entry in the CMS (without telling the BFF)."""
    upstream = app_context(app).catalogue.upstream
    original = upstream.find

    def renamed(query):
        found = original(query)
        for entry in found["data"]:
            entry["title"] = title
        return found

    upstream.find = renamed


def purge(client, model: str, entry_id: int) -> None:
    event = {"event": "entry.publish", "model": model, "entry": {"id": entry_id}}
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202


def test_values_are_escaped_and_nothing_closes_the_structured_data(app, client):
    hostile = '</script><script>alert("x")</script> & <b>"quoted"</b>'
    retitle(app, hostile)
    article = seed("articles")[1]
    page = scrape(client, f"/articles/{article['id']}")
    assert page.title == hostile
    assert page.og["og:title"] == hostile
    assert page.typed("Article")["headline"] == hostile
    assert "alert" not in "".join(page.tree.xpath("//script[not(@type)]/text()"))
    assert page.html.count("<script>") == 0
    assert "</" not in json_ld({"a": "</script><!--"})


def test_a_page_is_kept_until_its_content_changes(app, client):
    lesson = seed("lessons")[2]
    path = f"/lessons/{lesson['id']}"
    first_answer = client.get(path)
    calls = []
    upstream = app_context(app).catalogue.upstream
    original = upstream.find
    upstream.find = lambda query: calls.append(query) or original(query)
    again = client.get(path)
    assert again.data == first_answer.data and not calls, "kept: no content read"
    assert again.headers["ETag"] == first_answer.headers["ETag"]
    assert client.get(path, headers={"If-None-Match": again.headers["ETag"]}).status_code == 304


def test_an_edited_title_changes_the_card_within_a_second(app, client):
    lesson = seed("lessons")[3]
    path = f"/lessons/{lesson['id']}"
    assert scrape(client, path).og["og:title"] == f"learn chess online - {lesson['title']}"
    retitle(app, "Renamed")
    assert scrape(client, path).og["og:title"] != "learn chess online - Renamed", "kept"
    purge(client, "lesson", lesson["id"])
    started = time.monotonic()
    assert scrape(client, path).og["og:title"] == "learn chess online - Renamed"
    assert time.monotonic() - started < 1


def test_a_purge_on_another_worker_reaches_the_card_within_a_second(make_app):
    """Two apps on one database stand for two workers (or instances) without Redis."""
    mine = make_app(PUBLIC_BASE_URL=BASE, CMS_WEBHOOK_SECRET=SECRET)
    theirs = make_app(PUBLIC_BASE_URL=BASE, CMS_WEBHOOK_SECRET=SECRET)
    client = mine.test_client()
    video = seed("videos")[0]
    path = f"/videos/{video['id']}"
    assert scrape(client, path).title == video["title"]
    retitle(mine, "Renamed")
    purge(theirs.test_client(), "video", video["id"])
    time.sleep(PURGE_VISIBLE_WITHIN + 0.1)
    assert scrape(client, path).title == "Renamed"


def test_a_cms_away_still_boots_the_client_with_the_sections_head(app, client):
    def away(query):
        from bff.cms.upstream import UpstreamUnavailable

        raise UpstreamUnavailable("down")

    app_context(app).catalogue.upstream.find = away
    page = scrape(client, "/lessons/5")
    assert page.title == static_heads.BY_PATH["/lessons"].title
    assert page.tree.xpath('//div[@id="root"]')


@pytest.mark.parametrize(
    ("path", "title"), [("/puzzles", "Chess puzzles"), ("/puzzles/daily", "Daily chess puzzle")]
)
def test_the_puzzle_pages_have_heads_of_their_own(client, path, title):
    page = scrape(client, path)
    assert_card(page, title, static_heads.BY_PATH[path].description, path)
