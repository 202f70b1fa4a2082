"""Rendered answers kept per worker: served while current, never after a purge, an expiry, a stale
copy, or to another viewer; bounded in bytes."""

from __future__ import annotations

import gzip
import time

import pytest

from bff.access.viewer import RECENT
from bff.app_context import app_context
from bff.cms import PURGE_VISIBLE_WITHIN
from bff.cms.content_cache import ContentCache, RecentVersions
from bff.cms.rendered import RenderedAnswers, render
from bff.cms.upstream import UpstreamUnavailable
from bff.platform.cache import InProcessCache

from ..builders import Clock, make_member, make_purchase

SECRET = "webhook-secret"


class Versions:
    """Tag versions in a dict (what Redis or the database keep for every worker)."""

    def __init__(self):
        self.known: dict[str, int] = {}

    def current(self, tags):
        return {tag: self.known.get(tag, 0) for tag in tags}

    def bump(self, tags):
        for tag in tags:
            self.known[tag] = self.known.get(tag, 0) + 1


class Builder:
    """Builds an answer from the content cache, as a route does; counts builds."""

    def __init__(self, cache: ContentCache, key="lessons", tags=("lessons",), value="v1"):
        self.cache, self.key, self.tags, self.value = cache, key, set(tags), value
        self.builds = 0
        self.down = False

    def load(self):
        if self.down:
            raise UpstreamUnavailable("down")
        return {"items": [self.value]}

    def __call__(self):
        self.builds += 1
        return self.cache.fetch(self.key, self.tags, self.load).value


@pytest.fixture
def versions():
    return Versions()


@pytest.fixture
def cache(versions, clock):
    return ContentCache(InProcessCache(), versions, ttl=300, clock=clock)


def test_a_kept_answer_is_served_without_building_it_again(cache):
    answers, build = RenderedAnswers(cache), Builder(cache)
    first = answers.get("k", build)
    assert answers.get("k", build) == first == render({"items": ["v1"]})
    assert build.builds == 1


def test_a_purge_of_any_tag_it_was_built_from_drops_it(cache):
    answers, build = RenderedAnswers(cache), Builder(cache, tags=("lessons", "teachers"))
    answers.get("k", build)
    build.value = "v2"  # an editor changes the content; the webhook names teachers
    cache.purge({"teachers"})
    assert answers.get("k", build).body == render({"items": ["v2"]}).body
    assert build.builds == 2


def test_a_purge_of_another_tag_keeps_it(cache):
    answers, build = RenderedAnswers(cache), Builder(cache)
    answers.get("k", build)
    cache.purge({"programs", "lessons:12"})
    answers.get("k", build)
    assert build.builds == 1


def test_every_piece_counts_media_found_in_a_piece_too(cache):
    answers = RenderedAnswers(cache)
    pieces = []

    def build():
        pieces.append(1)
        page = cache.fetch(
            "page", {"lessons"}, lambda: {"_media": [7]}, tags_of=lambda v: {"media:7"}
        )
        options = cache.fetch("options", {"teachers"}, lambda: ["a"])
        return [page.value, options.value]

    answers.get("k", build)
    answers.get("k", build)
    assert len(pieces) == 1
    cache.purge({"media:7"})
    answers.get("k", build)
    assert len(pieces) == 2


def test_it_expires_with_the_shortest_lived_piece(cache, clock):
    answers, build = RenderedAnswers(cache), Builder(cache)
    answers.get("k", build)
    clock.now += 299
    answers.get("k", build)
    assert build.builds == 1
    clock.now += 2
    build.value = "v2"
    assert answers.get("k", build).body == render({"items": ["v2"]}).body


def test_an_answer_from_a_stale_copy_is_served_but_not_kept(cache, clock):
    answers, build = RenderedAnswers(cache), Builder(cache)
    good = answers.get("k", build)
    cache.purge({"lessons"})
    build.down = True
    assert answers.get("k", build) == good  # stale-if-error
    assert answers.get("k", build) == good
    assert build.builds == 3, "the stale answer is built anew until the CMS answers"
    build.down, build.value = False, "v2"
    assert answers.get("k", build).body == render({"items": ["v2"]}).body


