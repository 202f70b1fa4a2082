"""No broken picture on a Strapi-backed site (scripts/with-strapi).

Every picture the site shows is a media field editors manage in Strapi's media library (video
posters included), so every image address of every answer the pages are made of, and every
page's share image, is one Strapi serves. The crawl reads what a Pro member sees (guests see
the same pictures, on fewer unlocked items), follows every image address it finds and asks for
it.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

import pytest
import requests

from bff.app_context import app_context

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")

pytestmark = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)

IMAGE_FILE = re.compile(r"\.(webp|png|jpe?g|gif|svg|avif)(\?.*)?$", re.IGNORECASE)
SHARE_IMAGE = re.compile(r'<meta property="og:image" content="([^"]+)"')
LISTS = [
    "/cms/hubs/home",
    "/cms/articles?_limit=100",
    "/cms/lessons?_limit=100",
    "/cms/programs?_limit=100",
    "/cms/teachers",
    "/cms/trainers",
    "/masterclasses/masterclass",
    "/cms/grand-chess-tour",
    "/cms/upgrade-page",
]


@pytest.fixture
def site(make_app):
    app = make_app(CMS_URL=STRAPI_URL, CMS_TOKEN=os.environ.get("TEST_STRAPI_TOKEN", ""))
    return app.test_client()


def image_addresses(node, found: set[str]) -> set[str]:
    """Every string of the answer that addresses an image."""
    if isinstance(node, list):
        for item in node:
            image_addresses(item, found)
    elif isinstance(node, dict):
        for value in node.values():
            image_addresses(value, found)
    elif isinstance(node, str) and IMAGE_FILE.search(node) and not node.startswith("data:"):
        found.add(node)
    return found


def pages(site, headers) -> list[str]:
    """The lists and every detail they lead to."""
    paths = list(LISTS)
    for kind in ("lessons", "programs", "articles"):
        for item in site.get(f"/cms/{kind}?_limit=100", headers=headers).get_json():
            paths.append(f"/cms/{kind}/{item['id']}")
    paths += [f"/cms/videos/{number}" for number in range(1, 15)]  # the seed's videos
    for program in site.get("/cms/programs?_limit=100", headers=headers).get_json():
        detail = site.get(f"/cms/programs/{program['id']}", headers=headers).get_json()
        paths += [f"/cms/program-chapters/{chapter['id']}" for chapter in detail["chapters"]]
    masterclass = site.get("/masterclasses/masterclass", headers=headers).get_json()["data"]
    paths += [
        f"/cms/masterclass_episodes/{episode['id']}"
        for chapter in masterclass["chapters"]
        for episode in chapter["episodes"]
    ]
    return paths


def test_every_image_address_of_every_page_is_served(site, member_in):
    pro = member_in(site.application, "pro")
    addresses: set[str] = set()
    crawled = pages(site, pro)
    for path in crawled:
        answer = site.get(path, headers=pro)
        assert answer.status_code == 200, (path, answer.status_code)
        image_addresses(answer.get_json(), addresses)
    for path in ("/programs/1", "/lessons/1", "/articles/1", "/videos/1", "/home"):
        page = site.get(path)
        addresses.update(SHARE_IMAGE.findall(page.get_data(as_text=True)))
    posters = {a for a in addresses if "still" in a}
    assert posters, "the programs' video posters are among the pictures"
    assert len(addresses) > 300, len(addresses)
    broken = []
    site_root = app_context(site.application).settings.public_base_url + "/"
    with requests.Session() as strapi:
        for address in sorted(addresses):
            if address.startswith(site_root):
                # the site's own icon, the share image of pages without a picture: a file of
                # the client's build, not a CMS picture
                assert urlsplit(address).path.startswith("/icon-"), address
                continue
            if address.startswith(("http://", "https://")):
                assert address.startswith(STRAPI_URL), address
                served = strapi.get(address, timeout=30)
                status, kind = served.status_code, served.headers.get("Content-Type", "")
            else:
                served = site.get(address)
                status, kind = served.status_code, served.headers.get("Content-Type", "")
            if status != 200 or not kind.startswith("image/"):
                broken.append((address, status, kind))
    assert not broken, f"{len(broken)} of {len(addresses)} broken, e.g. {broken[:5]}"
