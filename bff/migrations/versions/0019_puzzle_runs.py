"""Puzzle runs: a member's timed (three minutes) or streak run and the puzzles served in it
(bff/puzzles/runs.py).

Revision ID: 0019_puzzle_runs
Revises: 0018_idempotency
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0019_puzzle_runs"
down_revision = "0018_idempotency"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_runs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_puzzle_runs_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzle_runs")),
    )
    op.create_index("ix_puzzle_runs_user_day", "puzzle_runs", ["user_id", "day"])
    op.create_table(
        "puzzle_run_puzzles",
        sa.Column("run_id", sa.String(length=32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=16), nullable=False),
        sa.Column("answer_id", sa.String(length=64), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("solved", sa.Boolean(), nullable=True),
        sa.Column("moves", sa.String(length=400), nullable=True),
        sa.ForeignKeyConstraint(
            ["run_id"],
            ["puzzle_runs.id"],
            name=op.f("fk_puzzle_run_puzzles_run_id_puzzle_runs"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzles.id"],
            name=op.f("fk_puzzle_run_puzzles_puzzle_id_puzzles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("run_id", "place", name=op.f("pk_puzzle_run_puzzles")),
        sa.UniqueConstraint("run_id", "answer_id", name=op.f("uq_puzzle_run_puzzles_run_answer")),
    )
    op.create_index("ix_puzzle_run_puzzles_puzzle", "puzzle_run_puzzles", ["puzzle_id"])


def downgrade() -> None:
    op.drop_index("ix_puzzle_run_puzzles_puzzle", table_name="puzzle_run_puzzles")
    op.drop_table("puzzle_run_puzzles")
    op.drop_index("ix_puzzle_runs_user_day", table_name="puzzle_runs")
    op.drop_table("puzzle_runs")
