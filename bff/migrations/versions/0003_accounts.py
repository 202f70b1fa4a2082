"""Accounts: users, social identities, refresh tokens, one-time tokens, newsletter subscriptions.

Revision ID: 0003_accounts
Revises: 0002_cms
Create Date: 2026-11-20
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_accounts"
down_revision = "0002_cms"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _one_time_token_table(name: str) -> None:
    """email_confirmations and password_resets share one shape."""
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        _when("created_at", nullable=False),
        _when("expires_at", nullable=False),
        _when("used_at"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{name}_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")),
        sa.UniqueConstraint("token_hash", name=op.f(f"uq_{name}_token_hash")),
    )
    op.create_index(op.f(f"ix_{name}_user_id"), name, ["user_id"])


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=31), nullable=False),
        sa.Column("username_key", sa.String(length=31), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("email_key", sa.String(length=254), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("firstname", sa.String(length=50), nullable=True),
        sa.Column("lastname", sa.String(length=50), nullable=True),
        sa.Column("country", sa.String(length=2), nullable=True),
        sa.Column("skill_level", sa.String(length=16), nullable=True),
        sa.Column("user_tier", sa.String(length=16), server_default="free", nullable=False),
        sa.Column("avatar", sa.String(length=255), nullable=True),
        _when("email_confirmed_at"),
        _when("deactivated_at"),
        _when("created_at", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("email_key", name=op.f("uq_users_email_key")),
        sa.UniqueConstraint("username_key", name=op.f("uq_users_username_key")),
    )
    op.create_table(
        "social_identities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=True),
        _when("created_at", nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_social_identities_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_social_identities")),
        sa.UniqueConstraint(
            "provider", "subject", name=op.f("uq_social_identities_provider_subject")
        ),
    )
    op.create_index(op.f("ix_social_identities_user_id"), "social_identities", ["user_id"])
    op.create_table(
        "refresh_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("family_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        _when("created_at", nullable=False),
        _when("expires_at", nullable=False),
        _when("rotated_at"),
        sa.Column("replaced_by_id", sa.Integer(), nullable=True),
        _when("revoked_at"),
        sa.ForeignKeyConstraint(
            ["replaced_by_id"],
            ["refresh_tokens.id"],
            name=op.f("fk_refresh_tokens_replaced_by_id_refresh_tokens"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_refresh_tokens_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refresh_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_refresh_tokens_token_hash")),
    )
    op.create_index(op.f("ix_refresh_tokens_family_id"), "refresh_tokens", ["family_id"])
    op.create_index(op.f("ix_refresh_tokens_user_id"), "refresh_tokens", ["user_id"])
    _one_time_token_table("email_confirmations")
    _one_time_token_table("password_resets")
    op.create_table(
        "newsletter_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        _when("created_at", nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_newsletter_subscriptions_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_subscriptions")),
        sa.UniqueConstraint("email", name=op.f("uq_newsletter_subscriptions_email")),
    )
    op.create_index(
        op.f("ix_newsletter_subscriptions_user_id"), "newsletter_subscriptions", ["user_id"]
    )


def downgrade() -> None:
    for table in (
        "newsletter_subscriptions",
        "password_resets",
        "email_confirmations",
        "refresh_tokens",
        "social_identities",
    ):
        op.drop_table(table)  # their indexes go with them
    op.drop_table("users")
