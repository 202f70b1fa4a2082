"""A real Strapi 5's admin panel as editors meet it (scripts/with-strapi).

cms-schema's bootstrap applies src/admin-layout.json through the content-manager on start: the
configuration the admin panel loads has the shipped labels, help texts, list columns, default
sort and title fields; the list views open with that sort; and Strapi's own validation of the
"Configure the view" form accepts the configuration as it is.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import requests

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")
ADMIN = {
    "email": os.environ.get("TEST_STRAPI_ADMIN_EMAIL", ""),
    "password": os.environ.get("TEST_STRAPI_ADMIN_PASSWORD", ""),
}

pytestmark = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)

LAYOUT_FILE = Path(__file__).resolve().parents[3] / "cms-schema" / "src" / "admin-layout.json"
LAYOUT = json.loads(LAYOUT_FILE.read_text())
LESSON = "api::lesson.lesson"


def _relations() -> dict[str, dict[str, str]]:
    """uid -> relation field -> the uid it points to, from the schemas."""
    found: dict[str, dict[str, str]] = {}
    for path in LAYOUT_FILE.parent.glob("api/*/content-types/*/schema.json"):
        uid = f"api::{path.parent.name}.{path.parent.name}"
        attributes = json.loads(path.read_text())["attributes"]
        found[uid] = {n: a["target"] for n, a in attributes.items() if a["type"] == "relation"}
    return found


RELATIONS = _relations()


@pytest.fixture(scope="module")
def admin() -> requests.Session:
    """Strapi's admin API with an admin's JWT, as the admin panel calls it."""
    login = requests.post(f"{STRAPI_URL}/admin/login", json=ADMIN, timeout=30)
    assert login.status_code == 200, login.text
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {login.json()['data']['token']}"
    return session


def configuration(admin: requests.Session, uid: str) -> dict:
    kind = "content-types" if uid.startswith("api::") else "components"
    answer = admin.get(f"{STRAPI_URL}/content-manager/{kind}/{uid}/configuration", timeout=30)
    assert answer.status_code == 200, (uid, answer.status_code, answer.text)
    data = answer.json()["data"]
    return data["contentType"] if uid.startswith("api::") else data["component"]


def test_the_lesson_speaks_to_editors(admin):
    lesson = configuration(admin, LESSON)
    metadatas = lesson["metadatas"]
    assert metadatas["duration"]["edit"]["label"] == "Duration (seconds)"
    assert metadatas["duration"]["list"]["label"] == "Duration (seconds)"
    level = metadatas["subscription_level"]
    assert level["edit"]["label"] == level["list"]["label"] == "Who can watch"
    assert level["edit"]["description"].startswith("Free: everyone. Pro: Pro members")
    assert metadatas["slug"]["edit"]["description"]
    assert "public_id" not in metadatas  # hidden from editors, never labelled
    assert lesson["layouts"]["list"] == [
        "title",
        "subscription_level",
        "teacher",
        "difficulty_level",
        "updatedAt",
    ]
    assert lesson["settings"]["mainField"] == "title"
    assert (lesson["settings"]["defaultSortBy"], lesson["settings"]["defaultSortOrder"]) == (
        "updatedAt",
        "DESC",
    )
    # relations show names, not ids, in the edit view and in the list's columns
    for field, name in (("teacher", "name"), ("difficulty_level", "label")):
        assert metadatas[field]["edit"]["mainField"] == name
        assert metadatas[field]["list"]["mainField"] == name


def test_a_components_fields_speak_to_editors(admin):
    section = configuration(admin, "hub.section")
    assert section["settings"]["mainField"] == "title"
    limit = section["metadatas"]["limit"]["edit"]
    assert limit["label"] == "Number of items"
    assert "Empty: 8" in limit["description"]
    target = section["metadatas"]["target_type"]["edit"]
    assert target["label"] == "Content" and "masterclass_episodes" in target["description"]
    chapter = configuration(admin, "lesson.chapter")
    assert chapter["metadatas"]["video_id"]["edit"]["label"] == "Video id at the video host"
    assert "dailymotion.com/video/" in chapter["metadatas"]["video_id"]["edit"]["description"]


def test_the_view_count_is_read_only(admin):
    view_count = configuration(admin, "api::article.article")["metadatas"]["view_count"]["edit"]
    assert view_count["editable"] is False
    assert "not used" in view_count["label"]


def test_every_shipped_value_is_what_the_admin_panel_loads(admin):
    mains = {uid: e["mainField"] for uid, e in LAYOUT["contentTypes"].items() if "mainField" in e}
    for group in ("contentTypes", "components"):
        for uid, entry in LAYOUT[group].items():
            loaded = configuration(admin, uid)
            for key in ("mainField", "defaultSortBy", "defaultSortOrder"):
                if key in entry:
                    assert loaded["settings"][key] == entry[key], (uid, key)
            if "list" in entry:
                assert loaded["layouts"]["list"] == entry["list"], uid
            for field, meta in entry["fields"].items():
                edit = loaded["metadatas"][field]["edit"]
                listed = loaded["metadatas"][field]["list"]
                assert edit["label"] == meta["label"], (uid, field)
                assert listed["label"] == meta.get("listLabel", meta["label"]), (uid, field)
                for key in ("description", "placeholder", "editable"):
                    if key in meta:
                        assert edit[key] == meta[key], (uid, field, key)
            for field, target in RELATIONS.get(uid, {}).items():
                shown = loaded["metadatas"][field]["edit"]["mainField"]
                assert shown == mains[target], (uid, field, shown)


def test_every_list_view_opens_with_its_default_sort(admin):
    for uid, entry in LAYOUT["contentTypes"].items():
        if "list" not in entry:
            continue
        settings = configuration(admin, uid)["settings"]
        answer = admin.get(
            f"{STRAPI_URL}/content-manager/collection-types/{uid}",
            params={
                "page": 1,
                "pageSize": settings["pageSize"],
                "sort": f"{settings['defaultSortBy']}:{settings['defaultSortOrder']}",
            },
            timeout=30,
        )
        assert answer.status_code == 200, (uid, answer.status_code, answer.text)
        assert answer.json()["results"], uid


def test_the_configure_the_view_form_accepts_the_configuration(admin):
    """Saving "Configure the view" unchanged passes Strapi's validation and changes nothing."""
    for uid in (LESSON, "api::masterclass-episode.masterclass-episode", "hub.section"):
        before = configuration(admin, uid)
        body = {
            "settings": before["settings"],
            "layouts": before["layouts"],
            "metadatas": {
                name: {
                    "edit": meta["edit"],
                    "list": {k: v for k, v in meta["list"].items() if k != "mainField"},
                }
                for name, meta in before["metadatas"].items()
            },
        }
        kind = "content-types" if uid.startswith("api::") else "components"
        saved = admin.put(
            f"{STRAPI_URL}/content-manager/{kind}/{uid}/configuration", json=body, timeout=30
        )
        assert saved.status_code == 200, (uid, saved.text)
        assert configuration(admin, uid) == before
