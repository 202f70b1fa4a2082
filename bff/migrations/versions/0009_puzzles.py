"""Puzzles: the puzzles and their themes, members' puzzle ratings and rounds, the daily puzzle,
imports under way; review: what each member failed and when it comes back.

Revision ID: 0009_puzzles
Revises: 0008_exercise_attempts
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_puzzles"
down_revision = "0008_exercise_attempts"
branch_labels = None
depends_on = None

PUZZLE_ID = sa.String(length=16)


def _user(table: str) -> list:
    return [
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
        ),
    ]


def upgrade() -> None:
    op.create_table(
        "puzzles",
        sa.Column("id", PUZZLE_ID, nullable=False),
        sa.Column("fen", sa.String(length=100), nullable=False),
        sa.Column("moves", sa.String(length=400), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("popularity", sa.Integer(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("themes", sa.String(length=400), nullable=False),
        sa.Column("game_url", sa.String(length=200), nullable=False),
        sa.Column("opening_tags", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzles")),
    )
    op.create_index("ix_puzzles_rating", "puzzles", ["rating"])
    op.create_table(
        "puzzle_themes",
        sa.Column("theme", sa.String(length=40), nullable=False),
        sa.Column("puzzle_id", PUZZLE_ID, nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzles.id"],
            name=op.f("fk_puzzle_themes_puzzle_id_puzzles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("theme", "puzzle_id", name=op.f("pk_puzzle_themes")),
    )
    op.create_index("ix_puzzle_themes_theme_rating", "puzzle_themes", ["theme", "rating"])
    op.create_index("ix_puzzle_themes_puzzle", "puzzle_themes", ["puzzle_id"])
    op.create_table(
        "puzzle_players",
        *_user("puzzle_players"),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("rated_plays", sa.Integer(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("last_solved_on", sa.Date(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_puzzle_players")),
    )
    op.create_table(
        "puzzle_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("puzzle_rounds"),
        sa.Column("puzzle_id", PUZZLE_ID, nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("served_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempt_id", sa.String(length=64), nullable=True),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("solved", sa.Boolean(), nullable=True),
        sa.Column("moves", sa.String(length=400), nullable=True),
        sa.Column("seconds", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzles.id"],
            name=op.f("fk_puzzle_rounds_puzzle_id_puzzles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzle_rounds")),
        sa.UniqueConstraint("user_id", "attempt_id", name=op.f("uq_puzzle_rounds_user_attempt")),
    )
    op.create_index("ix_puzzle_rounds_user_puzzle", "puzzle_rounds", ["user_id", "puzzle_id"])
    op.create_index("ix_puzzle_rounds_user_served", "puzzle_rounds", ["user_id", "served_at"])
    op.create_table(
        "daily_puzzles",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("puzzle_id", PUZZLE_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzles.id"],
            name=op.f("fk_daily_puzzles_puzzle_id_puzzles"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("day", name=op.f("pk_daily_puzzles")),
    )
    op.create_table(
        "puzzle_imports",
        sa.Column("source", sa.String(length=300), nullable=False),
        sa.Column("rows_read", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("source", name=op.f("pk_puzzle_imports")),
    )
    op.create_table(
        "review_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("review_cards"),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("item_id", sa.String(length=80), nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("state", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=True),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("last_review", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_cards")),
        sa.UniqueConstraint("user_id", "kind", "item_id", name=op.f("uq_review_cards_user_item")),
    )
    op.create_index("ix_review_cards_user_due", "review_cards", ["user_id", "due"])


def downgrade() -> None:
    for table in (
        "review_cards",
        "puzzle_imports",
        "daily_puzzles",
        "puzzle_rounds",
        "puzzle_players",
        "puzzle_themes",
        "puzzles",
    ):
        op.drop_table(table)
