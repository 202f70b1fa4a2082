"""Exercise attempts remember the client's id of the last attempt recorded, so that a retried
report (a write sent again after a lost answer, or from a device's offline queue) counts once.

Revision ID: 0013_exercise_attempt_ids
Revises: 0012_sandbox_billing_sessions
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_exercise_attempt_ids"
down_revision = "0012_sandbox_billing_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Batch mode: SQLite alters a table by copying it; PostgreSQL adds the column in place.
    with op.batch_alter_table("exercise_attempts") as batch:
        batch.add_column(sa.Column("last_attempt_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("exercise_attempts") as batch:
        batch.drop_column("last_attempt_id")
