"""Learning: each member's record in the exercises of the content (solved, failed, hints).

Revision ID: 0008_exercise_attempts
Revises: 0007_search
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_exercise_attempts"
down_revision = "0007_search"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "exercise_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("exercise_id", sa.String(length=96), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("failed", sa.Boolean(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_exercise_attempts_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exercise_attempts")),
        sa.UniqueConstraint(
            "user_id", "exercise_id", name=op.f("uq_exercise_attempts_user_exercise")
        ),
    )
    op.create_index(
        "ix_exercise_attempts_user_updated", "exercise_attempts", ["user_id", "updated_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_exercise_attempts_user_updated", table_name="exercise_attempts")
    op.drop_table("exercise_attempts")
