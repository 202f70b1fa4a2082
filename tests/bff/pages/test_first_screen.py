"""Every page's HTML carries its first screen before the client's root: the header and, for a
content page, the item's title, description and picture as a guest sees it; a list's heading and
first cards (bff/pages/first_screen.py, list_screens.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bff.app_context import app_context
from bff.cms.upstream import UpstreamUnavailable
from bff.cms.webhook import purge_tags
from bff.pages.first_screen import MEMBER_TITLE, NOT_FOUND_TITLE
from bff.pages.list_screens import FIRST_CARDS, PAGE_SIZE
from bff.pages.markup import day, duration

from .conftest import Scraped, scrape, seed
from .test_heads import by_id, first, purge, retitle

CLIENT = Path(__file__).parents[3] / "client" / "src"
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
    for path in (
        "/home",
        "/lessons",
        "/account",
        "/review",
        "/legal/privacy",
        "/register/email",
        "/search",
    ):
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


# Each list's first request as the client sends it for a guest with the default filters and sort
# (client/src/features/*/sagas.ts).
FIRST_REQUESTS = {
    "/lessons": "/cms/lessons?_limit=24&_start=0&_sortBy=title:asc",
    "/programs": "/cms/programs?_limit=8&_start=0&_sort=title:asc",
    "/articles": "/cms/articles?_limit=8&_start=0",
}
CARD_PICTURES = {"/lessons": ("thumbnail",), "/programs": ("carousel_image", "hero_image")}


def list_heading(path: str) -> str:
    expected = seed("list-page")[f"{path.strip('/')}_title"]  # a single type
    return expected.replace("{count}", str(len(seed("programs"))))


def card_picture(item: dict, path: str) -> str:
    """The address the client's card picture shows: the first of small, medium, thumbnail."""
    media = next(
        (item[name] for name in CARD_PICTURES.get(path, ("hero_image",)) if item.get(name)), {}
    )
    formats = media.get("formats") or {}
    chosen = next((formats[n] for n in ("small", "medium", "thumbnail") if n in formats), media)
    return chosen["url"]


@pytest.mark.parametrize("path", list(FIRST_REQUESTS))
def test_lists_show_their_heading_and_the_first_cards_of_the_clients_first_page(client, path):
    page = scrape(client, path)
    assert heading(page) == list_heading(path)
    assert screen(page).get("data-heading") == list_heading(path)
    answer = client.get(FIRST_REQUESTS[path]).get_json()[:FIRST_CARDS]
    (grid,) = screen(page).xpath('.//ul[@class="card-grid"]')
    cards = grid.xpath("./li/a")
    assert [card.get("href").rsplit("/", 1)[1] for card in cards] == [
        str(item["id"]) for item in answer
    ], "the same cards in the same order as the client's first page"
    assert [card.xpath(".//h2")[0].text_content() for card in cards] == [
        item["title"] for item in answer
    ]
    images = [card.xpath('.//img[@class="content-card__image"]')[0] for card in cards]
    assert [image.get("src") for image in images] == [card_picture(i, path) for i in answer]
    assert all(image.get("width") and image.get("height") for image in images), "places kept"
    assert [image.get("loading") for image in images] == ["eager", "eager", "lazy", "lazy"]
    assert [image.get("fetchpriority") for image in images] == ["high", None, None, None]
    assert not screen(page).xpath('.//*[contains(@class, "skeleton")]')


def test_a_lists_cards_say_what_the_clients_say(client):
    lessons = client.get(FIRST_REQUESTS["/lessons"]).get_json()[:FIRST_CARDS]
    cards = screen(scrape(client, "/lessons")).xpath('.//ul[@class="card-grid"]/li/a')
    for lesson, card in zip(lessons, cards, strict=True):
        meta = card.xpath('.//span[@class="content-card__meta"]')[0].text_content()
        assert meta == " · ".join(
            part
            for part in (
                (lesson.get("teacher") or {}).get("name"),
                (lesson.get("difficulty_level") or {}).get("label"),
                duration(lesson["duration"]),
            )
            if part
        )
    article = client.get(FIRST_REQUESTS["/articles"]).get_json()[0]
    card = screen(scrape(client, "/articles")).xpath('.//ul[@class="card-grid"]/li/a')[0]
    (time,) = card.xpath('.//span[@class="content-card__meta"]/time')
    assert time.get("datetime") == article["date_posted"] and time.text == day(
        article["date_posted"]
    )
    assert card.text_content().endswith(f" · {article['time_to_read']}\u00a0min\u00a0read")


def test_a_lists_pro_cards_are_locked_as_for_a_guest(client):
    lessons = client.get(FIRST_REQUESTS["/lessons"]).get_json()[:FIRST_CARDS]
    assert any(lesson["locked"] for lesson in lessons), "the seed's first page has Pro lessons"
    page = scrape(client, "/lessons")
    for lesson, card in zip(
        lessons, screen(page).xpath('.//ul[@class="card-grid"]/li/a'), strict=True
    ):
        locked = card.get("class") == "content-card content-card--locked"
        assert locked == lesson["locked"], lesson["title"]
        assert bool(card.xpath('.//span[@class="content-card__lock"]/svg')) == locked
        assert ("(Pro, locked)" in card.text_content()) == locked
    for lesson in seed("lessons"):
        for chapter in lesson["chapters"]:
            assert chapter["video_id"] not in page.html, "never a video-host id"


