"""Tables of the CMS gateway: purge versions of cache tags, and article reads for 'most viewed'."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..platform.database import Base


class TagVersion(Base):
    __tablename__ = "cms_tag_versions"

    tag: Mapped[str] = mapped_column(sa.String(200), primary_key=True)
    version: Mapped[int] = mapped_column(sa.BigInteger, nullable=False, default=0)


class ArticleView(Base):
    """Reads of one article on one day (UTC): enough to rank the last 30 days cheaply."""

    __tablename__ = "article_views"

    article_id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    day: Mapped[dt.date] = mapped_column(sa.Date, primary_key=True)
    views: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class ArticleReader(Base):
    """Who read an article on a day (UTC), so that a reader counts once a day: a member's id or
    a guest's address and browser, as a keyed hash (never the address itself)."""

    __tablename__ = "article_readers"

    article_id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    day: Mapped[dt.date] = mapped_column(sa.Date, primary_key=True)
    reader: Mapped[str] = mapped_column(sa.String(64), primary_key=True)


class PreviewSession(Base):
    """An editor's preview session (preview.py): the hash of its cookie's token, the hash of the
    signature of the link that started it (a link starts one session), and its end."""

    __tablename__ = "preview_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    link_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    # Seconds since the epoch, as the links' own expiry is written.
    created_at: Mapped[float] = mapped_column(sa.Float)
    expires_at: Mapped[float] = mapped_column(sa.Float, index=True)
    ended_at: Mapped[float | None] = mapped_column(sa.Float)
