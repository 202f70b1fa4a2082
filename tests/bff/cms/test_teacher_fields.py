"""The lesson page's teacher block: the gateway passes the teacher's name, bio and portrait
through, from the embedded store and from Strapi (its populate asks for the portrait; a
relation's own fields, such as bio, come with it)."""

import json

from bff.cms.populate import LESSON
from bff.cms.upstream import SEED_PATH
from bff.cms.upstream.strapi import populate_params


def seed(name):
    return json.loads((SEED_PATH / f"{name}.json").read_text(encoding="utf-8"))


def test_a_lesson_answer_carries_its_teachers_bio_and_portrait(client):
    lesson = next(item for item in seed("lessons") if item["subscription_level"] == "free")
    teacher = next(t for t in seed("teachers") if t["id"] == lesson["teacher"])
    response = client.get(f"/cms/lessons/{lesson['id']}")
    assert response.status_code == 200
    shown = response.get_json()["teacher"]
    assert shown["name"] == teacher["name"]
    assert shown["bio"] == teacher["bio"] and len(shown["bio"]) > 40
    portrait = shown["thumbnail"]
    assert portrait["url"] == f"/media/{teacher['thumbnail']}/original.webp"
    assert portrait["formats"]["thumbnail"]["url"].endswith("/thumbnail.webp")
    assert portrait["alternativeText"] == f"Monogram of {teacher['name']}: the initials " + "".join(
        word[0] for word in teacher["name"].split()
    )


def test_strapi_is_asked_for_the_teachers_portrait_with_the_lesson():
    params = dict(populate_params(LESSON))
    assert params["populate[teacher][populate][thumbnail]"] == "true"
