"""Board preferences: a member's board colour theme, piece set and sounds (no row: the defaults).

Revision ID: 0021_board_preferences
Revises: 0019_puzzle_runs
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0021_board_preferences"
down_revision = "0019_puzzle_runs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "board_preferences",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("board_theme", sa.String(length=16), nullable=False),
        sa.Column("piece_set", sa.String(length=16), nullable=False),
        sa.Column("sounds", sa.Boolean(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_board_preferences_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_board_preferences")),
    )


def downgrade() -> None:
    op.drop_table("board_preferences")
