"""The search index behind one interface: SQLite's FTS5 or PostgreSQL's full-text search.

Both hold the same normalised words (text.py folds accents and case before anything is stored or
asked), rank an item's title above the people it is by above its descriptions and body, match
every word of a query as a prefix, and keep the same vocabulary for typos. Writes are flushed;
the caller commits."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .documents import Document
from .text import deletions, one_edit_apart, vocabulary

# Rows per INSERT: large enough to be quick, small enough for SQLite's limit on parameters.
BATCH = 500


@dataclass(frozen=True)
class Word:
    """One word of a query: found as a prefix, or exactly as one of ``near`` (its typos)."""

    prefix: str
    near: tuple[str, ...] = ()


def _batches(rows: list[dict[str, Any]]) -> Iterable[list[dict[str, Any]]]:
    for i in range(0, len(rows), BATCH):
        yield rows[i : i + BATCH]


def _decoded(value: Any) -> dict[str, Any]:
    found: dict[str, Any] = value if isinstance(value, dict) else json.loads(value)
    return found


class SearchIndex(ABC):
    """What the search service needs of an index, whatever the database."""

    def is_empty(self, session: Session) -> bool:
        return session.execute(sa.text("SELECT 1 FROM search_documents LIMIT 1")).first() is None

    def replace(self, session: Session, kinds: Sequence[str], documents: Iterable[Document]) -> int:
        """Everything indexed of ``kinds`` replaced by ``documents`` (the vocabulary only gains
        words: a word no longer indexed costs a lookup, never a wrong result). Answers how
        many."""
        found = list(documents)
        self._delete(session, tuple(kinds), ())
        self._insert(session, found)
        return len(found)

    def put(
        self, session: Session, kind: str, ids: Sequence[int], found: Iterable[Document]
    ) -> None:
        """Items ``ids`` of ``kind`` as they are now: re-indexed, or removed when not found."""
        self._delete(session, (kind,), tuple(ids))
        self._insert(session, list(found))

    def clear_vocabulary(self, session: Session) -> None:
        session.execute(sa.text("DELETE FROM search_terms"))

    def near(self, session: Session, word: str) -> tuple[str, ...]:
        """Indexed words one edit from ``word`` (other than itself)."""
        variants = tuple(deletions(word))
        rows = session.execute(
            sa.text("SELECT DISTINCT term FROM search_terms WHERE variant IN :variants").bindparams(
                sa.bindparam("variants", expanding=True)
            ),
            {"variants": variants},
        )
        return tuple(sorted(t for (t,) in rows if t != word and one_edit_apart(word, t)))

    def find(
        self, session: Session, words: Sequence[Word], kinds: Sequence[str], start: int, limit: int
    ) -> list[dict[str, Any]]:
        """The items matching every word, of one of ``kinds``, best first."""
        rows = session.execute(
            self._find_sql().bindparams(sa.bindparam("kinds", expanding=True)),
            {"match": self._match(words), "kinds": tuple(kinds), "start": start, "limit": limit},
        )
        return [_decoded(result) for (result,) in rows]

    # What each database does its own way ----------------------------------------------

    @abstractmethod
    def _match(self, words: Sequence[Word]) -> str: ...

    @abstractmethod
    def _find_sql(self) -> sa.TextClause: ...

    def _delete(self, session: Session, kinds: tuple[str, ...], ids: tuple[int, ...]) -> None:
        """The documents of ``kinds`` (only those of ``ids`` when there are some) removed."""
        for statement in self._deletes(bool(ids)):
            clause = statement.bindparams(sa.bindparam("kinds", expanding=True))
            if ids:
                clause = clause.bindparams(sa.bindparam("ids", expanding=True))
            session.execute(clause, {"kinds": kinds, "ids": ids} if ids else {"kinds": kinds})

    @abstractmethod
    def _deletes(self, by_id: bool) -> tuple[sa.TextClause, ...]: ...

    @abstractmethod
    def _inserts(self) -> tuple[sa.TextClause, ...]:
        """The statements that add a batch of documents (_row's), in order."""

    @abstractmethod
    def _insert_terms_sql(self) -> sa.TextClause: ...

    def _insert(self, session: Session, documents: list[Document]) -> None:
        if not documents:
            return
        for batch in _batches([_row(d) for d in documents]):
            for statement in self._inserts():
                session.execute(statement, batch)
        terms = vocabulary(text for d in documents for text in (d.title, d.people, d.body))
        rows = [{"variant": v, "term": t} for t in sorted(terms) for v in sorted(deletions(t))]
        for batch in _batches(rows):
            session.execute(self._insert_terms_sql(), batch)


DELETE = sa.text("DELETE FROM search_documents WHERE kind IN :kinds")
DELETE_BY_ID = sa.text("DELETE FROM search_documents WHERE kind IN :kinds AND item_id IN :ids")
# FTS5 rows go first, while the documents still say which rowids they are.
SQLITE_DELETES = (
    sa.text(
        "DELETE FROM search_fts WHERE rowid IN"
        " (SELECT id FROM search_documents WHERE kind IN :kinds)"
    ),
    DELETE,
)
SQLITE_DELETES_BY_ID = (
    sa.text(
        "DELETE FROM search_fts WHERE rowid IN"
        " (SELECT id FROM search_documents WHERE kind IN :kinds AND item_id IN :ids)"
    ),
    DELETE_BY_ID,
)

# The documents first: their FTS5 rows take the documents' ids for rowids.
SQLITE_INSERTS = (
    sa.text(
        "INSERT INTO search_documents (kind, item_id, result) VALUES (:kind, :item_id, :result)"
    ),
    sa.text(
        "INSERT INTO search_fts (rowid, title, people, body, kind)"
        " SELECT id, :title, :people, :body, kind FROM search_documents"
        " WHERE kind = :kind AND item_id = :item_id"
    ),
)
POSTGRES_INSERT = sa.text(
    "INSERT INTO search_documents (kind, item_id, result, vector)"
    " VALUES (:kind, :item_id, CAST(:result AS json),"
    " setweight(to_tsvector('simple', :title), 'A')"
    " || setweight(to_tsvector('simple', :people), 'B')"
    " || setweight(to_tsvector('simple', :body), 'C'))"
)


# A broad query's count: no further than the half that makes it broad.
BROAD_COUNT = sa.text(
    "SELECT count(*) FROM (SELECT 1 FROM search_fts WHERE search_fts MATCH :match LIMIT :cap)"
)
TIER_COUNT = sa.text(
    "SELECT count(*) FROM search_fts WHERE search_fts MATCH :match AND kind IN :kinds"
).bindparams(sa.bindparam("kinds", expanding=True))
TIER_PAGE = sa.text(
    "SELECT rowid FROM search_fts WHERE search_fts MATCH :match AND kind IN :kinds"
    " ORDER BY rowid LIMIT :limit OFFSET :start"
).bindparams(sa.bindparam("kinds", expanding=True))
DOCUMENTS = sa.text("SELECT id, result FROM search_documents WHERE id IN :ids").bindparams(
    sa.bindparam("ids", expanding=True)
)


class SqliteIndex(SearchIndex):
    """FTS5: ``search_fts(title, people, body, kind)``, its rowid the document's id, ranked by
    BM25 with the title weighing ten times the body and the people four (migration 0007).

    A broad query, one that more than half of the indexed items match ('the'), is not ranked:
    BM25 gives a word that common no weight (its inverse document frequency is zero or less,
    which FTS5 counts as almost nothing), so ranking every match would cost time linear in the
    catalogue and order nothing. Its matches are listed by where they match instead, titles,
    then people, then the rest, each in the order they were indexed, and a page reads only the
    tiers it reaches. (PostgreSQL's ts_rank has no such blind spot: it ranks every match.)
    """

    def find(
        self, session: Session, words: Sequence[Word], kinds: Sequence[str], start: int, limit: int
    ) -> list[dict[str, Any]]:
        match = self._match(words)
        total = session.execute(sa.text("SELECT count(*) FROM search_documents")).scalar_one()
        matched = session.execute(BROAD_COUNT, {"match": match, "cap": total // 2 + 1})
        if matched.scalar_one() <= total // 2:
            return super().find(session, words, kinds, start, limit)
        ids: list[int] = []
        for tier in self._tiers(match):
            params = {"match": tier, "kinds": tuple(kinds)}
            in_tier = session.execute(TIER_COUNT, params).scalar_one()
            if start >= in_tier:
                start -= in_tier
                continue
            page = session.execute(TIER_PAGE, {**params, "start": start, "limit": limit - len(ids)})
            ids.extend(i for (i,) in page)
            start = 0
            if len(ids) == limit:
                break
        rows: dict[int, Any] = {i: r for i, r in session.execute(DOCUMENTS, {"ids": tuple(ids)})}
        return [_decoded(rows[i]) for i in ids]

    @staticmethod
    def _tiers(match: str) -> tuple[str, str, str]:
        """The query matched in the title, in the people and not the title, and elsewhere."""
        title, people = f"{{title}} : ({match})", f"{{people}} : ({match})"
        return title, f"({people}) NOT ({title})", f"({match}) NOT ({title} OR {people})"

    def _match(self, words: Sequence[Word]) -> str:
        return " AND ".join(
            "(" + " OR ".join([f'"{w.prefix}"*', *(f'"{n}"' for n in w.near)]) + ")" for w in words
        )

    def _find_sql(self) -> sa.TextClause:
        # The page is chosen in the FTS5 table alone (its rank is the BM25 the migration sets),
        # then only its rows are read from the documents.
        return sa.text(
            "SELECT d.result FROM"
            " (SELECT rowid, rank FROM search_fts"
            "  WHERE search_fts MATCH :match AND kind IN :kinds"
            "  ORDER BY rank, rowid LIMIT :limit OFFSET :start) AS page"
            " JOIN search_documents d ON d.id = page.rowid"
            " ORDER BY page.rank, page.rowid"
        )

    def _deletes(self, by_id: bool) -> tuple[sa.TextClause, ...]:
        return SQLITE_DELETES_BY_ID if by_id else SQLITE_DELETES

    def _inserts(self) -> tuple[sa.TextClause, ...]:
        return SQLITE_INSERTS

    def _insert_terms_sql(self) -> sa.TextClause:
        return sa.text(
            "INSERT OR IGNORE INTO search_terms (variant, term) VALUES (:variant, :term)"
        )


class PostgresIndex(SearchIndex):
    """tsvector with the 'simple' configuration (the words are normalised already), title
    weighted A, people B, body C, under a GIN index; ranked by ts_rank with weights that put
    any title match above any body match."""

    def _match(self, words: Sequence[Word]) -> str:
        return " & ".join("(" + " | ".join([f"{w.prefix}:*", *w.near]) + ")" for w in words)

    def _find_sql(self) -> sa.TextClause:
        return sa.text(
            "SELECT result::text"
            " FROM search_documents, to_tsquery('simple', :match) AS q"
            " WHERE vector @@ q AND kind IN :kinds"
            # ts_rank's weights for D, C, B, A: a body's many mentions never outweigh a title's.
            " ORDER BY ts_rank('{0.02, 0.02, 0.2, 1.0}', vector, q) DESC, kind, item_id"
            " LIMIT :limit OFFSET :start"
        )

    def _deletes(self, by_id: bool) -> tuple[sa.TextClause, ...]:
        return (DELETE_BY_ID,) if by_id else (DELETE,)

    def _inserts(self) -> tuple[sa.TextClause, ...]:
        return (POSTGRES_INSERT,)

    def _insert_terms_sql(self) -> sa.TextClause:
        return sa.text(
            "INSERT INTO search_terms (variant, term) VALUES (:variant, :term)"
            " ON CONFLICT DO NOTHING"
        )


def _row(document: Document) -> dict[str, Any]:
    return {
        "kind": document.kind,
        "item_id": document.item_id,
        "result": json.dumps(document.result, separators=(",", ":")),
        "title": document.title,
        "people": document.people,
        "body": document.body,
    }


def make_index(dialect: str) -> SearchIndex:
    """The index of the BFF's database (``engine.dialect.name``)."""
    return PostgresIndex() if dialect == "postgresql" else SqliteIndex()
