"""The SQL models' base and the schema migrations (Alembic) that build every table."""

from __future__ import annotations

import select
import time
from collections.abc import Callable
from datetime import UTC
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


class UTCDateTime(sa.types.TypeDecorator):
    """Aware UTC datetimes in and out, on SQLite (which keeps no zone) and PostgreSQL alike."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


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


def lock_for_writing(session: Session) -> None:
    """On SQLite, take the database's write lock now, for the rest of the session's transaction
    (BEGIN IMMEDIATE, waiting for it up to the busy timeout of ``engine_options``): what the
    transaction reads from here on stays true until it commits, as under a row lock.

    SQLite has no row lock (FOR UPDATE is left out of its statements): without this, two
    requests read the same state and both write what they decided from it; and a transaction
    that reads before it writes cannot wait for the lock (its snapshot would be stale), it fails.
    Python's sqlite3 begins a transaction only before a write, so a request's reads before this
    hold nothing; a transaction that has written already holds the lock and is left as it is.
    Nothing on PostgreSQL, whose rows are locked one by one (SELECT ... FOR UPDATE)."""
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        return
    driver = connection.connection.driver_connection
    if driver is not None and not driver.in_transaction:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


# A pooled PostgreSQL connection is pinged (a round trip) before it serves again only when the
# server said something on it while it sat in the pool (a restart, an ended backend or the
# server's idle timeout closes it with a message) or it sat there longer than this (a network
# path that dropped it without a word). One the server kept quiet on, used a moment ago, is
# trusted: a busy worker's requests pay no ping.
QUIET_TRUSTED_FOR = 30.0  # seconds


def engine_options(url: str) -> dict:
    """Connection settings that suit each database when several workers share it."""
    if url.startswith("sqlite"):
        # Workers take turns writing; wait for the lock instead of failing at once.
        return {"connect_args": {"timeout": 15}}
    # The connection used last serves next, so a quiet pool's extra connections age out.
    return {"pool_recycle": 1800, "pool_use_lifo": True}


def configure_engine(engine: sa.Engine) -> None:
    """SQLite's pragmas on each connection; for a server, the check of a pooled connection."""
    if engine.dialect.name == "sqlite":
        configure_sqlite(engine)
    else:
        check_before_use(engine)


def configure_sqlite(engine: sa.Engine) -> None:
    """Foreign keys on and write-ahead logging, so readers never wait for a writer."""

    @sa.event.listens_for(engine, "connect")
    def _pragmas(connection, _record):
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()


def check_before_use(engine: sa.Engine, trusted_for: float = QUIET_TRUSTED_FOR) -> None:
    """Ping a pooled connection as it is taken from the pool when it may be gone
    (QUIET_TRUSTED_FOR); a ping that finds it gone makes the pool open a new one, so a database
    restart costs no request an error and needs no restart of the BFF."""

    @sa.event.listens_for(engine, "connect")
    def _opened(_connection, record):
        record.info["quiet_since"] = time.monotonic()

    @sa.event.listens_for(engine, "checkin")
    def _returned(connection, record):
        if connection is not None:  # None when it was invalidated
            record.info["quiet_since"] = time.monotonic()

    @sa.event.listens_for(engine, "checkout")
    def _taken(connection, record, _proxy):
        quiet_since = record.info.get("quiet_since", 0.0)
        if time.monotonic() - quiet_since < trusted_for and not has_news(connection):
            return
        try:
            engine.dialect.do_ping(connection)
        except engine.dialect.loaded_dbapi.Error as error:
            if engine.dialect.is_disconnect(error, connection, None):
                raise sa.exc.DisconnectionError() from error  # the pool opens a new one
            raise


def has_news(connection) -> bool:
    """Whether the server sent something on an idle connection (nothing is expected): it is
    readable, without waiting."""
    readable, _, _ = select.select([connection.fileno()], [], [], 0)
    return bool(readable)


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
