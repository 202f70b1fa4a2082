"""An article is found by its id or by its slug: the same answer, reads and purges."""

import pytest

from bff.app_context import app_context

SECRET = "webhook-secret"
SLUG = "why-you-should-study-endgames-first"


@pytest.fixture
def app(make_app):
    return make_app(CMS_WEBHOOK_SECRET=SECRET)


def get(client, path):
    response = client.get(path)
    assert response.status_code == 200, (path, response.get_json())
    return response.get_json()


def count_loads(app):
    upstream = app_context(app).catalogue.upstream
    calls = []
    original = upstream.find

    def counting(query):
        calls.append(query.collection)
        return original(query)

    upstream.find = counting
    return calls


def purge(client, event):
    answer = client.post(
        "/cms/webhooks/strapi", json=event, headers={"Authorization": f"Bearer {SECRET}"}
    )
    assert answer.status_code == 202, answer.get_json()


def test_a_slug_answers_the_article_its_id_answers(client):
    by_slug = get(client, f"/cms/articles/{SLUG}")
    assert by_slug["slug"] == SLUG
    assert by_slug == get(client, f"/cms/articles/{by_slug['id']}")


@pytest.mark.parametrize("key", ["no-such-article", "999999"])
def test_an_unknown_slug_or_id_is_a_404(client, key):
    answer = client.get(f"/cms/articles/{key}")
    assert answer.status_code == 404
    assert answer.get_json()["error"]["code"] == "not_found"


def test_a_read_by_slug_counts_for_the_article(client):
    article_id = get(client, f"/cms/articles/{SLUG}")["id"]
    get(client, f"/cms/articles/{SLUG}")
    assert get(client, "/cms/articles/mostviewed?_limit=1")[0]["id"] == article_id


def test_an_edit_of_any_article_purges_the_answer_found_by_slug(app, client):
    article_id = get(client, f"/cms/articles/{SLUG}")["id"]
    calls = count_loads(app)
    get(client, f"/cms/articles/{SLUG}")
    assert calls == [], "served from the cache"

    # Another article may have taken the slug: an edit of any article purges slug answers.
    purge(client, {"event": "entry.publish", "model": "article", "entry": {"id": article_id + 1}})
    get(client, f"/cms/articles/{SLUG}")
    assert calls == ["articles"]


def test_an_article_found_by_id_keeps_its_narrow_purge(app, client):
    article_id = get(client, f"/cms/articles/{SLUG}")["id"]
    get(client, f"/cms/articles/{article_id}")
    calls = count_loads(app)
    purge(client, {"event": "entry.publish", "model": "article", "entry": {"id": article_id + 1}})
    get(client, f"/cms/articles/{article_id}")
    assert calls == [], "an edit of another article leaves it cached"
