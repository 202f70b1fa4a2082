"""The SQL models' base and the schema migrations (Alembic) that build every table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Session

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"

# Stable constraint names, so that migrations can alter and drop them on every database.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


T = TypeVar("T")


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


def commit_retrying_conflicts(session: Session, write: Callable[[], T], attempts: int = 2) -> T:
    """Run ``write`` and commit what it did, as one transaction, and answer what it answered.

    A write that loses a race (IntegrityError: another request inserted the same row just now)
    is rolled back and run again, so it sees what the other wrote; after ``attempts`` losses the
    error rises. Whatever else ``write`` raises (an ApiError, say) is left to the caller."""
    for attempt in range(1, attempts + 1):
        try:
            result = write()
            session.commit()
            return result
        except IntegrityError:
            session.rollback()
            if attempt == attempts:
                raise
    raise ValueError("attempts must be at least 1")


def engine_options(url: str) -> dict:
    """Connection settings that suit each database when several workers share it."""
    if url.startswith("sqlite"):
        # Workers take turns writing; wait for the lock instead of failing at once.
        return {"connect_args": {"timeout": 15}}
    return {"pool_pre_ping": True, "pool_recycle": 1800}


def configure_sqlite(engine: sa.Engine) -> None:
    """Foreign keys on and write-ahead logging, so readers never wait for a writer."""
    if engine.dialect.name != "sqlite":
        return

    @sa.event.listens_for(engine, "connect")
    def _pragmas(connection, _record):
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    command.downgrade(alembic_config(url), revision)


def current_revision(url: str) -> str | None:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            from alembic.runtime.migration import MigrationContext

            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()
