"""'next' is one SQL statement both databases run (bff/puzzles/next_statement.py): the
database's function next_puzzle (0011, replaced by 0014) is dropped on PostgreSQL. The trigger
that moves a puzzle's theme rows with its rating (0011) stays: the statement reads those rows.

Revision ID: 0022_next_puzzle_statement
Revises: 0021_board_preferences
Create Date: 2026-12-08
"""

import importlib.util
from pathlib import Path

from alembic import op

revision = "0022_next_puzzle_statement"
down_revision = "0021_board_preferences"
branch_labels = None
depends_on = None

SIGNATURE = (
    "next_puzzle(integer, text, double precision, double precision, integer, timestamptz,"
    " timestamptz, double precision[])"
)


def upgrade() -> None:
    if _postgresql():
        op.execute(f"DROP FUNCTION IF EXISTS {SIGNATURE}")


def downgrade() -> None:
    if _postgresql():
        # The function as 0014 made it.
        op.execute(_revision("0014_puzzles_played_allowance.py").NEXT_PUZZLE)


def _revision(name: str):
    spec = importlib.util.spec_from_file_location(name[:-3], Path(__file__).with_name(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"
