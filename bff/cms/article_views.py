"""Article reads counted by the BFF (one per reader, article and day), for 'most viewed'."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .models import ArticleReader, ArticleView

WINDOW_DAYS = 30


def reader_of(secret: str, member_id: int | None, address: str, agent: str) -> str:
    """Who is reading, as a key that names no one: the member, or a guest's address and
    browser, hashed with the site's secret."""
    who = f"member:{member_id}" if member_id is not None else f"guest:{address}\n{agent}"
    return hmac.new(secret.encode(), who.encode(), hashlib.sha256).hexdigest()


def record_view(session: Session, article_id: int, today: dt.date, reader: str) -> None:
    """Count a read, once per reader per article per day (a reader asking 720 times is one
    read); concurrent first reads of the day both count."""
    readers = ArticleReader.__table__
    try:
        with session.begin_nested():
            session.execute(
                readers.insert().values(article_id=article_id, day=today, reader=reader)
            )
    except sa.exc.IntegrityError:
        session.commit()
        return  # this reader's read of the day is counted already
    table = ArticleView.__table__
    increment = (
        table.update()
        .where(table.c.article_id == article_id, table.c.day == today)
        .values(views=table.c.views + 1)
    )
    if session.execute(increment).rowcount == 0:
        # The article's first read of the day: who read it before today need not be kept.
        session.execute(
            readers.delete().where(readers.c.article_id == article_id, readers.c.day < today)
        )
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
