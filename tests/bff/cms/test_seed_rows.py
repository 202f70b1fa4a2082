"""How the embedded store holds the seed: entries read from their file by place, memos bounded
in bytes (bff/cms/upstream/seed_rows.py)."""

import json
import os
from array import array

import pytest

from bff.cms.query import Query
from bff.cms.upstream import UpstreamUnavailable
from bff.cms.upstream.embedded import EmbeddedStore
from bff.cms.upstream.seed_rows import Ranks, Rows, SeedChanged, SizedMemo, decoded_memo

ENTRIES = [
    {"id": 3, "title": "Carválho's défense", "teacher": 1},
    {"id": 1, "title": "Ре4: a line in Cyrillic", "teacher": 2},
    {"id": 2, "title": "plain", "teacher": 1},
]


@pytest.fixture
def seed_file(tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text(json.dumps(ENTRIES, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def test_entries_are_read_from_their_place_in_the_file_whatever_their_characters(seed_file):
    rows = Rows(seed_file, decoded_memo(1 << 20), ("teacher",))
    assert list(rows) == [1, 2, 3]  # in id order
    assert rows[3] == ENTRIES[0] and rows[1] == ENTRIES[1] and rows[2] == ENTRIES[2]
    assert 4 not in rows and 2 in rows and "2" not in rows
    assert rows.links == {"teacher": {1: [2, 3], 2: [1]}}
    with pytest.raises(KeyError):
        rows[4]


def test_a_seed_file_rewritten_under_the_store_is_not_read_as_if_it_were_the_same(seed_file):
    rows = Rows(seed_file, None)
    seed_file.write_text(json.dumps(ENTRIES[::-1]), encoding="utf-8")
    os.utime(seed_file, ns=(1, 1))
    with pytest.raises(SeedChanged):
        rows[1]


def test_a_file_renamed_over_the_seed_leaves_the_store_reading_the_one_it_indexed(seed_file):
    rows = Rows(seed_file, None)
    replacement = seed_file.with_name("new.json")
    replacement.write_text(json.dumps([{"id": 1, "title": "other"}]), encoding="utf-8")
    replacement.replace(seed_file)
    assert rows[1]["title"] == ENTRIES[1]["title"]


def test_a_changed_seed_answers_as_an_unreachable_cms(tmp_path):
    (tmp_path / "index.json").write_text(
        json.dumps({"content_types": [{"uid": "api::lesson.lesson", "file": "lessons.json"}]})
    )
    lessons = [{"id": 1, "title": "A lesson", "created_at": "2026-01-01T00:00:00.000Z"}]
    (tmp_path / "lessons.json").write_text(json.dumps(lessons))
    store = EmbeddedStore(tmp_path)
    assert store.find(Query("lessons"))["data"][0]["title"] == "A lesson"
    (tmp_path / "lessons.json").write_text(json.dumps(lessons * 2))
    with pytest.raises(UpstreamUnavailable, match="restart"):
        store.find(Query("lessons", sort=(("title", "desc"),)))


def test_a_memo_keeps_the_most_recent_within_its_bytes():
    built = []

    def build(key):
        built.append(key)
        return key * 10

    memo = SizedMemo(build, 100, lambda value, key: 40)
    for key in ("a", "b", "a", "c", "a", "b"):
        memo(key)
    assert built == ["a", "b", "c", "b"]  # b was the least recently used when c came
    assert memo.size == 80


def test_a_result_larger_than_the_whole_bound_is_built_and_not_kept():
    memo = SizedMemo(lambda key: key, 10, lambda value, key: 11)
    memo("a")
    assert memo.size == 0


def test_ranks_give_each_id_its_place_in_the_order():
    ranks = Ranks(array("q", [30, 10, 20]))
    assert [ranks[30], ranks[10], ranks[20]] == [0, 1, 2]
    with pytest.raises(KeyError):
        ranks[15]
