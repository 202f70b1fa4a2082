"""Schema migrations run forwards and backwards on SQLite and PostgreSQL."""

import sqlalchemy as sa

from bff import database
from bff.extensions import db


def test_database_is_at_the_newest_migration(app, database_url):
    heads = database.alembic_config(database_url)
    from alembic.script import ScriptDirectory

    assert (
        database.current_revision(database_url)
        == ScriptDirectory.from_config(heads).get_current_head()
    )


def test_migrations_go_down_to_empty_and_back(app, database_url):
    database.downgrade(database_url, "base")
    assert database.current_revision(database_url) is None
    database.upgrade(database_url)
    assert database.current_revision(database_url) is not None


def test_cli_upgrade_migrates_a_new_database(make_app, tmp_path):
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    app = make_app(DATABASE_URL=url)
    database.downgrade(url, "base")
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert "Database at" in result.output
    current = app.test_cli_runner().invoke(args=["db", "current"])
    assert current.output.strip() == database.current_revision(url)


def test_sqlite_enforces_foreign_keys(make_app, tmp_path):
    app = make_app(DATABASE_URL=f"sqlite:///{tmp_path / 'fk.sqlite3'}")
    with app.app_context():
        assert db.session.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
        assert db.session.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
