"""Baseline: the empty schema every later migration builds on.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-11-20
"""

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
