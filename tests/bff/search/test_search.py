"""/cms/search on the embedded seed: ranking, matching, locks, errors, and an index that follows
the CMS (on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from bff.app_context import app_context
from bff.platform.extensions import db
from bff.search.index import PostgresIndex, SqliteIndex
from bff.search.text import words

from ..builders import make_member

SECRET = "webhook-secret"


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


def search(client, headers=None, **params):
    answer = client.get("/cms/search", query_string=params, headers=headers or {})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def titles(results):
    return [r["title"] for r in results]


def test_the_index_is_the_databases_own(app):
    with app.app_context():
        dialect = db.engine.dialect.name
    expected = PostgresIndex if dialect == "postgresql" else SqliteIndex
    assert type(app_context(app).search.index) is expected


def test_first_use_builds_the_index(app, client):
    with app.app_context():
        assert db.session.execute(sa.text("SELECT count(*) FROM search_documents")).scalar() == 0
    assert search(client, q="philidor")
    with app.app_context():
        kinds = db.session.execute(sa.text("SELECT DISTINCT kind FROM search_documents")).scalars()
        assert set(kinds) == {"lesson", "program", "article", "video", "episode"}


def test_a_word_in_a_title_ranks_above_the_same_word_in_a_body(client):
    found = search(client, q="philidor")
    assert found[0]["title"] == "The Philidor defence in rook endings"
    assert len(found) > 1, "bodies that mention it are found too"
    assert all("philidor" not in r["title"].lower() for r in found[1:])


@pytest.mark.parametrize("typed", ["Philid", "PHILIDOR", "phildor", "philidro", "philodor"])
def test_prefixes_case_and_one_typo_in_a_long_word_match(client, typed):
    assert search(client, q=typed)[0]["title"] == "The Philidor defence in rook endings"


def test_a_short_word_gets_no_typo(client):
    assert search(client, q="pwns") == []  # 'pawns' is one edit away, but four letters are few


def test_accents_are_ignored_and_people_are_searched(client):
    found = search(client, q="Carválho")
    assert found and all(r["people"] == "Ines Carvalho" for r in found)
    assert {r["type"] for r in found} == {"lesson"}
    assert search(client, q="Ambrose", type="article")[0]["people"] == "Felix Ambrose"


def test_a_query_without_words_finds_nothing(client):
    assert search(client, q="?! …") == []


def test_every_word_must_match(client):
    both = search(client, q="sicilian white", _limit=50)
    assert both[0]["title"] == "Fighting the Sicilian as White"
    sicilian, white = (search(client, q=q, _limit=50) for q in ("sicilian", "white"))
    keys = [{(r["type"], r["id"]) for r in found} for found in (both, sicilian, white)]
    assert keys[0] == keys[1] & keys[2]


def test_results_carry_card_fields_of_each_type(client):
    for kind, path in [
        ("lesson", "/lessons/"),
        ("program", "/program/"),
        ("article", "/articles/"),
        ("video", "/videos/"),
        ("episode", "/masterclass/chapter/"),
    ]:
        found = search(client, q="the", type=kind, _limit=50)
        assert found, kind
        assert {r["type"] for r in found} == {kind}
        assert all(r["path"].startswith(path) for r in found)
        assert any(r["image"] for r in found)


def test_paging(client):
    every = search(client, q="the", _limit=50)
    assert len(every) == 50
    assert search(client, q="the", _limit=10, _start=10) == every[10:20]
    assert search(client, q="the", _start=1000) == []


def test_a_word_most_items_have_is_listed_by_where_it_matches(app, client):
    """'the' is in more than half of the items: FTS5's BM25 gives it no weight, so its matches
    are listed titles first, then people, then the rest, every match once across the pages."""
    search(client, q="philidor")  # builds the index
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            pytest.skip("PostgreSQL's ts_rank ranks every match")
        total = db.session.execute(sa.text("SELECT count(*) FROM search_documents")).scalar()
    found = [
        r for start in range(0, total, 7) for r in search(client, q="the", _start=start, _limit=7)
    ]
    assert len(found) > total / 2, "a broad query"
    assert len({(r["type"], r["id"]) for r in found}) == len(found)

    def has_the(text):
        return any(word.startswith("the") for word in words(text or ""))

    tiers = [0 if has_the(r["title"]) else 1 if has_the(r["people"]) else 2 for r in found]
    assert tiers == sorted(tiers) and tiers[0] == 0 and tiers[-1] == 2
    lessons = [r["title"] for r in found if r["type"] == "lesson"]
    assert titles(search(client, q="the", type="lesson", _limit=50)) == lessons[:50]


def test_locks_are_the_gateways(app, client):
    guest = search(client, q="philidor defence")[0]
    assert guest["subscription_level"] == "pro" and guest["locked"] is True
    _, pro = make_member(app, "pro")
    assert search(client, headers=pro, q="philidor defence")[0]["locked"] is False
    _, free = make_member(app, "free")
    answers = [search(client, headers=h, q="the", _limit=50) for h in (free, pro, None)]
    assert "video_id" not in json.dumps(answers), "no result ever carries a video-host id"
    assert all(r["locked"] is False for r in answers[0] if r["type"] == "article")


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "q"),
        ({"q": ""}, "q"),
        ({"q": "   "}, "q"),
        ({"q": "x" * 101}, "q"),
        ({"q": "rook", "type": "teacher"}, "type"),
        ({"q": "rook", "_limit": 51}, "_limit"),
        ({"q": "rook", "_limit": 0}, "_limit"),
        ({"q": "rook", "_start": -1}, "_start"),
    ],
)
def test_bad_parameters_are_400_validation_failed(client, params, field):
    answer = client.get("/cms/search", query_string=params)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["code"] == "validation_failed"
    assert field in error["fields"]


def webhook(client, event, model, entry):
    answer = client.post(
        "/cms/webhooks/strapi",
        json={"event": event, "model": model, "entry": {"publishedAt": "2026-11-25", **entry}},
        headers={"Authorization": f"Bearer {SECRET}"},
    )
    assert answer.status_code == 202, answer.get_json()


def edit_upstream(app, edit):
    """The CMS from now on: ``edit`` changes (or drops, answering None) each entry it serves."""
    upstream = app_context(app).catalogue.upstream
    original = upstream.find

    def edited(query):
        found = original(query)
        data = [e for e in (edit(query.collection, e) for e in found["data"]) if e is not None]
        return {**found, "data": data}

    upstream.find = edited


def test_a_published_edit_is_reindexed_and_a_deletion_removed(app, client):
    lesson = search(client, q="philidor defence")[0]
    assert search(client, q="zugzwang marvels") == []

    def renamed(collection, entry):
        if collection == "lessons" and entry["id"] == lesson["id"]:
            return {**entry, "title": "Zugzwang marvels"}
        return entry

    edit_upstream(app, renamed)
    webhook(client, "entry.update", "lesson", {"id": lesson["id"]})
    assert [r["id"] for r in search(client, q="zugzwang marvels")] == [lesson["id"]]
    assert lesson["id"] not in [r["id"] for r in search(client, q="philidor defence")]

    edit_upstream(app, lambda c, e: None if c == "lessons" and e["id"] == lesson["id"] else e)
    webhook(client, "entry.delete", "lesson", {"id": lesson["id"]})
    assert search(client, q="zugzwang marvels") == []
    assert search(client, q="the", type="lesson", _limit=50), "other lessons stay"


def test_renaming_a_teacher_reindexes_their_lessons(app, client):
    before = search(client, q="Renholm", _limit=50)
    assert before

    def renamed(collection, entry):
        teacher = entry.get("teacher")
        if collection == "lessons" and teacher and teacher.get("name") == "Tobias Renholm":
            return {**entry, "teacher": {**teacher, "name": "Tobias Lindqvist"}}
        return entry

    edit_upstream(app, renamed)
    webhook(client, "entry.update", "teacher", {"id": 2})
    assert search(client, q="Renholm") == []
    assert [r["id"] for r in search(client, q="lindqvist", _limit=50)] == [r["id"] for r in before]


def test_a_change_before_the_first_search_waits_for_it(app, client):
    calls = []
    upstream = app_context(app).catalogue.upstream
    original = upstream.find
    upstream.find = lambda query: calls.append(query.collection) or original(query)
    webhook(client, "entry.update", "lesson", {"id": 1})
    assert calls == [], "no index to keep yet: nothing is read"
    assert search(client, q="philidor defence")


def test_the_cli_rebuilds_the_index(app, client):
    assert search(client, q="quixotic") == []  # built on first use
    edit_upstream(app, lambda c, e: {**e, "title": "Quixotic " + e["title"]})
    assert search(client, q="quixotic") == [], "an index is not rebuilt on every search"
    result = app.test_cli_runner().invoke(args=["search", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "Search index rebuilt" in result.output
    assert len(search(client, q="quixotic", _limit=50)) == 50
