"""The /cms routes over HTTP on the embedded store: shapes, paging, sorting, filters, errors,
caching headers, purges and locks."""

import json

import pytest
import requests
import responses

from bff.app_context import app_context
from bff.cms.upstream import UpstreamUnavailable

SECRET = "webhook-secret"


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


def get(client, path, **kwargs):
    response = client.get(path, **kwargs)
    assert response.status_code == 200, (path, response.get_json())
    return response.get_json()


def error_of(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()["error"]


# Lists, paging and sorting -----------------------------------------------------------------


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


# Details -----------------------------------------------------------------------------------


def test_a_free_lesson_plays_for_a_guest(client):
    free = next(
        c for c in get(client, "/cms/lessons?_limit=100") if c["subscription_level"] == "free"
    )
    lesson = get(client, f"/cms/lessons/{free['id']}")
    assert lesson["locked"] is False
    assert lesson["chapters"] and all(ch["video_id"] for ch in lesson["chapters"])
    assert {"description", "description_short", "teacher", "lesson_category"} <= lesson.keys()


def test_a_pro_lesson_is_403_for_a_guest_and_a_free_member_but_plays_for_pro(client, member):
    pro = next(
        c for c in get(client, "/cms/lessons?_limit=100") if c["subscription_level"] == "pro"
    )
    assert pro["locked"] is True
    assert error_of(client.get(f"/cms/lessons/{pro['id']}"), 403)["code"] == "content_locked"
    assert (
        error_of(client.get(f"/cms/lessons/{pro['id']}", headers=member("free")), 403)["code"]
        == "content_locked"
    )
    lesson = get(client, f"/cms/lessons/{pro['id']}", headers=member("pro"))
    assert lesson["locked"] is False and lesson["chapters"][0]["video_id"]


@pytest.mark.parametrize(
    "path",
    [
        "/cms/lessons/9999",
        "/cms/programs/9999",
        "/cms/program-chapters/9999",
        "/cms/articles/9999",
        "/cms/videos/9999",
        "/cms/masterclass_episodes/9999",
        "/masterclasses/no-such-slug",
        "/cms/legal-pages/nope",
    ],
)
def test_missing_entries_are_404s_with_a_code(client, path):
    assert error_of(client.get(path), 404)["code"] == "not_found"


def test_program_detail(client, member):
    program = get(client, "/cms/programs/1", headers=member("pro"))
    assert program["bullet_points"] and program["chapters"]
    assert program["chapter_count"] == len(program["chapters"])
    assert [c["position"] for c in program["chapters"]] == sorted(
        c["position"] for c in program["chapters"]
    )
    assert all(c["lesson_count"] >= 1 for c in program["chapters"])
    assert program["introduction_video"]["video_id"]
    assert program["related_program"]["id"] != program["id"]


def test_program_chapter_follows_its_program_lock(client, member):
    chapter_of_pro = next(
        p["chapters"][0]["id"]
        for p in [
            get(client, f"/cms/programs/{c['id']}", headers=member("pro"))
            for c in get(client, "/cms/programs?_limit=100")
        ]
        if p["subscription_level"] == "pro"
    )
    assert (
        error_of(client.get(f"/cms/program-chapters/{chapter_of_pro}"), 403)["code"]
        == "content_locked"
    )
    chapter = get(client, f"/cms/program-chapters/{chapter_of_pro}", headers=member("pro"))
    assert chapter["subchapters"] and all(s["video_id"] for s in chapter["subchapters"])
    assert chapter["program"]["id"] and chapter["chapters"]


def test_masterclass_with_offer_and_episodes(client):
    masterclass = get(client, "/masterclasses/masterclass")["data"]
    assert masterclass["iap"]["purchased"] is False
    assert masterclass["iap"]["price"] == {"price": "79.99", "currency": "USD"}
    assert len(masterclass["chapters"]) >= 3
    episodes = [e for c in masterclass["chapters"] for e in c["episodes"]]
    assert len(episodes) >= 15
    assert all(e["masterclass_episode_id"] == e["id"] for e in episodes)


def test_episode_with_its_chapter_siblings(client):
    masterclass = get(client, "/masterclasses/masterclass")["data"]
    free = next(e for c in masterclass["chapters"] for e in c["episodes"] if not e["locked"])
    episode = get(client, f"/cms/masterclass_episodes/{free['id']}")
    assert episode["video_id"]
    assert free["id"] in [e["id"] for e in episode["chapter"]]
    assert [e["position"] for e in episode["chapter"]] == sorted(
        e["position"] for e in episode["chapter"]
    )


def test_video_with_related(client, member):
    video = get(client, "/cms/videos/11", headers=member("pro"))
    assert video["video_id"] and video["video_category"]["name"] in (
        "Documentaries",
        "Chess Journeys",
    )
    assert video["related"] and all("video_id" not in r for r in video["related"])


def test_articles_newest_first_and_detail(client):
    articles = get(client, "/cms/articles?_limit=8&_start=0")
    assert len(articles) == 8
    assert [a["date_posted"] for a in articles] == sorted(
        (a["date_posted"] for a in articles), reverse=True
    )
    next_page = get(client, "/cms/articles?_limit=8&_start=8")
    assert not {a["id"] for a in articles} & {a["id"] for a in next_page}
    article = get(client, f"/cms/articles/{articles[0]['id']}")
    assert (
        article["content"] and article["author"]["name"] and article["author"]["avatar"]["formats"]
    )


def test_most_viewed_ranks_reads_and_falls_back_to_the_newest(client):
    newest = [a["id"] for a in get(client, "/cms/articles?_limit=3")]
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=3")] == newest
    for article_id, reads in ((5, 3), (9, 2), (12, 1)):
        for reader in range(reads):  # each a reader of their own: one counts once a day
            get(
                client,
                f"/cms/articles/{article_id}",
                environ_base={"REMOTE_ADDR": f"10.0.0.{reader}"},
            )
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=3")] == [5, 9, 12]
    topped_up = [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=5")]
    assert topped_up[:3] == [5, 9, 12] and len(topped_up) == 5


def test_home_hub_sections_in_order(client):
    home = get(client, "/cms/hubs/home")
    assert [s["target_type"] for s in home["sections"]] == [
        "masterclass_episodes",
        "programs",
        "lessons",
        "documentaries",
        "journeys",
        "news",
    ]
    for section in home["sections"]:
        assert section["items"], section["target_type"]
    news = home["sections"][-1]
    assert len(news["byRanking"]["data"]) == 3
    assert len(home["slideshow"]) == 4


def test_pages(client):
    tour = get(client, "/cms/grand-chess-tour")
    assert len(tour["events"]) == 5 and tour["live_video_id"]
    upgrade = get(client, "/cms/upgrade-page")
    assert len(upgrade["testimonials"]) == 3 and upgrade["learn"]["title"]
    for slug in (
        "terms",
        "refund-policy",
        "disclaimer",
        "acceptable-use",
        "dmca",
        "privacy",
        "cookie-policy",
    ):
        assert get(client, f"/cms/legal-pages/{slug}")["body"]


def test_seed_media_is_served(client):
    url = get(client, "/cms/lessons?_limit=1")[0]["thumbnail"]["formats"]["small"]["url"]
    image = client.get(url)
    assert image.status_code == 200 and image.mimetype == "image/webp"
    assert "max-age" in image.headers["Cache-Control"]
    assert client.get("/media/nothing/here.webp").status_code == 404


# HTTP caching ------------------------------------------------------------------------------


def test_etag_and_304(client):
    first = client.get("/cms/lessons?_limit=3")
    assert first.headers["ETag"] and first.headers["Cache-Control"].startswith("public")
    again = client.get("/cms/lessons?_limit=3", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    other = client.get("/cms/lessons?_limit=4", headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200


def test_signed_in_answers_are_private(client, member):
    response = client.get("/cms/lessons?_limit=3", headers=member("pro"))
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert "Authorization" in response.headers["Vary"]


def test_a_bad_token_is_401_so_the_client_refreshes(client):
    error = error_of(client.get("/cms/lessons", headers={"Authorization": "Bearer nonsense"}), 401)
    assert error["code"] == "user_invalid_token"


# Cache, purges, failures -------------------------------------------------------------------


def count_loads(app):
    upstream = app_context(app).catalogue.upstream
    calls = []
    original = upstream.find

    def counting(query):
        calls.append(query.collection)
        return original(query)

    upstream.find = counting
    return calls


def test_answers_are_served_from_the_cache(app, client):
    calls = count_loads(app)
    get(client, "/cms/lessons?_limit=5")
    get(client, "/cms/lessons?_limit=5")
    assert calls == ["lessons"]


def test_webhook_purges_only_what_changed(app, client):
    calls = count_loads(app)
    free = [c["id"] for c in get(client, "/cms/lessons?_limit=100") if not c["locked"]][:2]
    get(client, f"/cms/lessons/{free[0]}")
    get(client, f"/cms/lessons/{free[1]}")
    calls.clear()
    event = {
        "event": "entry.publish",
        "model": "lesson",
        "uid": "api::lesson.lesson",
        "entry": {"id": free[0]},
    }
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202
    assert answer.get_json()["data"]["purged"] == ["lessons", f"lessons:{free[0]}"]
    get(client, f"/cms/lessons/{free[0]}")
    get(client, f"/cms/lessons/{free[1]}")
    get(client, "/cms/lessons?_limit=100")
    assert calls == ["lessons", "lessons"], "the changed lesson and the list, not the other lesson"


@pytest.mark.parametrize("event", ["entry.publish", "entry.unpublish", "entry.delete"])
def test_what_editors_publish_unpublish_or_delete_is_purged(client, event):
    # Strapi's entries carry the public id the site knows them by (strapi.py).
    answer = client.post(
        "/cms/webhooks/strapi",
        json={"event": event, "model": "lesson", "entry": {"id": 99, "public_id": 7}},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    assert answer.get_json()["data"]["purged"] == ["lessons", "lessons:7"]


@pytest.mark.parametrize("event", ["entry.create", "entry.update"])
def test_a_saved_draft_purges_nothing(client, event):
    draft = {"id": 98, "public_id": 7, "publishedAt": None}
    answer = client.post(
        "/cms/webhooks/strapi",
        json={"event": event, "model": "lesson", "entry": draft},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    assert answer.get_json()["data"]["purged"] == []


def test_webhook_for_a_teacher_purges_lessons_that_show_it(app, client):
    get(client, "/cms/lessons?_limit=5")
    calls = count_loads(app)
    client.post(
        "/cms/webhooks/strapi",
        json={"event": "entry.publish", "model": "teacher", "entry": {"id": 1}},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    get(client, "/cms/lessons?_limit=5")
    assert calls == ["lessons"]


def purge(client, event: dict):
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202, answer.get_json()


@pytest.mark.parametrize(
    ("path", "model", "shown"),
    [
        # A lesson detail shows its teacher; another teacher's lesson is not touched.
        ("/cms/lessons/{id}", "teacher", lambda item: item["teacher"]["id"]),
        # An article shows its author.
        ("/cms/articles/{id}", "author", lambda item: item["author"]["id"]),
        # A program chapter shows its program.
        ("/cms/program-chapters/{id}", "program", lambda item: item["program"]["id"]),
    ],
)
def test_an_edit_of_an_entry_a_detail_shows_purges_that_detail(app, client, path, model, shown):
    collection = path.split("/")[2]
    items = {
        "lessons": lambda: [
            c["id"] for c in get(client, "/cms/lessons?_limit=100") if not c["locked"]
        ],
        "articles": lambda: [c["id"] for c in get(client, "/cms/articles?_limit=100")],
        "program-chapters": lambda: [241, 10],
    }[collection]()
    details = {item: get(client, path.format(id=item)) for item in items[:40]}
    first = next(iter(details))
    untouched = next(i for i, d in details.items() if shown(d) != shown(details[first]))
    calls = count_loads(app)

    purge(
        client, {"event": "entry.publish", "model": model, "entry": {"id": shown(details[first])}}
    )
    get(client, path.format(id=first))
    get(client, path.format(id=untouched))

    assert calls == [collection], "the detail that shows the edited entry, not the other one"


def test_media_events_purge_answers_showing_that_image(app, client):
    media_of = app_context(app).catalogue.upstream._media
    card = get(client, "/cms/lessons?_limit=1")[0]
    media_id = next(m["id"] for m in media_of.values() if m["url"] == card["thumbnail"]["url"])
    calls = count_loads(app)
    client.post(
        "/cms/webhooks/strapi",
        json={"event": "media.update", "media": {"id": media_id}},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    get(client, "/cms/lessons?_limit=1")
    assert calls == ["lessons"]


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": SECRET}]
)
def test_webhook_needs_the_secret(client, headers):
    response = client.post(
        "/cms/webhooks/strapi", json={"event": "entry.update", "model": "lesson"}, headers=headers
    )
    assert error_of(response, 401)["code"] == "unauthorized"


def test_webhook_refuses_when_no_secret_is_configured(make_app):
    client = make_app().test_client()
    response = client.post(
        "/cms/webhooks/strapi", json={"event": "entry.update"}, headers={"Authorization": "Bearer "}
    )
    assert response.status_code == 401


def test_unknown_webhook_events_purge_nothing(client):
    response = client.post(
        "/cms/webhooks/strapi",
        json={"event": "review-workflows.updateEntryStage", "model": "lesson"},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    assert response.get_json() == {"data": {"purged": []}}


def test_stale_answers_when_the_cms_goes_down_and_recovery_without_restart(app, client):
    upstream = app_context(app).catalogue.upstream
    good = get(client, "/cms/lessons?_limit=5")
    client.post(
        "/cms/webhooks/strapi",
        json={"event": "entry.publish", "model": "lesson", "entry": {"id": 1}},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    original = upstream.find

    def down(query):
        raise UpstreamUnavailable("connection refused")

    upstream.find = down
    assert get(client, "/cms/lessons?_limit=5") == good
    unavailable = client.get("/cms/lessons?_limit=6")
    assert error_of(unavailable, 503)["code"] == "cms_unavailable"
    assert unavailable.headers["Retry-After"] == "5"  # like the database's 503
    upstream.find = original
    assert len(get(client, "/cms/lessons?_limit=6")) == 6


@responses.activate
def test_strapi_answers_go_through_the_same_gateway(make_app):
    """A real Strapi answer (shape from its REST docs) comes out in the /cms dialect."""
    app = make_app(CMS_URL="http://cms.test", CMS_TOKEN="t", CMS_WEBHOOK_SECRET=SECRET)
    lesson = {
        "id": 1,
        "documentId": "d1",
        "title": "Endgames",
        "description_short": "Short",
        "duration": 600,
        "subscription_level": "pro",
        "createdAt": "2024-01-01T00:00:00.000Z",
        "thumbnail": {
            "id": 4,
            "documentId": "m4",
            "url": "/uploads/end.png",
            "width": 1000,
            "height": 562,
            "alternativeText": None,
            "formats": {"small": {"url": "/uploads/small_end.png", "width": 500, "height": 281}},
        },
        "difficulty_level": {
            "id": 2,
            "documentId": "l2",
            "value": "casual",
            "label": "Casual - 1000",
            "color": "#8BC34A",
            "rank": 2,
        },
        "teacher": {"id": 3, "documentId": "t3", "name": "Ana"},
        "lesson_category": {"id": 5, "documentId": "c5", "name": "Endgames"},
    }
    responses.get(
        "http://cms.test/api/lessons",
        json={"data": [lesson], "meta": {"pagination": {"start": 0, "limit": 24, "total": 1}}},
    )
    cards = app.test_client().get("/cms/lessons?_limit=24").get_json()
    assert cards[0]["locked"] is True and cards[0]["teacher"] == {"id": 3, "name": "Ana"}
    assert (
        cards[0]["thumbnail"]["formats"]["small"]["url"] == "http://cms.test/uploads/small_end.png"
    )
    responses.replace(
        responses.GET, "http://cms.test/api/lessons", body=requests.ConnectionError("down")
    )
    assert app.test_client().get("/cms/lessons?_limit=24").get_json() == cards
    assert app.test_client().get("/cms/lessons?_limit=25").status_code == 503


def test_every_cms_route_is_documented(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path in [
        "/cms/hubs/home",
        "/cms/articles",
        "/cms/articles/{article_id}",
        "/cms/articles/mostviewed",
        "/cms/videos/{video_id}",
        "/cms/lessons",
        "/cms/lessons/count",
        "/cms/lessons/{lesson_id}",
        "/cms/teachers",
        "/cms/difficulty-levels",
        "/cms/lesson-categories",
        "/cms/topics",
        "/cms/trainers",
        "/cms/programs",
        "/cms/programs/{program_id}",
        "/cms/program-chapters/{chapter_id}",
        "/cms/masterclass_episodes/{episode_id}",
        "/masterclasses/{slug}",
        "/cms/grand-chess-tour",
        "/cms/upgrade-page",
        "/cms/legal-pages/{slug}",
        "/cms/webhooks/strapi",
    ]:
        assert path in paths, path
    lesson_params = {p["name"] for p in paths["/cms/lessons"]["get"]["parameters"]}
    assert {
        "_limit",
        "_start",
        "_sortBy",
        "_sort",
        "teacher",
        "lesson_category",
        "difficulty_level",
    } <= lesson_params
    assert (
        json.dumps(paths["/cms/lessons/{lesson_id}"]["get"]["responses"]["200"]).count("Lesson")
        >= 1
    )


def test_a_reader_counts_once_a_day_however_often_they_ask(app, client):
    """720 requests from one browser no longer make an article the most viewed."""
    from bff.platform.extensions import db

    for _ in range(40):
        get(client, "/cms/articles/5", headers={"User-Agent": "Crawler/1.0"})
    for reader in range(2):
        get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": f"10.0.1.{reader}"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [9, 5]
    # Another browser at the same address is another reader.
    get(client, "/cms/articles/5", headers={"User-Agent": "Other/2.0"})
    get(client, "/cms/articles/5", headers={"User-Agent": "Third/3.0"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [5, 9]
    with app.app_context():
        readers = db.session.execute(db.text("SELECT reader FROM article_readers")).scalars()
        assert all(len(reader) == 64 and "10.0" not in reader for reader in readers)


def test_a_member_counts_once_a_day_from_any_address(client, member):
    headers = member()
    for address in ("10.0.2.1", "10.0.2.2", "10.0.2.3"):
        get(client, "/cms/articles/12", headers=headers, environ_base={"REMOTE_ADDR": address})
    get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": "10.0.3.1"})
    get(client, "/cms/articles/9", environ_base={"REMOTE_ADDR": "10.0.3.2"})
    assert [a["id"] for a in get(client, "/cms/articles/mostviewed?_limit=2")] == [9, 12]
