"""A published change shows on the next load: browsers revalidate, a CDN is told what to drop.

Guest answers are `max-age=0, must-revalidate` for browsers (an unchanged answer is a 304) and
`s-maxage` for a CDN, with their cache tags in `Surrogate-Key` and `Cache-Tag`: the tags the
webhook purges, which it hands to the CDN's purge-by-tag API (Fastly or Cloudflare, as they
document it; here against `responses`).
"""

from __future__ import annotations

import json
import logging

import pytest
import responses

from bff.app_context import app_context
from bff.cms.webhook import purge_tags
from bff.platform.cdn import CdnPurgeFailed, Cloudflare, Fastly, NoCdn, make_cdn
from bff.platform.config import ConfigError, load_settings

SECRET = "webhook-secret"
FASTLY_PURGE = "https://api.fastly.com/service/svc-1/purge"
CLOUDFLARE_PURGE = "https://api.cloudflare.com/client/v4/zones/zone-1/purge_cache"


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


def keys(answer) -> set[str]:
    return set(answer.headers.get("Surrogate-Key", "").split())


def webhook(client, event):
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202, answer.get_json()
    return set(answer.get_json()["data"]["purged"])


def lesson_event(lesson_id: int) -> dict:
    return {
        "event": "entry.publish",
        "model": "lesson",
        "uid": "api::lesson.lesson",
        "entry": {"id": 900 + lesson_id, "public_id": lesson_id, "publishedAt": "2026-01-01"},
    }


def retitle(app, title):
    """An editor renames every entry in the CMS (without telling the BFF)."""
    upstream = app_context(app).catalogue.upstream
    original = upstream.find

    def renamed(query):
        found = original(query)
        for entry in found["data"]:
            if "title" in entry:
                entry["title"] = title
        return found

    upstream.find = renamed


# Headers ------------------------------------------------------------------------------------


