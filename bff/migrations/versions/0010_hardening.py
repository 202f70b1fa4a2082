"""Hardening: the link that stops an e-mail change (mailed to the old address); who read an
article on a day (a reader counts once a day).

Revision ID: 0010_hardening
Revises: 0007_search
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_hardening"
down_revision = "0007_search"
branch_labels = None
depends_on = None


def upgrade() -> None:
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
    op.drop_table("article_readers")
    with op.batch_alter_table("email_changes") as batch:
        batch.drop_constraint(op.f("uq_email_changes_cancel_token_hash"), type_="unique")
        batch.drop_column("cancel_token_hash")
