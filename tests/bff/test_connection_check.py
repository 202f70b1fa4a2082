"""A pooled connection to PostgreSQL is pinged before it serves again only when it may be gone:
the server said something on it while it sat in the pool, or it sat there long. One used a
moment ago costs no round trip; one the server ended is replaced without an error."""

import time

import pytest
import sqlalchemy as sa

from bff.platform import database


@pytest.fixture
def server_url(database_url):
    if database_url.startswith("sqlite"):
        pytest.skip("a database server's pooled connections")
    return database_url


def checked_engine(url: str, trusted_for: float = database.QUIET_TRUSTED_FOR) -> sa.Engine:
    engine = sa.create_engine(url, **database.engine_options(url))
    database.check_before_use(engine, trusted_for)
    return engine


def pings(monkeypatch, engine: sa.Engine) -> list:
    """The connections the engine pings from now on."""
    seen = []
    ping = engine.dialect.do_ping

    def counted(connection):
        seen.append(connection)
        return ping(connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    return seen


def backend(engine: sa.Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()


def end_backend(url: str, pid: int) -> None:
    """End a server process as a restart or an idle timeout would, and wait until it is gone."""
    admin = sa.create_engine(url)
    try:
        with admin.connect() as connection:
            ended = sa.text("SELECT pg_terminate_backend(:pid)")
            assert connection.execute(ended, {"pid": pid}).scalar()
            deadline = time.monotonic() + 10
            alive = sa.text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid")
            while connection.execute(alive, {"pid": pid}).scalar():
                assert time.monotonic() < deadline, "the backend did not end"
                time.sleep(0.05)
    finally:
        admin.dispose()


def test_a_connection_used_a_moment_ago_is_not_pinged(server_url, monkeypatch):
    engine = checked_engine(server_url)
    try:
        first = backend(engine)
        pinged = pings(monkeypatch, engine)
        assert [backend(engine) for _ in range(5)] == [first] * 5  # the last used serves next
        assert pinged == []
    finally:
        engine.dispose()


def test_a_connection_the_server_ended_is_pinged_and_replaced_without_an_error(
    server_url, monkeypatch
):
    engine = checked_engine(server_url)
    try:
        ended = backend(engine)
        end_backend(server_url, ended)
        pinged = pings(monkeypatch, engine)
        replaced = backend(engine)
        assert replaced != ended
        assert len(pinged) == 1
        assert backend(engine) == replaced and len(pinged) == 1
    finally:
        engine.dispose()


def test_a_connection_quiet_for_longer_than_trusted_is_pinged(server_url, monkeypatch):
    engine = checked_engine(server_url, trusted_for=0.0)
    try:
        first = backend(engine)
        pinged = pings(monkeypatch, engine)
        assert backend(engine) == first
        assert len(pinged) == 1
    finally:
        engine.dispose()
