"""The /cms routes over HTTP: caching headers, the cache and its purges, a CMS down, their docs."""

import json

import pytest
import requests
import responses

from bff.app_context import app_context
from bff.cms.upstream import UpstreamUnavailable

from ..builders import error_of
from .gateway_support import get

SECRET = "webhook-secret"


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


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
