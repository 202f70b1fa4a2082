"""Site search: the indexed items, the vocabulary of their words, and the full-text index of
the database (FTS5 on SQLite, a tsvector with a GIN index on PostgreSQL).

Revision ID: 0007_search
Revises: 0006_watch_positions
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0007_search"
down_revision = "0006_watch_positions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "search_documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column(
            "vector", sa.Text().with_variant(postgresql.TSVECTOR(), "postgresql"), nullable=True
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_documents")),
        sa.UniqueConstraint("kind", "item_id", name="uq_search_documents_kind_item"),
    )
    op.create_index(
        "ix_search_documents_vector", "search_documents", ["vector"], postgresql_using="gin"
    )
    op.create_table(
        "search_terms",
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("term", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("variant", "term", name=op.f("pk_search_terms")),
    )
    if op.get_bind().dialect.name == "sqlite":
        # The words are normalised before they are stored (bff/search/text.py): the tokenizer
        # only splits them.
        # The kind rides along (not indexed) so that a page is chosen from the FTS5 table alone;
        # its rank is BM25 with the title weighing ten times the body, the people four.
        op.execute(
            "CREATE VIRTUAL TABLE search_fts"
            " USING fts5(title, people, body, kind UNINDEXED, tokenize='unicode61')"
        )
        op.execute(
            "INSERT INTO search_fts (search_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0)')"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TABLE search_fts")
    op.drop_table("search_terms")
    op.drop_index("ix_search_documents_vector", table_name="search_documents")
    op.drop_table("search_documents")