def test_guests_revalidate_and_a_cdn_keeps_tagged_answers(client):
    answer = client.get("/cms/lessons?_limit=3")
    assert answer.headers["Cache-Control"] == "public, max-age=0, must-revalidate, s-maxage=60"
    assert answer.headers["Surrogate-Control"] == "max-age=60, stale-if-error=86400"
    assert answer.headers["CDN-Cache-Control"] == "max-age=60"
    tags = keys(answer)
    assert "lessons" in tags
    assert answer.headers["Cache-Tag"] == ",".join(sorted(tags))
    again = client.get("/cms/lessons?_limit=3", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    assert keys(again) == tags  # kept rendered, with its tags


def test_members_answers_are_their_own_and_untagged(client, member):
    answer = client.get("/cms/lessons?_limit=3", headers=member("free"))
    assert answer.headers["Cache-Control"] == "private, no-cache"
    assert "Surrogate-Key" not in answer.headers and "Cache-Tag" not in answer.headers


def test_answers_of_unknown_tags_are_revalidated_by_shared_caches_too(client):
    found = client.get("/cms/search?q=endgame")
    assert found.status_code == 200
    assert found.headers["Cache-Control"] == "public, max-age=0, must-revalidate"
    assert "Surrogate-Key" not in found.headers


def test_the_cdn_max_age_is_a_setting(make_app):
    answer = make_app(CDN_MAX_AGE="600").test_client().get("/cms/lessons?_limit=3")
    assert answer.headers["Cache-Control"].endswith("s-maxage=600")


def test_a_detail_not_kept_rendered_carries_its_tags_too(client):
    home = client.get("/cms/hubs/home")
    assert home.status_code == 200
    assert "home-hub" in keys(home) or any(tag.startswith("home") for tag in keys(home))
    assert any(tag.startswith("media:") for tag in keys(home))


# The tags agree with the purge ---------------------------------------------------------------


def test_every_tag_of_an_answer_purges_it_and_no_other_does(app, client):
    lesson = client.get("/cms/lessons?_limit=1").get_json()[0]["id"]
    first = client.get(f"/cms/lessons/{lesson}")
    tags = keys(first)
    assert f"lessons:{lesson}" in tags
    assert any(tag.startswith("teachers:") for tag in tags)  # the teacher it shows
    assert any(tag.startswith("media:") for tag in tags)
    cache = app_context(app).catalogue.cache
    for number, tag in enumerate(sorted(tags)):
        retitle(app, f"Renamed {number}")
        cache.purge({f"lessons:{lesson + 1}", "articles"})  # not this answer's
        assert client.get(f"/cms/lessons/{lesson}").get_json()["title"] != f"Renamed {number}"
        cache.purge({tag})
        assert client.get(f"/cms/lessons/{lesson}").get_json()["title"] == f"Renamed {number}", tag


def test_the_webhooks_tags_are_among_the_answers_it_drops(client):
    lesson = client.get("/cms/lessons?_limit=1").get_json()[0]["id"]
    detail, listed = client.get(f"/cms/lessons/{lesson}"), client.get("/cms/lessons?_limit=3")
    purged = purge_tags(lesson_event(lesson))
    assert purged & keys(detail) and purged & keys(listed)
    assert not purge_tags(lesson_event(lesson + 1)) & keys(detail)


def test_a_published_change_is_there_on_the_next_load(app, client):
    lesson = client.get("/cms/lessons?_limit=1").get_json()[0]["id"]
    first = client.get(f"/cms/lessons/{lesson}")
    retitle(app, "Published just now")
    webhook(client, lesson_event(lesson))
    # the browser's next load revalidates its copy, and gets the change
    after = client.get(f"/cms/lessons/{lesson}", headers={"If-None-Match": first.headers["ETag"]})
    assert after.status_code == 200
    assert after.get_json()["title"] == "Published just now"


# The CDN is told ---------------------------------------------------------------------------


@responses.activate
def test_the_webhook_purges_the_fastly_service_by_the_same_tags(make_app):
    app = make_app(
        CMS_WEBHOOK_SECRET=SECRET, CDN="fastly", CDN_SERVICE="svc-1", CDN_TOKEN="fastly-token"
    )
    client = app.test_client()
    lesson = client.get("/cms/lessons?_limit=1").get_json()[0]["id"]
    shown = keys(client.get(f"/cms/lessons/{lesson}"))
    call = responses.post(FASTLY_PURGE, json={"lessons": "108-1", f"lessons:{lesson}": "108-2"})
    purged = webhook(client, lesson_event(lesson))
    assert call.call_count == 1
    sent = call.calls[0].request
    assert sent.headers["Fastly-Key"] == "fastly-token"
    assert json.loads(sent.body) == {"surrogate_keys": sorted(purged)}
    assert purged & shown


@responses.activate
def test_a_draft_saved_asks_the_cdn_for_nothing(make_app):
    app = make_app(
        CMS_WEBHOOK_SECRET=SECRET, CDN="cloudflare", CDN_SERVICE="zone-1", CDN_TOKEN="cf-token"
    )
    draft = {"event": "entry.update", "model": "lesson", "entry": {"id": 5, "publishedAt": None}}
    assert webhook(app.test_client(), draft) == set()
    assert len(responses.calls) == 0  # no call registered: any would have failed


@responses.activate
def test_a_cdn_that_fails_leaves_the_purge_done(make_app, caplog):
    app = make_app(
        CMS_WEBHOOK_SECRET=SECRET, CDN="fastly", CDN_SERVICE="svc-1", CDN_TOKEN="fastly-token"
    )
    client = app.test_client()
    lesson = client.get("/cms/lessons?_limit=1").get_json()[0]["id"]
    client.get(f"/cms/lessons/{lesson}")
    responses.post(FASTLY_PURGE, status=503, body="busy")
    retitle(app, "Changed")
    with caplog.at_level(logging.ERROR, logger="bff.cms.webhook"):
        webhook(client, lesson_event(lesson))
    assert "The CDN did not purge" in caplog.text
    assert client.get(f"/cms/lessons/{lesson}").get_json()["title"] == "Changed"


@responses.activate
def test_fastly_purges_in_batches_of_256():
    call = responses.post(FASTLY_PURGE, json={})
    Fastly("svc-1", "token", soft=True).purge({f"media:{n}" for n in range(300)})
    assert call.call_count == 2
    bodies = [json.loads(c.request.body)["surrogate_keys"] for c in call.calls]
    assert [len(b) for b in bodies] == [256, 44]
    assert sorted(bodies[0] + bodies[1]) == sorted(f"media:{n}" for n in range(300))
    assert call.calls[0].request.headers["Fastly-Soft-Purge"] == "1"


@responses.activate
def test_fastly_refusing_is_an_error():
    responses.post(FASTLY_PURGE, status=401, json={"msg": "Provided credentials are missing"})
    with pytest.raises(CdnPurgeFailed, match="401"):
        Fastly("svc-1", "wrong").purge({"lessons"})


@responses.activate
def test_cloudflare_purges_by_cache_tag_in_batches_of_30():
    call = responses.post(CLOUDFLARE_PURGE, json={"success": True, "errors": [], "result": {}})
    Cloudflare("zone-1", "cf-token").purge({f"lessons:{n}" for n in range(31)})
    assert call.call_count == 2
    assert call.calls[0].request.headers["Authorization"] == "Bearer cf-token"
    assert [len(json.loads(c.request.body)["tags"]) for c in call.calls] == [30, 1]


@responses.activate
def test_cloudflare_unsuccessful_is_an_error():
    responses.post(
        CLOUDFLARE_PURGE,
        json={"success": False, "errors": [{"code": 10000, "message": "Authentication error"}]},
    )
    with pytest.raises(CdnPurgeFailed, match="Authentication error"):
        Cloudflare("zone-1", "cf-token").purge({"lessons"})


@responses.activate
def test_an_unreachable_cdn_is_an_error():
    with pytest.raises(CdnPurgeFailed, match="did not answer"):
        Fastly("svc-1", "token").purge({"lessons"})  # nothing registered: connection refused


@responses.activate
def test_without_a_cdn_nothing_is_called():
    NoCdn().purge({"lessons", "media:1"})
    assert len(responses.calls) == 0


# Settings ------------------------------------------------------------------------------------


def test_the_cdn_settings(settings_env):
    none = load_settings(settings_env)
    assert isinstance(make_cdn(none), NoCdn) and none.cdn_max_age == 60
    fastly = load_settings({**settings_env, "CDN": "Fastly", "CDN_SERVICE": "s", "CDN_TOKEN": "t"})
    assert make_cdn(fastly) == Fastly("s", "t") and fastly.cdn_max_age == 3600
    cloudflare = load_settings(
        {**settings_env, "CDN": "cloudflare", "CDN_SERVICE": "z", "CDN_TOKEN": "t"}
    )
    assert make_cdn(cloudflare) == Cloudflare("z", "t")
    with pytest.raises(ConfigError, match="CDN_TOKEN"):
        load_settings({**settings_env, "CDN": "fastly", "CDN_SERVICE": "s"})
    with pytest.raises(ConfigError, match="CDN"):
        load_settings({**settings_env, "CDN": "akamai"})
    with pytest.raises(ConfigError, match="CDN_MAX_AGE"):
        load_settings({**settings_env, "CDN_MAX_AGE": "soon"})
