"""The embedded store answers from indexes: exactly what a scan of every entry answers, and at a
cost that does not grow with the catalogue (docs/content-gateway.md)."""

from __future__ import annotations

import itertools

import pytest

from bff.cms.populate import LESSON_CARD, PROGRAM_CARD
from bff.cms.query import Filter, Query
from bff.cms.upstream import SEED_PATH
from bff.cms.upstream.embedded import MAX_PAGE, EmbeddedStore, _sort_key

from .grown import grown


@pytest.fixture(scope="module")
def larger(tmp_path_factory):
    return grown(tmp_path_factory.mktemp("grown") / "catalogue", factor=20)


def scanned(store: EmbeddedStore, query: Query) -> dict:
    """The answer of a scan: every entry filtered, sorted, then the page cut."""
    content_type = store.model.by_path(query.collection)

    def passes(raw) -> bool:
        for condition in query.filters:
            relation, _, name = condition.path.rpartition(".")
            if relation:
                target = store.model.types[content_type.attributes[relation]["target"]]
                related = store._related_ids(content_type, raw, relation)
                present = {store._entries[target.uid][i].get(name) for i in related}
            else:
                present = {raw.get(condition.path)}
            if not present & set(condition.values):
                return False
        return True

    rows = [raw for raw in store._entries[content_type.uid].values() if passes(raw)]
    for path, direction in reversed((*query.sort, ("id", "asc"))):
        rows.sort(
            key=lambda raw, path=path: _sort_key(store._value_at(content_type, raw, path)),
            reverse=direction == "desc",
        )
    limit = min(query.limit, MAX_PAGE)
    return {
        "data": [
            store._render(content_type, raw, query.populate)
            for raw in rows[query.start : query.start + limit]
        ],
        "meta": {"pagination": {"start": query.start, "limit": limit, "total": len(rows)}},
    }


def sample() -> list[Query]:
    """The questions the gateway asks, and harder ones: every sort both ways, filters alone and
    together, several values, values nothing has, pages past the end."""
    lesson_sorts = ("title", "createdAt", "subscription_level", "difficulty_level.rank")
    lesson_filters = [
        (),
        (Filter("teacher.id", (2,)),),
        (Filter("teacher.id", (2, 3, 99)),),
        (Filter("difficulty_level.id", (3,)),),
        (Filter("lesson_category.id", (1, 4)), Filter("difficulty_level.id", (2, 5, 7))),
        (Filter("teacher.id", (1,)), Filter("lesson_category.id", (999,))),
        (Filter("id", (5, 60, 61, 10_000)),),
        (Filter("slug", ("counterattack-in-the-centre", "counterattack-in-the-centre-2")),),
    ]
    queries = [
        Query(
            "lessons",
            start=start,
            limit=limit,
            sort=((sort, direction),),
            filters=filters,
            populate=LESSON_CARD,
        )
        for sort, direction, filters, (start, limit) in itertools.product(
            lesson_sorts, ("asc", "desc"), lesson_filters, ((0, 24), (24, 24), (50, 100), (0, 1))
        )
    ]
    program_filters = [
        (),
        (Filter("trainers.id", (1,)),),
        (Filter("trainers.id", (2, 5)), Filter("topic.id", (1, 2, 3))),
        (Filter("level.id", (4,)),),
    ]
    queries += [
        Query(
            "programs",
            start=start,
            limit=24,
            sort=((sort, "desc"),),
            filters=filters,
            populate=PROGRAM_CARD,
        )
        for sort, filters, start in itertools.product(
            ("title", "createdAt", "subscription_level"), program_filters, (0, 30, 500)
        )
    ]
    queries += [
        Query("program-chapters", limit=100, filters=(Filter("program.id", (1, 43)),)),
        Query("articles", start=3, limit=9, sort=(("date_posted", "desc"),)),
        Query(
            "videos",
            limit=6,
            sort=(("createdAt", "desc"),),
            filters=(Filter("video_category.slug", ("documentaries",)),),
        ),
        Query("difficulty-levels", limit=100, sort=(("rank", "asc"),)),
        Query("teachers", limit=100, sort=(("name", "asc"),)),
        Query("legal-pages", limit=1, filters=(Filter("slug", ("terms",)),)),
        Query("programs", limit=3),
    ]
    return queries


@pytest.mark.parametrize("where", ["seed", "larger"])
def test_indexed_answers_are_the_answers_of_a_scan(where, request):
    store = EmbeddedStore(SEED_PATH if where == "seed" else request.getfixturevalue("larger"))
    reference = EmbeddedStore(store.seed_path)
    for query in sample():
        assert store.find(query) == scanned(reference, query), query


class Touches:
    """A collection's entries, counting every entry read (its id looked up is not a read)."""

    def __init__(self, rows, counter: list[int]):
        self.rows, self.counter, self.links = rows, counter, rows.links

    def __getitem__(self, key):
        self.counter[0] += 1
        return self.rows[key]

    def __contains__(self, key):
        return key in self.rows

    def __len__(self):
        return len(self.rows)

    def values(self):
        self.counter[0] += len(self.rows)
        return self.rows.values()

    def __iter__(self):
        self.counter[0] += len(self.rows)
        return iter(self.rows)


def touched(store: EmbeddedStore, queries: list[Query]) -> list[int]:
    """Entries read to answer each query, once the store's indexes are built."""
    for query in queries:
        store.find(query)  # builds what the query needs, once
    counter = [0]
    store._entries = {uid: Touches(rows, counter) for uid, rows in store._entries.items()}
    counts = []
    for query in queries:
        counter[0] = 0
        store.find(query)
        counts.append(counter[0])
    return counts


def test_an_answer_reads_the_entries_of_its_page_whatever_the_catalogue(larger):
    queries = [
        Query("lessons", start=24, limit=24, sort=(("title", "asc"),), populate=LESSON_CARD),
        Query("lessons", limit=24, sort=(("difficulty_level.rank", "desc"),)),
        Query("lessons", limit=1, filters=(Filter("teacher.id", (2,)),)),  # a count
        Query("lessons", limit=5, filters=(Filter("difficulty_level.id", (3,)),)),
        Query("programs", limit=24, sort=(("createdAt", "desc"),), populate=PROGRAM_CARD),
        Query("lessons", limit=1, filters=(Filter("id", (5,)),), populate=LESSON_CARD),
        Query(
            "articles",
            limit=1,
            filters=(Filter("slug", ("five-opening-mistakes-that-cost-club-players-points",)),),
        ),
    ]
    seed, grown_store = EmbeddedStore(SEED_PATH), EmbeddedStore(larger)
    at_seed, at_larger = touched(seed, queries), touched(grown_store, queries)
    assert at_larger == at_seed  # the page's entries and those they populate, nothing else
    assert len(grown_store._entries["api::lesson.lesson"]) == 20 * 65  # a larger catalogue
