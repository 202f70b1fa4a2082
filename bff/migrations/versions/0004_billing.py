"""Billing and member data: customers, checkouts, subscriptions, purchases, events, progress.

Revision ID: 0004_billing
Revises: 0003_accounts
Create Date: 2026-11-20
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_billing"
down_revision = "0003_accounts"
branch_labels = None
depends_on = None

TABLES = (
    "subchapter_progress",
    "sandbox_checkout_sessions",
    "payment_events",
    "purchases",
    "subscriptions",
    "checkout_sessions",
    "payment_customers",
)


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _user(table: str) -> tuple[sa.Column, sa.ForeignKeyConstraint]:
    return (
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
        ),
    )


def upgrade() -> None:
    op.create_table(
        "payment_customers",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("payment_customers"),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("customer_id", sa.String(length=255), nullable=False),
        _when("created_at", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment_customers")),
        sa.UniqueConstraint("customer_id", name=op.f("uq_payment_customers_customer_id")),
        sa.UniqueConstraint("provider", "user_id", name=op.f("uq_payment_customers_provider_user")),
    )
    op.create_index(op.f("ix_payment_customers_user_id"), "payment_customers", ["user_id"])

    op.create_table(
        "checkout_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.String(length=255), nullable=False),
        sa.Column("provider", sa.String(length=16), nullable=False),
        *_user("checkout_sessions"),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("plan_id", sa.String(length=64), nullable=True),
        sa.Column("entity", sa.String(length=32), nullable=True),
        sa.Column("entity_id", sa.Integer(), nullable=True),
        sa.Column("amount", sa.Integer(), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("final_url", sa.String(length=2048), nullable=True),
        _when("created_at", nullable=False),
        _when("completed_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_checkout_sessions")),
        sa.UniqueConstraint("session_id", name=op.f("uq_checkout_sessions_session_id")),
    )
    op.create_index(op.f("ix_checkout_sessions_user_id"), "checkout_sessions", ["user_id"])

    op.create_table(
        "subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("subscriptions"),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("subscription_id", sa.String(length=255), nullable=False),
        sa.Column("customer_id", sa.String(length=255), nullable=True),
        sa.Column("plan_id", sa.String(length=64), nullable=True),
        sa.Column("period", sa.String(length=16), nullable=True),
        sa.Column("status", sa.String(length=32), nullable=False),
        _when("current_period_end"),
        _when("trial_end"),
        sa.Column("cancel_at_period_end", sa.Boolean(), nullable=False),
        sa.Column("state_at", sa.BigInteger(), nullable=False),
        _when("created_at", nullable=False),
        _when("updated_at", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_subscriptions")),
        sa.UniqueConstraint("subscription_id", name=op.f("uq_subscriptions_subscription_id")),
    )
    op.create_index(op.f("ix_subscriptions_user_id"), "subscriptions", ["user_id"])

    op.create_table(
        "purchases",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("purchases"),
        sa.Column("entity", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("session_id", sa.String(length=255), nullable=False),
        _when("created_at", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_purchases")),
        sa.UniqueConstraint("session_id", name=op.f("uq_purchases_session_id")),
        sa.UniqueConstraint("user_id", "entity", "entity_id", name=op.f("uq_purchases_user_item")),
    )
    op.create_index(op.f("ix_purchases_user_id"), "purchases", ["user_id"])

    op.create_table(
        "payment_events",
        sa.Column("event_id", sa.String(length=255), nullable=False),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("type", sa.String(length=64), nullable=False),
        sa.Column("created", sa.BigInteger(), nullable=False),
        _when("received_at", nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_payment_events")),
    )

    op.create_table(
        "sandbox_checkout_sessions",
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("customer_id", sa.String(length=64), nullable=False),
        sa.Column("client_reference_id", sa.String(length=64), nullable=True),
        sa.Column("description", sa.String(length=255), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("price_id", sa.String(length=64), nullable=True),
        sa.Column("trial_days", sa.Integer(), nullable=True),
        sa.Column("interval", sa.String(length=8), nullable=True),
        sa.Column("success_url", sa.String(length=2048), nullable=False),
        sa.Column("cancel_url", sa.String(length=2048), nullable=False),
        sa.Column("metadata_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("payment_status", sa.String(length=24), nullable=False),
        sa.Column("subscription_id", sa.String(length=64), nullable=True),
        sa.Column("subscription_status", sa.String(length=32), nullable=True),
        sa.Column("created", sa.BigInteger(), nullable=False),
        sa.Column("completed", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_sandbox_checkout_sessions")),
    )

    op.create_table(
        "subchapter_progress",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("subchapter_progress"),
        sa.Column("chapter_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        _when("updated_at", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_subchapter_progress")),
        sa.UniqueConstraint(
            "user_id",
            "chapter_id",
            "position",
            name=op.f("uq_subchapter_progress_user_subchapter"),
        ),
    )
    op.create_index(op.f("ix_subchapter_progress_user_id"), "subchapter_progress", ["user_id"])


def downgrade() -> None:
    for table in TABLES:
        op.drop_table(table)  # their indexes go with them
