"""The program progress kept before watch positions moves into them, and back on a downgrade."""

from __future__ import annotations

import sqlalchemy as sa

from bff.platform import database

USER = (
    "INSERT INTO users (id, username, username_key, email, email_key, user_tier, created_at)"
    " VALUES (7, 'ann', 'ann', 'ann@example.com', 'ann@example.com', 'free', :at)"
)
AT = "2026-11-20 10:00:00+00:00"


def rows(url: str, query: str) -> list[tuple]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(query))]
    finally:
        engine.dispose()


def write(url: str, *statements: str) -> None:
    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(sa.text(statement), {"at": AT})
    finally:
        engine.dispose()


def test_program_progress_moves_into_watch_positions_and_back(database_url):
    database.downgrade(database_url, "0005_account")
    write(
        database_url,
        USER,
        "INSERT INTO subchapter_progress (user_id, chapter_id, position, progress, updated_at)"
        " VALUES (7, 12, 3, 95, :at), (7, 12, 4, 40, :at)",
    )

    database.upgrade(database_url)
    moved = rows(
        database_url,
        "SELECT user_id, item_type, item_id, position, duration, progress, completed"
        " FROM watch_positions ORDER BY item_id",
    )
    assert moved == [
        (7, "program_subchapter", "12:3", 0, 0, 95, True),
        (7, "program_subchapter", "12:4", 0, 0, 40, False),
    ]

    database.downgrade(database_url, "0005_account")
    back = rows(
        database_url,
        "SELECT user_id, chapter_id, position, progress FROM subchapter_progress ORDER BY position",
    )
    assert back == [(7, 12, 3, 100), (7, 12, 4, 40)]  # completed comes back as finished
    database.upgrade(database_url)
