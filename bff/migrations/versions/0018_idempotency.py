"""Idempotency keys (the first answer of a POST, replayed for its key for 24 hours) and the time
a watch position was taken (an older report never replaces a newer one).

Revision ID: 0018_idempotency
Revises: 0017_puzzle_rounds_held
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0018_idempotency"
down_revision = "0017_puzzle_rounds_held"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "idempotency_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("caller", sa.String(length=80), nullable=False),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("method", sa.String(length=8), nullable=False),
        sa.Column("path", sa.String(length=512), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("claimed_at", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("headers", sa.Text(), nullable=True),
        sa.Column("body", sa.LargeBinary(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_idempotency_keys")),
        sa.UniqueConstraint("caller", "key", name=op.f("uq_idempotency_keys_caller_key")),
    )
    op.create_index("ix_idempotency_keys_expires_at", "idempotency_keys", ["expires_at"])
    with op.batch_alter_table("watch_positions") as batch:
        batch.add_column(sa.Column("reported_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("watch_positions") as batch:
        batch.drop_column("reported_at")
    op.drop_index("ix_idempotency_keys_expires_at", table_name="idempotency_keys")
    op.drop_table("idempotency_keys")
