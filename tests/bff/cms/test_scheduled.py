"""Publishing at a time: an entry published with a "Publish at" to come, or an article with a
"Date posted" to come, is off the site until then and on it from then, the cache purged at that
moment by the release job (bff/cms/scheduled.py), with the application's clock moved."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bff.app_context import app_context
from bff.cms import scheduled
from bff.cms.content_types import load_model
from bff.cms.upstream import SEED_PATH

NOW = datetime(2026, 12, 8, 12, 0, tzinfo=UTC)
LESSON_AT = "2026-12-10T09:00:00.000Z"
ARTICLE_DATE = "2027-06-01"


def edit(folder: Path, name: str, entry_id: int, **fields) -> None:
    path = folder / f"{name}.json"
    entries = json.loads(path.read_text())
    for entry in entries:
        if entry["id"] == entry_id:
            entry.update(fields)
    path.write_text(json.dumps(entries))


@pytest.fixture
def seed(tmp_path) -> Path:
    """The seed with lesson 5 published for 10 December at 09:00 and article 3 dated next June."""
    folder = tmp_path / "seed"
    shutil.copytree(SEED_PATH, folder, ignore=shutil.ignore_patterns("media"))
    (folder / "media").symlink_to(SEED_PATH / "media")
    edit(folder, "lessons", 5, publish_at=LESSON_AT)
    edit(folder, "articles", 3, date_posted=ARTICLE_DATE)
    return folder


@pytest.fixture
def app(make_app, seed):
    app = make_app(CMS_SEED_PATH=str(seed))
    app_context(app).clock = lambda: NOW
    return app


def ids(client, path: str) -> set[int]:
    answer = client.get(path)
    assert answer.status_code == 200, answer.get_json()
    return {item["id"] for item in answer.get_json()}


def move_clock(app, moment: datetime) -> None:
    app_context(app).clock = lambda: moment


def release(app) -> str:
    result = app.test_cli_runner().invoke(args=["cms", "release-scheduled"])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_lesson_published_for_later_shows_at_its_time_and_not_before(app):
    client = app.test_client()
    count = client.get("/cms/lessons/count").get_json()
    assert 5 not in ids(client, "/cms/lessons?_limit=100")
    assert client.get("/cms/lessons/5").status_code == 404
    assert 5 not in ids(client, "/cms/lessons?_limit=100&teacher=1&teacher=2&teacher=3&teacher=4")

    move_clock(app, datetime(2026, 12, 10, 8, 59, 59, tzinfo=UTC))
    assert "nothing due" in release(app)
    assert client.get("/cms/lessons/5").status_code == 404

    move_clock(app, datetime(2026, 12, 10, 9, 0, 30, tzinfo=UTC))
    # What was cached before its time does not know it is due: the job purges it.
    assert 5 not in ids(client, "/cms/lessons?_limit=100")
    released = release(app)
    assert "lessons:5" in released and " lessons" in released
    assert 5 in ids(client, "/cms/lessons?_limit=100")
    assert client.get("/cms/lessons/5").get_json()["id"] == 5
    assert client.get("/cms/lessons/count").get_json() == count + 1


def test_an_article_dated_next_june_is_not_shown_before_that_day(app):
    client = app.test_client()
    assert 3 not in ids(client, "/cms/articles?_limit=100")
    assert client.get("/cms/articles/3").status_code == 404

    move_clock(app, datetime(2027, 5, 31, 23, 59, tzinfo=UTC))
    release(app)
    assert client.get("/cms/articles/3").status_code == 404

    move_clock(app, datetime(2027, 6, 1, 0, 0, 30, tzinfo=UTC))
    assert "articles:3" in release(app)
    assert 3 in ids(client, "/cms/articles?_limit=100")
    assert client.get("/cms/articles/3").get_json()["date_posted"] == ARTICLE_DATE


def test_a_preview_of_strapi_drafts_is_not_held_back():
    """The filter goes with the site's published content only (a preview shows the entry)."""
    from bff.cms.upstream.strapi import StrapiUpstream

    published = StrapiUpstream("http://cms.test", "token", timeout=1)
    assert published._scheduled_hidden("lessons")
    assert published.drafts()._scheduled_hidden("lessons") == []
    assert published._scheduled_hidden("teachers") == []


def test_strapi_is_asked_for_what_is_due_now():
    model = load_model()
    lessons, articles = model.by_path("lessons"), model.by_path("articles")
    moment = datetime(2026, 12, 10, 9, 0, 0, 250000, tzinfo=UTC)
    assert scheduled.strapi_visibility_params(lessons, moment) == [
        ("filters[$and][0][$or][0][publish_at][$null]", "true"),
        ("filters[$and][0][$or][1][publish_at][$lte]", "2026-12-10T09:00:00.250Z"),
    ]
    assert ("filters[$and][1][$or][1][date_posted][$lte]", "2026-12-10") in (
        scheduled.strapi_visibility_params(articles, moment)
    )


def test_release_times():
    assert scheduled.moment("2027-06-01") == datetime(2027, 6, 1, tzinfo=UTC)
    assert scheduled.moment("2026-12-10T09:00:00.000Z") == datetime(2026, 12, 10, 9, tzinfo=UTC)
    assert scheduled.moment("2026-12-10T10:00:00+01:00") == datetime(2026, 12, 10, 9, tzinfo=UTC)
    assert scheduled.moment(None) is None and scheduled.moment("soon") is None
    since, until = NOW - timedelta(minutes=2), NOW
    values = ["2026-12-08T11:58:00.000Z", "2026-12-08T11:59:00.000Z", "2026-12-08T12:01:00Z"]
    assert scheduled.released_between(values, since, until) == [values[1]]
