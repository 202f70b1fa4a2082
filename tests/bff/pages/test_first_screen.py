"""Every page's HTML carries its first screen before the client's root: the header and, for a
content page, the item's title, description and picture as a guest sees it; a list's heading and
card shapes (bff/pages/first_screen.py)."""

from __future__ import annotations

import json

import pytest

from bff.app_context import app_context
from bff.cms.upstream import UpstreamUnavailable
from bff.cms.webhook import purge_tags
from bff.pages.first_screen import MEMBER_TITLE, NOT_FOUND_TITLE
from bff.pages.markup import duration

from .conftest import Scraped, scrape, seed
from .test_heads import by_id, first, purge, retitle

FOR_MEMBER = "contains(concat(' ', @class, ' '), ' for-member ')"


def screen(page: Scraped):
    found = page.tree.xpath('//div[@id="first-screen"]')
    assert len(found) == 1, "one first screen"
    return found[0]


def heading(page: Scraped) -> str:
    """The first screen's h1 as a guest sees it (a member's home has its own, shown instead)."""
    (h1,) = screen(page).xpath(f".//main//h1[not(ancestor::*[{FOR_MEMBER}])]")
    return h1.text_content()


def assert_before_root(page: Scraped) -> None:
    body = page.tree.xpath("//body")[0]
    ids = [child.get("id") for child in body if child.get("id")]
    assert ids == ["first-screen", "root"], ids


def test_every_page_has_the_header_before_the_root(client):
    for path in ("/home", "/lessons", "/account", "/legal/privacy", "/register/email", "/search"):
        page = scrape(client, path)
        assert_before_root(page)
        header = screen(page).xpath(".//header")[0]
        assert header.xpath('.//a[@href="/home"]/@aria-label') == ["Chess learning, home"]
        assert header.xpath('.//a[@href="/search"]')


def test_home_shows_its_hero_and_the_first_slide(client):
    hub = seed("home-hub")  # a single type
    page = scrape(client, "/home")
    assert heading(page) == hub["hero_title"]
    assert screen(page).get("data-heading") == hub["hero_title"]
    assert hub["hero_text"] in screen(page).text_content()
    (slide,) = screen(page).xpath('.//div[@class="slideshow__slide"]/img')
    assert slide.get("src").startswith("/media/") and slide.get("fetchpriority") == "high"
    assert slide.get("width") and slide.get("height"), "its place kept"


def test_home_has_a_members_own_first_screen_beside_the_guests(client):
    """Where a member is signed in, the page's script marks the document and the stylesheet
    shows the member's block (their home as it loads) instead of the guest's (the browser's side:
    tests/e2e/first-screen.spec.ts)."""
    page = scrape(client, "/home")
    (member,) = screen(page).xpath(f".//main/div[{FOR_MEMBER}]")
    assert member.xpath(".//h1")[0].text_content() == MEMBER_TITLE
    assert member.xpath('.//*[contains(@class, "skeleton-cards")]'), "the member's home loading"
    (guest,) = screen(page).xpath('.//main/div[contains(@class, "for-guest")]')
    assert guest.xpath('.//section[@class="hero"]') and not member.xpath(".//section")


@pytest.mark.parametrize(
    ("path", "cards"),
    [("/lessons", 6), ("/programs", 4), ("/articles", 4)],
)
def test_lists_show_their_heading_and_cards_of_their_final_size(client, path, cards):
    texts = seed("list-page")  # a single type
    page = scrape(client, path)
    expected = texts[f"{path.strip('/')}_title"]
    if "{count}" in expected:
        expected = expected.replace("{count}", str(len(seed("programs"))))
    assert heading(page) == expected
    assert screen(page).get("data-heading") == expected
    grid = screen(page).xpath('.//ul[@class="card-grid"]')[0]
    shapes = grid.xpath('./li//span[@class="content-card__media skeleton"]')
    assert len(shapes) == cards


@pytest.mark.parametrize("level", ["free", "pro"])
def test_a_lesson_shows_its_title_text_picture_and_chapters(client, level):
    lesson = first("lessons", level)
    page = scrape(client, f"/lessons/{lesson['id']}")
    main = screen(page).xpath(".//main")[0]
    assert heading(page) == lesson["title"]
    assert lesson["description"] in main.text_content()
    (poster,) = main.xpath('.//img[@class="player__poster"]')
    assert poster.get("src") == f"/media/{lesson['thumbnail']}/medium.webp"
    listed = main.xpath('.//ol[@class="chapter-list"]/li//span[1]')
    chapters = [span.text_content() for span in listed]
    assert chapters == [chapter["title"] for chapter in lesson["chapters"]]
    assert duration(lesson["chapters"][0]["duration"]) in main.text_content()


def test_a_locked_lesson_shows_its_public_fields_only(client):
    lesson = first("lessons", "pro")
    page = scrape(client, f"/lessons/{lesson['id']}")
    assert heading(page) == lesson["title"]
    body = "".join(page.tree.xpath("//body")[0].itertext()) + page.html
    for chapter in lesson["chapters"]:
        assert chapter["video_id"] not in body, "never a locked video-host id"
        for exercise in chapter.get("exercises") or []:
            assert exercise["moves"] not in screen(page).text_content()


