"""cms-schema/tools/grow_catalogue.py: a larger catalogue, whole, consistent and always the same."""

import json

import pytest

from bff.cms.query import Filter, Query
from bff.cms.upstream import SEED_PATH, make_upstream
from bff.cms.upstream.embedded import EmbeddedStore
from bff.platform.config import Settings

from .grown import check_seed, grow_catalogue, grown


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    return grown(tmp_path_factory.mktemp("grown") / "catalogue", factor=3)


def counts(folder):
    index = json.loads((folder / "index.json").read_text())
    return {item["file"].removesuffix(".json"): item["count"] for item in index["content_types"]}


def entries(folder, name):
    return json.loads((folder / f"{name}.json").read_text())


def test_the_catalogue_grows_and_the_taxonomy_does_not(catalogue):
    seed, grown_counts = counts(SEED_PATH), counts(catalogue)
    for name in ("lessons", "programs", "program-chapters", "articles"):
        assert grown_counts[name] == 3 * seed[name] == len(entries(catalogue, name))
    for name in ("teachers", "trainers", "authors"):  # every first name with 3 last names
        assert grown_counts[name] == 3 * seed[name]
        assert len({person["name"] for person in entries(catalogue, name)}) == grown_counts[name]
    for name in ("difficulty-levels", "topics", "lesson-categories", "videos", "legal-pages"):
        assert entries(catalogue, name) == entries(SEED_PATH, name)


def test_it_passes_the_seed_checks(catalogue, capsys):
    """Relations point at existing entries, slugs are unique, ids follow creation dates, every
    media key has its files (its people reuse the seed's portraits under new names)."""
    assert check_seed.main(["--seed", str(catalogue), "--grown"]) == 0, capsys.readouterr().err


def test_copies_keep_their_relations_within_their_block(catalogue):
    programs = {p["id"]: p for p in entries(catalogue, "programs")}
    seed_programs = {p["id"]: p for p in entries(SEED_PATH, "programs")}
    copy = programs[len(seed_programs) + 1]
    original = seed_programs[1]
    assert copy["title"] == f"{original['title']} (2)"
    assert copy["slug"] == f"{original['slug']}-2"
    assert copy["related_program"] == original["related_program"] + len(seed_programs)
    chapters = [c for c in entries(catalogue, "program-chapters") if c["program"] == copy["id"]]
    seed_chapters = [c for c in entries(SEED_PATH, "program-chapters") if c["program"] == 1]
    assert [c["title"] for c in chapters] == [c["title"] for c in seed_chapters]
    teachers = {t["id"] for t in entries(catalogue, "teachers")}
    assert {lesson["teacher"] for lesson in entries(catalogue, "lessons")} == teachers
    articles = entries(catalogue, "articles")
    assert all(a["date_posted"] == a["created_at"][:10] for a in articles)


def test_it_is_deterministic(catalogue, tmp_path):
    again = grown(tmp_path / "again", factor=3)
    names = sorted(path.name for path in catalogue.glob("*.json"))
    assert names == sorted(path.name for path in again.glob("*.json"))
    for name in names:
        assert (again / name).read_bytes() == (catalogue / name).read_bytes(), name


def test_it_never_writes_into_the_seed():
    with pytest.raises(ValueError, match="seed folder"):
        grow_catalogue.grow(SEED_PATH, SEED_PATH, 2, grow_catalogue.CMS_SCHEMA_DIR / "src")


def test_the_embedded_store_serves_it_from_cms_seed_path(catalogue, tmp_path):
    settings = Settings.from_environ(
        {"BFF_INSTANCE_PATH": str(tmp_path), "CMS_SEED_PATH": str(catalogue)}
    )
    store = make_upstream(settings)
    assert isinstance(store, EmbeddedStore) and store.seed_path == catalogue.resolve()
    page = store.find(
        Query("lessons", limit=1, filters=(Filter("slug", ("counterattack-in-the-centre-3",)),))
    )
    assert page["data"][0]["title"] == "Counterattack in the centre (3)"
    assert store.find(Query("lessons", limit=1))["meta"]["pagination"]["total"] == 195
    assert store.media_file("lesson-001/small.webp") is not None  # the seed's, through the link


def test_the_seed_stays_the_default(tmp_path):
    settings = Settings.from_environ({"BFF_INSTANCE_PATH": str(tmp_path)})
    assert settings.cms_seed_path == SEED_PATH
