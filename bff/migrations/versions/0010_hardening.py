"""Hardening: the link that stops an e-mail change (mailed to the old address); who read an
article on a day (a reader counts once a day); editors' preview sessions.

Revision ID: 0010_hardening
Revises: 0009_puzzles
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_hardening"
down_revision = "0009_puzzles"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "preview_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("link_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("ended_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_preview_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_preview_sessions_token_hash")),
        sa.UniqueConstraint("link_hash", name=op.f("uq_preview_sessions_link_hash")),
    )
    op.create_index(op.f("ix_preview_sessions_expires_at"), "preview_sessions", ["expires_at"])
    op.create_table(
        "article_readers",
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("reader", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("article_id", "day", "reader", name=op.f("pk_article_readers")),
    )
    with op.batch_alter_table("email_changes") as batch:
        batch.add_column(sa.Column("cancel_token_hash", sa.String(length=64), nullable=True))
        batch.create_unique_constraint(
            op.f("uq_email_changes_cancel_token_hash"), ["cancel_token_hash"]
        )


def downgrade() -> None:
    op.drop_index(op.f("ix_preview_sessions_expires_at"), table_name="preview_sessions")
    op.drop_table("preview_sessions")
    op.drop_table("article_readers")
    with op.batch_alter_table("email_changes") as batch:
        batch.drop_constraint(op.f("uq_email_changes_cancel_token_hash"), type_="unique")
        batch.drop_column("cancel_token_hash")
