"""Reminders: members' devices for push notifications, their reminder settings, and the
reminders sent (one of a kind a member a local day).

Revision ID: 0016_reminders
Revises: 0015_store_subscriptions
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0016_reminders"
down_revision = "0015_store_subscriptions"
branch_labels = None
depends_on = None


def _user(table: str) -> list:
    return [
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
        ),
    ]


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("devices"),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("token", sa.String(length=512), nullable=False),
        sa.Column("locale", sa.String(length=35), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_devices")),
        sa.UniqueConstraint("token", name=op.f("uq_devices_token")),
    )
    op.create_index("ix_devices_user", "devices", ["user_id", "updated_at"])
    op.create_table(
        "reminder_settings",
        *_user("reminder_settings"),
        sa.Column("daily_puzzle", sa.Boolean(), nullable=False),
        sa.Column("daily_puzzle_hour", sa.Integer(), nullable=False),
        sa.Column("streak_at_risk", sa.Boolean(), nullable=False),
        sa.Column("reviews_due", sa.Boolean(), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_reminder_settings")),
    )
    op.create_table(
        "sent_reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("sent_reminders"),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sent_reminders")),
        sa.UniqueConstraint(
            "user_id", "kind", "local_date", name=op.f("uq_sent_reminders_user_kind_day")
        ),
    )


def downgrade() -> None:
    op.drop_table("sent_reminders")
    op.drop_table("reminder_settings")
    op.drop_index("ix_devices_user", table_name="devices")
    op.drop_table("devices")
