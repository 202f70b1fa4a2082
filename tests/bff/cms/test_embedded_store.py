"""The embedded store answers as Strapi v5 does: populate, filters, sort and pagination."""

import pytest

from bff.cms.query import Filter, Query
from bff.cms.upstream import SEED_PATH
from bff.cms.upstream.embedded import EmbeddedStore


@pytest.fixture(scope="module")
def store():
    return EmbeddedStore(SEED_PATH)


def test_pages_carry_strapi_pagination_meta(store):
    page = store.find(Query("lessons", start=20, limit=24))
    assert page["meta"]["pagination"] == {"start": 20, "limit": 24, "total": 65}
    assert len(page["data"]) == 24


def test_limit_is_capped_at_100_as_strapi_does(store):
    page = store.find(Query("program-chapters", limit=500))
    assert len(page["data"]) == 100 and page["meta"]["pagination"]["limit"] == 100


def test_entries_are_flat_with_document_ids_and_timestamps(store):
    lesson = store.find(Query("lessons", limit=1))["data"][0]
    assert lesson["id"] == 1 and lesson["documentId"]
    assert lesson["createdAt"] and "attributes" not in lesson


def test_nothing_is_populated_unless_asked(store):
    lesson = store.find(Query("lessons", limit=1))["data"][0]
    assert not {"teacher", "thumbnail", "chapters"} & lesson.keys()


def test_populate_follows_relations_media_and_components(store):
    query = Query("lessons", limit=1, populate={"teacher": {"thumbnail": {}}, "chapters": {}})
    lesson = store.find(query)["data"][0]
    assert lesson["teacher"]["name"]
    assert lesson["teacher"]["thumbnail"]["formats"]["thumbnail"]["url"].startswith("/media/")
    assert "lessons" not in lesson["teacher"]
    assert lesson["chapters"][0]["video_id"] and lesson["chapters"][0]["id"] == 1


def test_inverse_relations_are_derived_from_the_owning_side(store):
    chapters = store.find(
        Query("program-chapters", limit=100, filters=(Filter("program.id", (1,)),))
    )
    program = store.find(Query("programs", limit=1, populate={"chapters": {}}))["data"][0]
    assert sorted(c["id"] for c in program["chapters"]) == sorted(c["id"] for c in chapters["data"])
    assert program["chapters"]


def test_filters_on_relation_ids_and_fields(store):
    by_teacher = store.find(
        Query("lessons", limit=100, filters=(Filter("teacher.id", (2,)),), populate={"teacher": {}})
    )
    assert by_teacher["data"] and {item["teacher"]["id"] for item in by_teacher["data"]} == {2}
    two = store.find(Query("lessons", limit=100, filters=(Filter("teacher.id", (2, 3)),)))
    assert two["meta"]["pagination"]["total"] > by_teacher["meta"]["pagination"]["total"]
    docs = store.find(
        Query("videos", limit=100, filters=(Filter("video_category.slug", ("documentaries",)),))
    )
    assert docs["meta"]["pagination"]["total"] >= 6
    slugged = store.find(Query("legal-pages", filters=(Filter("slug", ("terms",)),)))
    assert [p["slug"] for p in slugged["data"]] == ["terms"]


def test_to_many_filters_match_any_related_entry(store):
    programs = store.find(
        Query(
            "programs", limit=100, filters=(Filter("trainers.id", (1,)),), populate={"trainers": {}}
        )
    )
    assert programs["data"]
    assert all(1 in {t["id"] for t in p["trainers"]} for p in programs["data"])


def test_sorting_by_field_relation_field_and_direction(store):
    titles = [
        item["title"]
        for item in store.find(Query("lessons", limit=100, sort=(("title", "asc"),)))["data"]
    ]
    assert titles == sorted(titles)
    newest = store.find(Query("lessons", limit=100, sort=(("createdAt", "desc"),)))["data"]
    assert [item["createdAt"] for item in newest] == sorted(
        (item["createdAt"] for item in newest), reverse=True
    )
    by_level = store.find(
        Query(
            "lessons",
            limit=100,
            sort=(("difficulty_level.rank", "asc"),),
            populate={"difficulty_level": {}},
        )
    )["data"]
    ranks = [item["difficulty_level"]["rank"] for item in by_level]
    assert ranks == sorted(ranks)
    tied = [item["id"] for item in by_level if item["difficulty_level"]["rank"] == ranks[0]]
    assert tied == sorted(tied), "ties are broken by id, as the gateway asks Strapi to"


def test_single_types(store):
    hub = store.single("home-hub", {"sections": {}})
    assert hub["data"]["sections"][0]["target_type"] == "masterclass_episodes"
    assert "sections" not in store.single("home-hub", {})["data"]


def test_media_files_stay_inside_the_seed(store):
    assert store.media_file("lesson-001/small.webp").name == "small.webp"
    assert store.media_file("../index.json") is None
    assert store.media_file("lesson-001/missing.webp") is None