def test_nothing_is_kept_with_the_cache_off(versions, clock):
    cache = ContentCache(InProcessCache(), versions, ttl=0, clock=clock, enabled=False)
    answers, build = RenderedAnswers(cache), Builder(cache)
    answers.get("k", build)
    answers.get("k", build)
    assert build.builds == 2 and answers.size == 0


def test_nothing_is_kept_of_an_answer_made_without_the_cache(cache):
    answers = RenderedAnswers(cache)
    builds = []
    answers.get("k", lambda: builds.append(1) or {"from": "elsewhere"})
    answers.get("k", lambda: builds.append(1) or {"from": "elsewhere"})
    assert len(builds) == 2


def test_an_answer_that_fails_is_not_kept(cache):
    answers = RenderedAnswers(cache)

    def locked():
        cache.fetch("detail", {"lessons"}, lambda: {"item": 1})
        raise PermissionError("locked for this viewer")

    for _ in range(2):
        with pytest.raises(PermissionError):
            answers.get("k", locked)
    assert answers.size == 0


def test_each_key_has_its_own_answer(cache):
    answers = RenderedAnswers(cache)
    guest = Builder(cache, key="guest-view", value="locked")
    pro = Builder(cache, key="pro-view", value="unlocked")
    answers.get(("lessons", "guest"), guest)
    answers.get(("lessons", "pro"), pro)
    assert answers.get(("lessons", "guest"), guest).body == render({"items": ["locked"]}).body
    assert answers.get(("lessons", "pro"), pro).body == render({"items": ["unlocked"]}).body


def test_memory_is_bounded_least_recently_used_first(cache):
    answers = RenderedAnswers(cache, max_bytes=4000)
    for number in range(20):
        answers.get(number, Builder(cache, key=f"k{number}", value="x" * 500))
        assert answers.size <= 4000
    recent = Builder(cache, key="k19", value="x" * 500)
    answers.get(19, recent)
    assert recent.builds == 0
    oldest = Builder(cache, key="k0", value="x" * 500)
    answers.get(0, oldest)
    assert oldest.builds == 1


def test_an_answer_larger_than_the_bound_is_served_not_kept(cache):
    answers = RenderedAnswers(cache, max_bytes=1000)
    build = Builder(cache, value="x" * 2000)
    answers.get("k", build)
    answers.get("k", build)
    assert build.builds == 2 and answers.size == 0


def test_a_purge_from_another_worker_is_seen_within_the_visibility_window(versions, clock):
    """Each worker re-reads versions at most PURGE_VISIBLE_WITHIN after its last read."""
    now = [0.0]
    mine = ContentCache(
        InProcessCache(),
        RecentVersions(versions, max_age=0.5, clock=lambda: now[0]),
        300,
        clock=clock,
    )
    theirs = ContentCache(InProcessCache(), versions, 300, clock=clock)
    answers, build = RenderedAnswers(mine), Builder(mine)
    answers.get("k", build)
    build.value = "v2"
    theirs.purge({"lessons"})  # the webhook reached another worker
    now[0] += 0.2  # versions read less than half the window ago: not asked again
    assert answers.get("k", build).body == render({"items": ["v1"]}).body
    now[0] += 0.4
    assert answers.get("k", build).body == render({"items": ["v2"]}).body


# Over HTTP --------------------------------------------------------------------------------


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


def retitle(app, title):
    """An editor renames every lesson in the CMS (without telling the BFF)."""
    upstream = app_context(app).catalogue.upstream
    original = upstream.find

    def renamed(query):
        found = original(query)
        for entry in found["data"]:
            entry["title"] = title
        return found

    upstream.find = renamed


def purge_lessons(client):
    event = {"event": "entry.publish", "model": "lesson", "entry": {"id": 1}}
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202


def test_a_purge_reaches_a_kept_list_at_once(app, client):
    first = client.get("/cms/lessons?_limit=3")
    retitle(app, "Renamed")
    assert client.get("/cms/lessons?_limit=3").data == first.data, "kept until purged"
    purge_lessons(client)
    again = client.get("/cms/lessons?_limit=3")
    assert {card["title"] for card in again.get_json()} == {"Renamed"}
    assert again.headers["ETag"] != first.headers["ETag"]


