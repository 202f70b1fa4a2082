"""The search index's tables: one row per indexed item, and the vocabulary for typos.

The vocabulary keeps indexed words under their one-deletion variants (text.deletions).
The full-text part is the database's own: on SQLite an FTS5 table ``search_fts`` beside these
(its rowid is the document's id), on PostgreSQL the ``vector`` column with its GIN index."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import Mapped, mapped_column

from ..platform.database import Base

# A tsvector on PostgreSQL; on SQLite the column stays empty (FTS5 holds the words).
Vector = sa.Text().with_variant(postgresql.TSVECTOR(), "postgresql")


class SearchDocument(Base):
    __tablename__ = "search_documents"
    __table_args__ = (
        sa.UniqueConstraint("kind", "item_id", name="uq_search_documents_kind_item"),
        sa.Index("ix_search_documents_vector", "vector", postgresql_using="gin"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(16))
    item_id: Mapped[int] = mapped_column(sa.Integer)
    result: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    vector: Mapped[str | None] = mapped_column(Vector, nullable=True)


class SearchTerm(Base):
    __tablename__ = "search_terms"

    variant: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    term: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
