"""Learning: one table of watch positions for every watchable item, replacing the program-only
subchapter progress (its rows move over as 'program_subchapter' items).

Revision ID: 0006_watch_positions
Revises: 0005_account
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_watch_positions"
down_revision = "0005_account"
branch_labels = None
depends_on = None

# What the old table called its only item type, and the percent that counts as completed.
SUBCHAPTER = "program_subchapter"
COMPLETED_AT = 90


def upgrade() -> None:
    op.create_table(
        "watch_positions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("item_type", sa.String(length=32), nullable=False),
        sa.Column("item_id", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Float(), nullable=False),
        sa.Column("duration", sa.Float(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("completed", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_watch_positions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_watch_positions")),
        sa.UniqueConstraint(
            "user_id", "item_type", "item_id", name=op.f("uq_watch_positions_user_item")
        ),
    )
    op.create_index("ix_watch_positions_user_updated", "watch_positions", ["user_id", "updated_at"])
    # The old rows knew a percent only: no position to resume from, the furthest percent kept.
    op.execute(
        sa.text(
            "INSERT INTO watch_positions (user_id, item_type, item_id, position, duration,"
            " progress, completed, updated_at)"
            " SELECT user_id, :kind, CAST(chapter_id AS VARCHAR(12)) || ':'"
            " || CAST(position AS VARCHAR(6)), 0, 0, progress, progress >= :done, updated_at"
            " FROM subchapter_progress"
        ).bindparams(kind=SUBCHAPTER, done=COMPLETED_AT)
    )
    op.drop_table("subchapter_progress")


def downgrade() -> None:
    op.create_table(
        "subchapter_progress",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("chapter_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_subchapter_progress_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_subchapter_progress")),
        sa.UniqueConstraint(
            "user_id",
            "chapter_id",
            "position",
            name=op.f("uq_subchapter_progress_user_subchapter"),
        ),
    )
    op.create_index(op.f("ix_subchapter_progress_user_id"), "subchapter_progress", ["user_id"])
    # Program subchapters go back; the other items had no place in the old table.
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT user_id, item_id, CASE WHEN completed THEN 100 ELSE progress END,"
            " updated_at FROM watch_positions WHERE item_type = :kind"
        ).bindparams(kind=SUBCHAPTER)
    ).all()
    table = sa.table(
        "subchapter_progress",
        sa.column("user_id"),
        sa.column("chapter_id"),
        sa.column("position"),
        sa.column("progress"),
        sa.column("updated_at"),
    )
    back = []
    for user_id, item_id, progress, updated_at in rows:
        chapter_id, position = item_id.split(":")
        back.append(
            {
                "user_id": user_id,
                "chapter_id": int(chapter_id),
                "position": int(position),
                "progress": progress,
                "updated_at": updated_at,
            }
        )
    if back:
        op.bulk_insert(table, back)
    op.drop_table("watch_positions")
