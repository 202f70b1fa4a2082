"""A puzzle round given in an offline pack is held for the member: its attempt is taken later
whatever their allowance has become (bff/puzzles/pack.py).

Revision ID: 0017_puzzle_rounds_held
Revises: 0016_reminders
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0017_puzzle_rounds_held"
down_revision = "0016_reminders"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Batch mode: SQLite alters a table by copying it; PostgreSQL adds the column in place (the
    # database's next_puzzle serves rows without naming it: the default says not held).
    with op.batch_alter_table("puzzle_rounds") as batch:
        batch.add_column(sa.Column("held", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("puzzle_rounds") as batch:
        batch.drop_column("held")
