"""Schema migrations run forwards and backwards on SQLite and PostgreSQL."""

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import bff.models  # noqa: F401 - every domain's tables on the metadata
from bff.platform import database
from bff.platform.extensions import db

# Each domain's migration and the tables it owns.
DOMAIN_MIGRATIONS = {
    "0002_cms": {"cms_tag_versions", "article_views"},
    "0003_accounts": {
        "users",
        "social_identities",
        "refresh_tokens",
        "email_confirmations",
        "password_resets",
        "newsletter_subscriptions",
    },
    "0004_billing": {
        "payment_customers",
        "checkout_sessions",
        "subscriptions",
        "purchases",
        "payment_events",
        "sandbox_checkout_sessions",
    },
    "0005_account": {"email_changes"},
    "0006_watch_positions": {"watch_positions"},
    "0007_search": {"search_documents", "search_terms"},
    "0008_exercise_attempts": {"exercise_attempts"},
    "0009_puzzles": {
        "puzzles",
        "puzzle_themes",
        "puzzle_players",
        "puzzle_rounds",
        "daily_puzzles",
        "puzzle_imports",
        "review_cards",
    },
    "0010_hardening": {"article_readers", "preview_sessions"},
    "0012_sandbox_billing_sessions": {"sandbox_billing_sessions"},
    "0015_store_subscriptions": {"store_subscriptions"},
    "0016_reminders": {"devices", "reminder_settings", "sent_reminders"},
    "0018_idempotency": {"idempotency_keys"},
    "0019_puzzle_runs": {"puzzle_runs", "puzzle_run_puzzles"},
    "0021_board_preferences": {"board_preferences"},
}


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def table_of(diff) -> str | None:
    """The table an autogenerate difference is about."""
    if isinstance(diff, list):  # column modifications come as lists of tuples
        diff = diff[0]
    kind, subject = diff[0], diff[1]
    if kind.startswith("modify_") or kind.endswith("_column"):
        return diff[2]
    if kind.endswith("_table"):
        return subject.name
    if kind.endswith(("_index", "_constraint", "_fk")):
        return subject.table.name
    return str(subject)


@pytest.mark.parametrize("revision", DOMAIN_MIGRATIONS)
def test_each_migration_builds_its_models_tables_and_comes_down_cleanly(database_url, revision):
    owned = DOMAIN_MIGRATIONS[revision]
    database.upgrade(database_url)
    assert tables(database_url) >= owned

    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, database.Base.metadata)
    finally:
        engine.dispose()
    assert [diff for diff in differences if table_of(diff) in owned] == []

    database.downgrade(database_url, f"{revision}-1")
    assert not owned & tables(database_url)
    database.upgrade(database_url)
    assert tables(database_url) >= owned


def test_every_table_belongs_to_a_domain_migration():
    owned = set().union(*DOMAIN_MIGRATIONS.values())
    assert set(database.Base.metadata.tables) == owned


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
