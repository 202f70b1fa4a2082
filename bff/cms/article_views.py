"""Article reads recorded by the BFF itself, ranked over the last 30 days for 'most viewed'."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .models import ArticleView

WINDOW_DAYS = 30


def record_view(session: Session, article_id: int, today: dt.date) -> None:
    """Count one read; concurrent first reads of the day both count."""
    table = ArticleView.__table__
    increment = (
        table.update()
        .where(table.c.article_id == article_id, table.c.day == today)
        .values(views=table.c.views + 1)
    )
    if session.execute(increment).rowcount == 0:
        try:
            with session.begin_nested():
                session.execute(table.insert().values(article_id=article_id, day=today, views=1))
        except sa.exc.IntegrityError:
            session.execute(increment)
    session.commit()


def most_viewed_ids(session: Session, today: dt.date, limit: int) -> list[int]:
    """Ids of the most read articles of the last 30 days, most read first (ties: newest id)."""
    since = today - dt.timedelta(days=WINDOW_DAYS - 1)
    total = sa.func.sum(ArticleView.views)
    rows = session.execute(
        sa.select(ArticleView.article_id)
        .where(ArticleView.day >= since, ArticleView.day <= today)
        .group_by(ArticleView.article_id)
        .order_by(total.desc(), ArticleView.article_id.desc())
        .limit(limit)
    )
    return list(rows.scalars())
