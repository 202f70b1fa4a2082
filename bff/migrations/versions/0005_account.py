"""My account: e-mail changes waiting for their link, erased accounts, the sandbox's billing page.

Revision ID: 0005_account
Revises: 0004_billing
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_account"
down_revision = "0004_billing"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "email_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        _when("created_at", nullable=False),
        _when("expires_at", nullable=False),
        _when("used_at"),
        sa.Column("new_email", sa.String(length=254), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_email_changes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_email_changes")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_email_changes_token_hash")),
    )
    op.create_index(op.f("ix_email_changes_user_id"), "email_changes", ["user_id"])
    with op.batch_alter_table("users") as batch:
        batch.add_column(_when("erased_at"))
    with op.batch_alter_table("sandbox_checkout_sessions") as batch:
        batch.add_column(
            sa.Column(
                "cancel_at_period_end", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("sandbox_checkout_sessions") as batch:
        batch.drop_column("cancel_at_period_end")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("erased_at")
    op.drop_index(op.f("ix_email_changes_user_id"), table_name="email_changes")
    op.drop_table("email_changes")
