"""The sandbox billing page's sessions: a one-time link starts one, a cookie carries it.

Revision ID: 0012_sandbox_billing_sessions
Revises: 0011_puzzles_in_database
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_sandbox_billing_sessions"
down_revision = "0011_puzzles_in_database"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sandbox_billing_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("link_hash", sa.String(length=64), nullable=False),
        sa.Column("customer_id", sa.String(length=64), nullable=False),
        sa.Column("return_url", sa.String(length=2048), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sandbox_billing_sessions")),
        sa.UniqueConstraint("link_hash", name=op.f("uq_sandbox_billing_sessions_link_hash")),
    )


def downgrade() -> None:
    op.drop_table("sandbox_billing_sessions")