def test_a_purge_on_another_worker_reaches_a_kept_list_within_a_second(make_app, settings_env):
    """Two apps on one database stand for two workers (or instances) without Redis."""
    mine = make_app(CMS_WEBHOOK_SECRET=SECRET)
    theirs = make_app(CMS_WEBHOOK_SECRET=SECRET)
    client = mine.test_client()
    client.get("/cms/lessons?_limit=3")
    retitle(mine, "Renamed")
    purge_lessons(theirs.test_client())
    time.sleep(PURGE_VISIBLE_WITHIN + 0.1)
    assert {card["title"] for card in client.get("/cms/lessons?_limit=3").get_json()} == {"Renamed"}


def test_kept_answers_are_never_another_viewers(client, member):
    pro = member("pro")
    for _ in range(2):
        guest_cards = client.get("/cms/lessons?_limit=100").get_json()
        pro_cards = client.get("/cms/lessons?_limit=100", headers=pro).get_json()
        assert any(card["locked"] for card in guest_cards)
        assert not any(card["locked"] for card in pro_cards)
    pro_lesson = next(card["id"] for card in guest_cards if card["locked"])
    opened = client.get(f"/cms/lessons/{pro_lesson}", headers=pro)
    assert opened.status_code == 200 and opened.get_json()["chapters"][0]["video_id"]
    assert client.get(f"/cms/lessons/{pro_lesson}").status_code == 403
    assert client.get(f"/cms/lessons/{pro_lesson}", headers=member("free")).status_code == 403


def test_kept_answers_keep_their_caching_headers(client, member):
    guest = client.get("/cms/lessons?_limit=3")
    again = client.get("/cms/lessons?_limit=3")
    assert again.headers["Cache-Control"].startswith("public")
    assert again.headers["ETag"] == guest.headers["ETag"]
    signed_in = client.get("/cms/lessons?_limit=3", headers=member("free"))
    assert signed_in.headers["Cache-Control"] == "private, no-cache"
    assert "Authorization" in signed_in.headers["Vary"]
    not_modified = client.get(
        "/cms/lessons?_limit=3", headers={"If-None-Match": guest.headers["ETag"]}
    )
    assert not_modified.status_code == 304


def test_the_arguments_are_part_of_the_key(client):
    ascending = client.get("/cms/lessons?_limit=5&_sortBy=title:asc").get_json()
    descending = client.get("/cms/lessons?_limit=5&_sortBy=title:desc").get_json()
    assert ascending != descending
    assert client.get("/cms/lessons?_limit=5&_sortBy=title:asc").get_json() == ascending


def test_a_purchase_shows_once_the_reading_of_the_rights_is_renewed(app, client):
    """Kept answers are filed under the rights: once a worker reads the buyer's rights again (a
    second on, or at once for a new token), the answer of their old rights never serves."""
    app_clock = Clock()
    app_context(app).clock = app_clock
    user_id, headers = make_member(app, "free")
    locked = [
        p for p in client.get("/cms/programs?_limit=100", headers=headers).get_json() if p["locked"]
    ]
    program_id = locked[0]["id"]
    assert client.get(f"/cms/programs/{program_id}", headers=headers).status_code == 403
    make_purchase(app, user_id, "program", program_id)
    app_clock.advance(seconds=RECENT.total_seconds())
    cards = client.get("/cms/programs?_limit=100", headers=headers).get_json()
    assert not next(card for card in cards if card["id"] == program_id)["locked"]
    assert client.get(f"/cms/programs/{program_id}", headers=headers).status_code == 200


def test_a_kept_answer_is_gzipped_once_and_only_when_worth_it():
    big = render({"items": ["a lesson with a long enough title"] * 100})
    assert gzip.decompress(big.gzipped) == big.body
    assert big.gzipped is big.gzipped, "made once, then reused"
    assert render({"items": []}).gzipped is None
