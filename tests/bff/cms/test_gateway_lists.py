"""The /cms lists over HTTP on the embedded store: paging, sorting, filters and bad parameters."""

import pytest

from bff.app_context import app_context

from ..builders import error_of
from .gateway_support import get


def test_lessons_come_24_a_page_until_the_last(client):
    total = get(client, "/cms/lessons/count")
    assert isinstance(total, int) and total >= 60
    seen = []
    start = 0
    while True:
        page = get(client, f"/cms/lessons?_limit=24&_start={start}&_sortBy=title:asc")
        seen += page
        if len(page) != 24:
            break
        start += 24
    assert len(seen) == total and len({lesson["id"] for lesson in seen}) == total
    assert [item["title"] for item in seen] == sorted(item["title"] for item in seen)


def test_lesson_cards_have_the_spec_fields(client):
    card = get(client, "/cms/lessons?_limit=1")[0]
    assert {
        "id",
        "title",
        "duration",
        "thumbnail",
        "difficulty_level",
        "locked",
        "teacher",
        "lesson_category",
    } <= card.keys()
    assert card["thumbnail"]["formats"]["medium"]["url"]
    assert {"value", "color"} <= card["difficulty_level"].keys()
    assert "chapters" not in card


@pytest.mark.parametrize("param", ["_sortBy", "_sort"])
@pytest.mark.parametrize(
    ("key", "read"),
    [
        ("title", lambda card: card["title"]),
        ("subscription_level", lambda card: card["subscription_level"]),
        ("difficulty_level", lambda card: card["difficulty_level"]["rank"]),
    ],
)
def test_every_lesson_sort(client, param, key, read):
    ascending = [read(c) for c in get(client, f"/cms/lessons?_limit=100&{param}={key}:asc")]
    descending = [read(c) for c in get(client, f"/cms/lessons?_limit=100&{param}={key}:desc")]
    assert ascending == sorted(ascending) and descending == sorted(descending, reverse=True)


def test_release_date_sort_puts_the_newest_first_when_descending(client):
    newest = get(client, "/cms/lessons?_limit=100&_sortBy=created_at:desc")
    oldest = get(client, "/cms/lessons?_limit=100&_sortBy=created_at:asc")
    assert [c["id"] for c in newest] == [c["id"] for c in reversed(oldest)]


def test_default_sort_is_title_ascending(client):
    titles = [c["title"] for c in get(client, "/cms/lessons?_limit=100")]
    assert titles == sorted(titles)


@pytest.mark.parametrize("name", ["lesson_category", "difficulty_level", "teacher"])
def test_each_lesson_filter(client, name):
    chosen = get(client, "/cms/lessons?_limit=1")[0][name]["id"]
    lessons = get(client, f"/cms/lessons?_limit=100&{name}={chosen}")
    assert lessons and all(item[name]["id"] == chosen for item in lessons)
    assert get(client, f"/cms/lessons/count?{name}={chosen}") == len(lessons)


def test_filters_combine_and_repeat(client):
    one = get(client, "/cms/lessons?_limit=100&teacher=1")
    two = get(client, "/cms/lessons?_limit=100&teacher=1&teacher=2")
    assert len(two) > len(one)
    narrowed = get(
        client,
        "/cms/lessons?_limit=100&teacher=1&difficulty_level="
        + str(one[0]["difficulty_level"]["id"]),
    )
    assert 0 < len(narrowed) <= len(one)


def test_limit_is_capped_at_100(app, client):
    upstream = app_context(app).catalogue.upstream
    asked = []
    original = upstream.find
    upstream.find = lambda query: asked.append(query.limit) or original(query)
    assert len(get(client, "/cms/lessons?_limit=1000")) == 65
    assert asked == [100]


def test_sort_wins_over_sort_by(client):
    both = get(client, "/cms/lessons?_limit=3&_sort=title:desc&_sortBy=title:asc")
    assert both == get(client, "/cms/lessons?_limit=3&_sort=title:desc")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("_limit=0", "_limit"),
        ("_limit=ten", "_limit"),
        ("_start=-1", "_start"),
        ("teacher=abc", "teacher"),
        ("colour=white", "colour"),
        ("_sortBy=price:asc", "_sort"),
        ("_sortBy=title:sideways", "_sort"),
        ("_sort=title:asc&_sortBy=sideways", "_sort"),
        ("_sortBy=title:ASC", "_sort"),
    ],
)
def test_bad_parameters_are_400s_naming_the_field(client, query, field):
    error = error_of(client.get(f"/cms/lessons?{query}"), 400)
    assert field in error["fields"]
    assert error["code"] in ("validation_failed", "invalid_sort")


def test_programs_page_filter_and_sort(client):
    page = get(client, "/cms/programs?_limit=8&_start=0&_sort=title:asc")
    assert len(page) == 8
    card = page[0]
    assert {"trainers", "level", "chapter_count", "hero_image", "locked"} <= card.keys()
    trainer = card["trainers"][0]["id"]
    assert all(
        trainer in {t["id"] for t in p["trainers"]}
        for p in get(client, f"/cms/programs?_limit=100&trainers={trainer}")
    )
    topic = card["topic"]["id"]
    assert all(
        p["topic"]["id"] == topic for p in get(client, f"/cms/programs?_limit=100&topic={topic}")
    )
    level = card["level"]["id"]
    assert all(
        p["level"]["id"] == level for p in get(client, f"/cms/programs?_limit=100&level={level}")
    )
    assert len(get(client, "/cms/programs?_limit=100")) >= 41
    error_of(client.get("/cms/programs?_sort=difficulty_level:asc"), 400)


def test_filter_options(client):
    assert len(get(client, "/cms/teachers")) == 8
    assert len(get(client, "/cms/lesson-categories")) == 6
    levels = get(client, "/cms/difficulty-levels")
    assert [item["value"] for item in levels] == [
        "beginner",
        "casual",
        "club",
        "league",
        "tournament",
        "advanced",
        "expert",
        "master",
    ]
    assert get(client, "/cms/topics") and get(client, "/cms/trainers")
