"""cms-schema/tools/push_seed.py against a Strapi kept in memory: what it creates, what a second
push does, resuming a push cut short, reading existing entries a page at a time, and several
workers at once. (With a real Strapi 5 the seed push runs in scripts/with-strapi, before the
contract tests: tests/bff/cms/test_contract.py.)"""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections import Counter
from urllib.parse import parse_qsl, urlsplit

import pytest

from bff.platform.config import SEED_PATH

from .grown import SCHEMA, push_seed


class FakeStrapi:
    """Strapi's REST API as push_seed uses it: collections of published entries with their
    relations by documentId, single types, uploads; at most 100 entries a page."""

    def __init__(self, model: push_seed.Model, fail_after: int | None = None) -> None:
        self.model = model
        self.base = "http://strapi.test"
        self.entries: dict[str, dict[str, dict]] = {}  # endpoint -> documentId -> fields
        self.files: dict[str, int] = {}
        self.calls: list[tuple[str, str]] = []
        self.ids = itertools.count(1)
        self.lock = threading.Lock()
        self.fail_after = fail_after  # writes accepted before every later one fails

    def call(self, method: str, path: str, **kwargs):
        with self.lock:
            self.calls.append((method, path))
            writes = sum(1 for done, _ in self.calls if done != "GET")
            if self.fail_after is not None and method != "GET" and writes > self.fail_after:
                raise push_seed.PushError(f"{method} {path}: HTTP 500: Internal Server Error")
            return self.answer(method, path, kwargs)

    def answer(self, method: str, path: str, kwargs: dict):
        parts = urlsplit(path)
        query = dict(parse_qsl(parts.query))
        names = parts.path.removeprefix("/api/").split("/")
        if names[0] == "upload":
            return self.upload(method, kwargs)
        uid = next(uid for uid in self.model.types if self.model.endpoint(uid) == names[0])
        stored = self.entries.setdefault(names[0], {})
        if method == "GET":
            return self.page(uid, stored, query)
        data = kwargs["json"]["data"]
        if self.model.types[uid]["kind"] == "singleType":
            document_id = "single"
        elif method == "POST":
            document_id = f"doc{next(self.ids)}"
        else:
            document_id = names[1]
        stored.setdefault(document_id, {"id": next(self.ids), "documentId": document_id})
        entry = stored[document_id]
        entry.update(data)
        return {"data": {"id": entry["id"], "documentId": document_id}}

    def upload(self, method: str, kwargs: dict):
        if method == "GET":
            return [{"name": name, "id": number} for name, number in self.files.items()]
        name = json.loads(kwargs["data"]["fileInfo"])["name"]
        self.files[name] = next(self.ids)
        return [{"id": self.files[name]}]

    def page(self, uid: str, stored: dict, query: dict) -> dict:
        limit = min(int(query.get("pagination[limit]", 25)), 100)
        start = int(query.get("pagination[start]", 0))
        rows = sorted(stored.values(), key=lambda entry: entry["id"])
        data = []
        for entry in rows[start : start + limit]:
            item = {"id": entry["id"], "documentId": entry["documentId"]}
            for key, field in query.items():
                if re.fullmatch(r"fields\[\d+\]", key) and field in entry:
                    item[field] = entry[field]
                if found := re.fullmatch(r"populate\[(\w+)\]\[fields\]\[0\]", key):
                    relation = entry.get(found.group(1), {}).get("set") or []
                    item[found.group(1)] = {"documentId": relation[0]} if relation else None
            data.append(item)
        return {
            "data": data,
            "meta": {"pagination": {"start": start, "limit": limit, "total": len(rows)}},
        }

    def writes(self) -> Counter:
        return Counter(method for method, _ in self.calls if method != "GET")


@pytest.fixture(scope="module")
def model():
    return push_seed.Model(SCHEMA)


def collections(model) -> set[str]:
    return {uid for uid, schema in model.types.items() if schema["kind"] == "collectionType"}


def seed(name: str):
    return json.loads((SEED_PATH / f"{name}.json").read_text())


def push(strapi: FakeStrapi, model, **options) -> push_seed.Pusher:
    pusher = push_seed.Pusher(strapi, model, SEED_PATH, log=lambda line: None, **options)
    pusher.run()
    return pusher


