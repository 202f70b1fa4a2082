"""CMS gateway: cache tag versions and article views.

Revision ID: 0002_cms
Revises: 0001_baseline
Create Date: 2026-11-20
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_cms"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cms_tag_versions",
        sa.Column("tag", sa.String(length=200), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("tag", name=op.f("pk_cms_tag_versions")),
    )
    op.create_table(
        "article_views",
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("views", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("article_id", "day", name=op.f("pk_article_views")),
    )


def downgrade() -> None:
    op.drop_table("article_views")
    op.drop_table("cms_tag_versions")
