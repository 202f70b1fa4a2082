"""One contract, two upstreams: the embedded store and a real Strapi 5 give identical /cms answers.

Strapi runs beside the tests through scripts/with-strapi (TEST_STRAPI_URL, TEST_STRAPI_TOKEN),
with the model of cms-schema/src and the seed pushed by cms-schema/tools/push_seed.py. Media URLs
differ by nature (Strapi stores uploads under its own names), so they are compared for
presence only; everything else, sizes of images included, must match exactly.
"""

from __future__ import annotations

import os
import re

import pytest

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL")

pytestmark = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)

POSTER = re.compile(r"thumbnail_\d+_url")

GUEST_PATHS = [
    "/cms/hubs/home",
    "/cms/articles?_limit=8&_start=0",
    "/cms/articles?_limit=8&_start=24",
    "/cms/articles/mostviewed?_limit=3",
    "/cms/articles/1",
    "/cms/articles/30",
    "/cms/lessons?_limit=24&_start=0&_sortBy=title:asc",
    "/cms/lessons?_limit=24&_start=24&_sortBy=title:asc",
    "/cms/lessons?_limit=24&_start=48&_sortBy=title:asc",
    "/cms/lessons?_limit=24&_sortBy=created_at:asc",
    "/cms/lessons?_limit=24&_sortBy=created_at:desc",
    "/cms/lessons?_limit=24&_sortBy=subscription_level:asc",
    "/cms/lessons?_limit=100&_sortBy=title:desc",
    "/cms/lessons?_limit=24&lesson_category=2&_sortBy=title:asc",
    "/cms/lessons?_limit=24&difficulty_level=3&_sortBy=title:asc",
    "/cms/lessons?_limit=24&teacher=4&_sortBy=title:asc",
    "/cms/lessons?_limit=24&teacher=4&teacher=5&difficulty_level=2&difficulty_level=6",
    "/cms/lessons?_limit=12&teacher=1&_sortBy=title:asc",
    "/cms/lessons?_limit=12&lesson_category=1&_sortBy=difficulty_level:asc",
    "/cms/lessons/count",
    "/cms/lessons/count?teacher=2&lesson_category=3",
    "/cms/teachers",
    "/cms/difficulty-levels",
    "/cms/lesson-categories",
    "/cms/topics",
    "/cms/trainers",
    "/cms/programs?_limit=8&_start=0&_sort=title:asc",
    "/cms/programs?_limit=8&_start=8&_sort=created_at:desc",
    "/cms/programs?_limit=8&_sort=subscription_level:asc",
    "/cms/programs?_limit=100&topic=2",
    "/cms/programs?_limit=100&level=4",
    "/cms/programs?_limit=100&trainers=3",
    "/masterclasses/masterclass",
    "/cms/grand-chess-tour",
    "/cms/upgrade-page",
    "/cms/list-page",
    "/cms/legal-pages/terms",
    "/cms/legal-pages/privacy",
    "/cms/lessons/9999",
    "/cms/programs/9999",
    "/masterclasses/other",
]


def canonical(node):
    """The answer with media URLs (and video posters' addresses) reduced to whether they are
    there."""
    if isinstance(node, list):
        return [canonical(item) for item in node]
    if isinstance(node, dict):
        is_media = "url" in node and ("formats" in node or {"width", "height"} <= node.keys())
        return {
            key: (
                bool(value)
                if (is_media and key == "url") or POSTER.fullmatch(key)
                else canonical(value)
            )
            for key, value in node.items()
        }
    return node


@pytest.fixture
def clients(make_app):
    embedded = make_app()
    strapi = make_app(
        CMS_URL=STRAPI_URL or "http://127.0.0.1:9",
        CMS_TOKEN=os.environ.get("TEST_STRAPI_TOKEN", ""),
    )
    return embedded.test_client(), strapi.test_client()


def answers(clients, path, headers=None):
    embedded, strapi = (client.get(path, headers=headers or {}) for client in clients)
    return (embedded.status_code, canonical(embedded.get_json())), (
        strapi.status_code,
        canonical(strapi.get_json()),
    )


@pytest.mark.parametrize("path", GUEST_PATHS)
def test_guests_get_identical_answers(clients, path):
    embedded, strapi = answers(clients, path)
    assert embedded[0] in (200, 403, 404)
    assert strapi == embedded


def detail_paths(client) -> list[str]:
    """Every detail a Pro member can open, found through the lists."""
    paths = [
        f"/cms/lessons/{item['id']}" for item in client.get("/cms/lessons?_limit=100").get_json()
    ]
    programs = client.get("/cms/programs?_limit=100").get_json()
    paths += [f"/cms/programs/{p['id']}" for p in programs]
    masterclass = client.get("/masterclasses/masterclass").get_json()["data"]
    paths += [
        f"/cms/masterclass_episodes/{e['id']}"
        for c in masterclass["chapters"]
        for e in c["episodes"]
    ]
    paths += [f"/cms/videos/{number}" for number in range(1, 15)]
    paths += [f"/cms/program-chapters/{number}" for number in range(1, 245, 7)]
    return paths


def test_pro_members_get_identical_details(clients, member_in):
    embedded, strapi = clients
    pro = member_in(embedded.application, "pro"), member_in(strapi.application, "pro")
    for path in detail_paths(embedded):
        one = embedded.get(path, headers=pro[0])
        other = strapi.get(path, headers=pro[1])
        assert (other.status_code, canonical(other.get_json())) == (
            one.status_code,
            canonical(one.get_json()),
        ), path
        assert one.status_code == 200, path
