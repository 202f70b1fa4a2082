"""Subscriptions sold in the apps: one row per App Store original transaction or Google Play
purchase token, whoever reports it first (the app or the store's notification).

Revision ID: 0015_store_subscriptions
Revises: 0014_puzzles_played_allowance
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0015_store_subscriptions"
down_revision = "0014_puzzles_played_allowance"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "store_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("store", sa.String(length=16), nullable=False),
        sa.Column("purchase_key", sa.String(length=128), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("product_id", sa.String(length=255), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cancel_at_period_end", sa.Boolean(), nullable=False),
        sa.Column("state_at", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_store_subscriptions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_store_subscriptions")),
        sa.UniqueConstraint("store", "purchase_key", name="uq_store_subscriptions_key"),
    )
    op.create_index(
        op.f("ix_store_subscriptions_user_id"), "store_subscriptions", ["user_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_store_subscriptions_user_id"), table_name="store_subscriptions")
    op.drop_table("store_subscriptions")