def test_a_program_and_its_chapter(client):
    program = by_id("programs", 2)
    page = scrape(client, f"/program/{program['id']}")
    assert heading(page) == program["title"]
    assert screen(page).xpath('.//img[@class="program__hero"]')
    chapter = next(c for c in seed("program-chapters") if c["program"] == program["id"])
    page = scrape(client, f"/program-chapter/{chapter['id']}")
    video = chapter["subchapters"][0]
    assert heading(page) == video["title"]
    assert screen(page).xpath('.//p[@class="eyebrow"]')[0].text == chapter["title"]
    back = screen(page).xpath('.//a[@class="control-button"]/@href')
    assert back == [f"/program/{program['id']}"]
    assert video["video_id"] not in page.html


def test_an_article_shows_its_title_lede_and_picture(client):
    article = seed("articles")[0]
    page = scrape(client, f"/articles/{article['id']}")
    assert heading(page) == article["title"]
    main = screen(page).xpath(".//main")[0]
    if article.get("lede"):
        assert main.xpath('.//p[@class="article__lede"]')[0].text == article["lede"]
    assert main.xpath('.//img[@class="article__hero"]/@src')


def test_videos_and_episodes_show_their_title(client):
    video = first("videos", "pro")
    assert heading(scrape(client, f"/videos/{video['id']}")) == video["title"]
    assert video.get("video_id", "-") not in scrape(client, f"/videos/{video['id']}").html
    episode = seed("masterclass-episodes")[0]
    assert heading(scrape(client, f"/masterclass/chapter/{episode['id']}")) == episode["title"]


@pytest.mark.parametrize("path", ["/lessons/99999", "/nowhere", "/lessons/abc"])
def test_what_does_not_exist_shows_the_not_found_screen(client, path):
    page = scrape(client, path, status=404)
    assert_before_root(page)
    assert heading(page) == NOT_FOUND_TITLE


def test_pages_without_a_heading_of_their_own_show_the_header_only(client):
    page = scrape(client, "/account")
    assert screen(page).xpath(".//main")[0].text_content() == ""
    assert screen(page).get("data-heading") is None


def test_values_are_escaped(app, client):
    hostile = '</h1><script>alert("x")</script> & <img src=x onerror=alert(1)> "quoted"'
    retitle(app, hostile)
    lesson = seed("lessons")[4]
    page = scrape(client, f"/lessons/{lesson['id']}")
    assert heading(page) == hostile
    assert screen(page).get("data-heading") == hostile
    assert not screen(page).xpath(".//script") and not page.tree.xpath("//img[@onerror]")
    assert page.html.count("<script>") == 0


def test_a_purge_changes_the_first_screen_with_the_head(app, client):
    lesson = seed("lessons")[5]
    path = f"/lessons/{lesson['id']}"
    assert heading(scrape(client, path)) == lesson["title"]
    retitle(app, "Renamed")
    assert heading(scrape(client, path)) == lesson["title"], "kept until purged"
    purge(client, "lesson", lesson["id"])
    page = scrape(client, path)
    assert heading(page) == "Renamed" and page.og["og:title"] == "learn chess online - Renamed"


def test_a_page_tells_a_cdn_its_tags_and_the_webhook_purges_one_of_them(client):
    lesson = seed("lessons")[5]
    page = client.get(f"/lessons/{lesson['id']}")
    tags = set(page.headers["Surrogate-Key"].split())
    assert f"lessons:{lesson['id']}" in tags and any(tag.startswith("teachers:") for tag in tags)
    assert page.headers["Cache-Tag"] == ",".join(sorted(tags))
    assert page.headers["Cache-Control"] == "no-cache", "browsers still revalidate"
    assert page.headers["Surrogate-Control"] == "max-age=60, stale-if-error=86400"
    assert page.headers["CDN-Cache-Control"] == "max-age=60"
    event = {"event": "entry.publish", "model": "lesson", "entry": {"public_id": lesson["id"]}}
    assert purge_tags(event) & tags
    missing = client.get("/lessons/999999")
    assert missing.status_code == 404 and "Surrogate-Key" not in missing.headers


def test_a_cms_away_still_sends_the_header(app, client):
    def away(query):
        raise UpstreamUnavailable("down")

    app_context(app).catalogue.upstream.find = away
    page = scrape(client, "/lessons/5")
    assert_before_root(page)
    assert screen(page).xpath(".//header") and not screen(page).xpath(".//h1")


def test_the_head_and_the_first_screen_agree(client):
    lesson = seed("lessons")[6]
    page = scrape(client, f"/lessons/{lesson['id']}")
    assert page.title == f"learn chess online - {heading(page)}"
    course = page.typed("Course")
    assert json.dumps(course["name"]) == json.dumps(heading(page))