def test_the_seed_is_created_once_with_its_relations_and_in_seed_id_order(model):
    strapi = FakeStrapi(model)
    pusher = push(strapi, model)

    chapters = strapi.entries["program-chapters"]
    assert len(chapters) == len(seed("program-chapters"))
    assert len(strapi.entries["lessons"]) == len(seed("lessons"))
    programs = pusher.documents["api::program.program"]
    for chapter in seed("program-chapters"):
        sent = chapters[
            pusher.documents["api::program-chapter.program-chapter"][chapter["id"]]["documentId"]
        ]
        assert sent["program"] == {"set": [programs[chapter["program"]]["documentId"]]}
        assert sent["public_id"] == chapter["id"]
    # Self-relations are set in a second pass, once every program exists.
    related = [program for program in seed("programs") if program.get("related_program")]
    assert related
    for program in related:
        sent = strapi.entries["programs"][programs[program["id"]]["documentId"]]
        assert sent["related_program"] == {
            "set": [programs[program["related_program"]]["documentId"]]
        }
    # One worker creates in seed id order: Strapi's createdAt follows the seed's.
    created = [path for method, path in strapi.calls if method == "POST" and "/lessons?" in path]
    assert len(created) == len(seed("lessons"))
    public_ids = [entry["public_id"] for entry in strapi.entries["lessons"].values()]
    assert public_ids == sorted(public_ids)


def test_a_second_push_updates_everything_and_creates_nothing(model):
    strapi = FakeStrapi(model)
    first = push(strapi, model)
    uploads = len(strapi.files)
    strapi.calls.clear()

    second = push(strapi, model, workers=4)

    assert strapi.writes()["POST"] == 0
    assert second.outcomes["created"] == 0
    assert (
        second.outcomes["updated"]
        == first.outcomes["created"]
        == sum(
            len(documents)
            for uid, documents in first.documents.items()
            if uid in collections(model)
        )
    )
    assert len(strapi.files) == uploads  # every image uploaded once, then reused
    assert second.documents == first.documents
    assert len(strapi.entries["program-chapters"]) == len(seed("program-chapters"))


def test_existing_entries_are_read_a_page_at_a_time_not_one_by_one(model):
    strapi = FakeStrapi(model)
    push(strapi, model)
    strapi.calls.clear()

    push(strapi, model, only_missing=True)

    reads = [
        path for method, path in strapi.calls if method == "GET" and "program-chapters" in path
    ]
    chapters = len(seed("program-chapters"))
    assert chapters > 200
    assert len(reads) == -(-chapters // push_seed.PAGE)  # 244 chapters: 3 pages


def test_only_missing_resumes_a_push_cut_short_without_rewriting_what_is_there(model):
    strapi = FakeStrapi(model, fail_after=500)
    with pytest.raises(push_seed.PushError, match="HTTP 500"):
        push(strapi, model, workers=4)
    chapters_before = len(strapi.entries.get("program-chapters", {}))
    assert 0 < chapters_before < len(seed("program-chapters"))
    strapi.fail_after = None
    strapi.calls.clear()

    pusher = push(strapi, model, only_missing=True, workers=4)

    assert len(strapi.entries["program-chapters"]) == len(seed("program-chapters"))
    assert len(strapi.entries["lessons"]) == len(seed("lessons"))
    rewritten = [
        path
        for method, path in strapi.calls
        if method == "PUT" and path.startswith("/api/program-chapters/")
    ]
    assert rewritten == []  # kept as they were; only what was missing was created
    for chapter in seed("program-chapters"):
        document = pusher.documents["api::program-chapter.program-chapter"][chapter["id"]]
        assert (
            strapi.entries["program-chapters"][document["documentId"]]["public_id"] == chapter["id"]
        )
    # The self-relations of kept programs are set all the same: the first push never got there.
    related = [program for program in seed("programs") if program.get("related_program")]
    programs = pusher.documents["api::program.program"]
    for program in related:
        sent = strapi.entries["programs"][programs[program["id"]]["documentId"]]
        assert sent["related_program"] == {
            "set": [programs[program["related_program"]]["documentId"]]
        }


def test_after_a_failure_the_workers_send_nothing_more(model):
    strapi = FakeStrapi(model, fail_after=300)
    with pytest.raises(push_seed.PushError):
        push(strapi, model, workers=4)
    # The writes already under way may finish; the rest of the seed is not sent.
    assert sum(strapi.writes().values()) <= 300 + 4


def test_duplicates_in_strapi_stop_the_push(model):
    strapi = FakeStrapi(model)
    push(strapi, model)
    teachers = strapi.entries["teachers"]
    first = next(iter(teachers.values()))
    teachers["copy"] = {**first, "id": 10_000, "documentId": "copy"}

    with pytest.raises(push_seed.PushError, match="more than one entry has"):
        push(strapi, model)


@pytest.mark.parametrize("workers", [0, push_seed.MAX_WORKERS + 1])
def test_the_number_of_workers_is_bounded(model, workers):
    with pytest.raises(push_seed.PushError, match="workers must be between 1 and"):
        push_seed.Pusher(FakeStrapi(model), model, SEED_PATH, log=print, workers=workers)