def test_a_lists_cards_are_escaped(app, client):
    hostile = '</h2><script>alert("x")</script> & <img src=x onerror=alert(1)> "quoted"'
    retitle(app, hostile)
    for path in FIRST_REQUESTS:
        page = scrape(client, path)
        titles = screen(page).xpath('.//ul[@class="card-grid"]/li/a//h2')
        assert titles and all(title.text_content() == hostile for title in titles)
        assert not page.tree.xpath("//img[@onerror]") and page.html.count("<script>") == 0


@pytest.mark.parametrize(
    ("path", "skeletons"), [("/lessons", 6), ("/programs", 4), ("/articles", 4)]
)
def test_a_list_whose_cards_cannot_be_read_shows_cards_of_their_final_size(
    app, client, path, skeletons
):
    """The CMS away and the cards never read: the heading (read before) and skeleton cards; the
    page is not kept, and shows the cards once the CMS is back."""
    upstream = app_context(app).catalogue.upstream
    original = upstream.find
    listed = {"/lessons": "lessons", "/programs": "programs", "/articles": "articles"}[path]

    def away(query):
        if query.collection == listed and query.limit > 1:  # the cards, not the programs' count
            raise UpstreamUnavailable("down")
        return original(query)

    upstream.find = away
    page = scrape(client, path)
    assert heading(page) == list_heading(path)
    (grid,) = screen(page).xpath('.//ul[@class="card-grid"]')
    assert len(grid.xpath('./li//span[@class="content-card__media skeleton"]')) == skeletons
    assert not grid.xpath(".//a") and not grid.xpath(".//img")
    upstream.find = original
    assert len(screen(scrape(client, path)).xpath('.//ul[@class="card-grid"]/li/a')) == FIRST_CARDS


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


def test_a_lists_first_page_and_first_cards_are_the_clients():
    """The server reads each list as the client's first request does and draws as many cards as
    the client's first render (client/src/lib/constants.ts, components/list-cards.ts)."""
    constants = (CLIENT / "lib" / "constants.ts").read_text()
    sizes = re.search(
        r"PAGE_SIZE = \{ lessons: (\d+), programs: (\d+), articles: (\d+) \}", constants
    )
    assert sizes, "PAGE_SIZE as the client says it"
    assert [int(size) for size in sizes.groups()] == [
        PAGE_SIZE[path] for path in ("/lessons", "/programs", "/articles")
    ]
    for path, query in FIRST_REQUESTS.items():
        assert f"_limit={PAGE_SIZE[path]}&" in query
    cards = (CLIENT / "components" / "list-cards.ts").read_text()
    assert f"export const FIRST_CARDS = {FIRST_CARDS};" in cards


def test_a_list_whose_address_has_a_query_leaves_its_cards_to_the_client(client):
    """Filters, a sort or pages in the address: the client reads them and asks for its own cards,
    so the server shows their places (and keeps the page apart from the plain list's)."""
    page = scrape(client, "/lessons?sort=created_at&teacher=3")
    assert heading(page) == list_heading("/lessons")
    queried = screen(page)
    (grid,) = queried.xpath('.//ul[@class="card-grid"]')
    assert len(grid.xpath('./li//span[@class="content-card__media skeleton"]')) == 6
    assert not grid.xpath(".//a")
    plain = screen(scrape(client, "/lessons"))
    assert len(plain.xpath('.//ul[@class="card-grid"]/li/a')) == FIRST_CARDS


FOR_GUEST = "contains(concat(' ', @class, ' '), ' for-guest ')"


@pytest.mark.parametrize(
    ("path", "title"), [("/puzzles", "Puzzles"), ("/puzzles/daily", "Daily puzzle")]
)
def test_the_puzzle_pages_keep_the_boards_place_for_a_guest_and_a_member(client, path, title):
    """The heading, the words above the board and the board's place (puzzles.css gives it the
    trainer's final size), drawn with the client's words (pages/PuzzlesPage.tsx,
    DailyPuzzlePage.tsx)."""
    page = scrape(client, path)
    assert_before_root(page)
    assert heading(page) == title
    assert screen(page).get("data-heading") == title
    for block in (FOR_GUEST, FOR_MEMBER):
        (part,) = screen(page).xpath(f".//main/div[{block}]")
        assert [h1.text_content() for h1 in part.xpath(".//h1")] == [title]
        (board,) = part.xpath(
            './/div[@class="puzzles__main"]/div[@class="puzzle-board-placeholder"]'
        )
        assert board.xpath('./div[@class="puzzle-board-placeholder__board"]')
    (guest,) = screen(page).xpath(f".//main/div[{FOR_GUEST}]")
    assert guest.xpath('.//section[@class="puzzle-offer"]//button[.="Sign up"]')
    client_page = "PuzzlesPage.tsx" if path == "/puzzles" else "DailyPuzzlePage.tsx"
    lede = guest.xpath('.//p[@class="puzzles__lede"]')[0].text_content()
    if lede.strip("\u00a0"):
        assert lede in (CLIENT / "features" / "puzzles" / "pages" / client_page).read_text()
    if path == "/puzzles":
        (member,) = screen(page).xpath(f".//main/div[{FOR_MEMBER}]")
        assert member.xpath(
            './/dl[contains(@class, "puzzle-standing--pending")]/div/dt/text()'
        ) == [
            "Rating",
            "Streak",
            "To review",
        ]
