"""The sitemap lists every public page; no page's head carries a video-host id a guest may not
play; robots.txt says where the sitemap is."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from lxml import etree

from bff.app_context import app_context

from ..cms.test_no_leaks import pro_only_video_ids
from .conftest import BASE, scrape, seed

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
CLIENT_PUBLIC = Path(__file__).parents[3] / "client" / "public"


def parse(response) -> etree._Element:
    assert response.status_code == 200
    assert response.mimetype == "application/xml"
    root = etree.fromstring(response.data)
    assert root.nsmap[None] == NS["s"]
    return root


def listed(client) -> dict[str, str | None]:
    """Every address of the sitemap (through its index when there is one), with its lastmod."""
    root = parse(client.get("/sitemap.xml"))
    roots = [root]
    if root.tag == f"{{{NS['s']}}}sitemapindex":
        parts = root.xpath("//s:sitemap/s:loc/text()", namespaces=NS)
        roots = [parse(client.get(urlsplit(part).path)) for part in parts]
    found: dict[str, str | None] = {}
    for part in roots:
        assert part.tag == f"{{{NS['s']}}}urlset"
        for url in part.xpath("//s:url", namespaces=NS):
            loc = url.findtext("s:loc", namespaces=NS)
            assert loc not in found, f"{loc} twice"
            found[loc] = url.findtext("s:lastmod", namespaces=NS)
    return found


def expected_paths() -> set[str]:
    pages = {
        "articles": "/articles/{}",
        "lessons": "/lessons/{}",
        "programs": "/program/{}",
        "program-chapters": "/program-chapter/{}",
        "videos": "/videos/{}",
        "masterclass-episodes": "/masterclass/chapter/{}",
    }
    return {pattern.format(entry["id"]) for name, pattern in pages.items() for entry in seed(name)}


def test_the_sitemap_lists_every_public_page_with_its_last_change(app, client):
    found = listed(client)
    paths = {urlsplit(loc).path: lastmod for loc, lastmod in found.items()}
    assert all(loc.startswith(BASE + "/") for loc in found)
    assert expected_paths() <= paths.keys()
    assert {"/home", "/lessons", "/articles", "/programs", "/masterclass", "/legal/terms"} <= set(
        paths
    )
    # A member's own pages are no business of a search engine.
    assert not {"/account", "/review"} & paths.keys()
    lesson = seed("lessons")[0]
    with app.app_context():
        stamps = app_context().catalogue.stamps("lessons", lesson["id"])
    assert paths[f"/lessons/{lesson['id']}"] == stamps["updatedAt"]
    assert all(paths[path] for path in expected_paths()), "every content page has its lastmod"


def test_past_the_limit_the_sitemap_is_an_index_of_numbered_parts(app, client):
    whole = listed(client)
    app.config["SITEMAP_URLS_PER_FILE"] = 100
    root = parse(client.get("/sitemap.xml"))
    assert root.tag == f"{{{NS['s']}}}sitemapindex"
    parts = root.xpath("//s:sitemap/s:loc/text()", namespaces=NS)
    assert parts == [f"{BASE}/sitemap-{n}.xml" for n in range(1, len(parts) + 1)]
    assert len(parts) == -(-len(whole) // 100)
    sizes = [
        len(parse(client.get(urlsplit(p).path)).xpath("//s:url", namespaces=NS)) for p in parts
    ]
    assert all(size == 100 for size in sizes[:-1]) and 0 < sizes[-1] <= 100
    assert listed(client) == whole, "the parts hold the same addresses as the one sitemap"
    assert client.get(f"/sitemap-{len(parts) + 1}.xml").status_code == 404
    assert client.get("/sitemap-0.xml").status_code == 404


def test_without_an_index_there_are_no_parts(client):
    assert client.get("/sitemap-1.xml").status_code == 404


def test_robots_txt_points_to_the_sitemap_and_is_the_only_one(client):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots.mimetype == "text/plain"
    lines = robots.get_data(as_text=True).splitlines()
    assert "User-agent: *" in lines
    assert f"Sitemap: {BASE}/sitemap.xml" in lines
    assert not (CLIENT_PUBLIC / "robots.txt").exists(), "one source of truth: the BFF"


@pytest.fixture
def every_page(client) -> dict[str, str]:
    """The HTML of every page the sitemap lists, as a guest gets it."""
    pages = {}
    for loc in listed(client):
        path = urlsplit(loc).path
        pages[path] = scrape(client, path).html
    return pages


def test_no_page_carries_a_video_id_a_guest_may_not_play(every_page):
    locked = pro_only_video_ids()
    assert locked, "the seed has locked items"
    for path, html in every_page.items():
        leaked = {video_id for video_id in locked if video_id in html}
        assert not leaked, f"{path} carries {sorted(leaked)[:3]}"


def test_locked_items_still_show_their_public_card(every_page):
    lesson = next(e for e in seed("lessons") if e["subscription_level"] == "pro")
    assert f"learn chess online - {lesson['title']}" in every_page[f"/lessons/{lesson['id']}"]
