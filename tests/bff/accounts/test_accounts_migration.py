"""The accounts migration builds exactly the models' tables, and comes down again cleanly."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from bff import database
from bff.models import import_all

ACCOUNTS_TABLES = {
    "users",
    "social_identities",
    "refresh_tokens",
    "email_confirmations",
    "password_resets",
    "newsletter_subscriptions",
}


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def table_of(diff) -> str | None:
    """The table an autogenerate difference is about (other domains' tables are theirs)."""
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


def test_upgrade_matches_the_models_and_downgrade_removes_the_tables(database_url):
    import_all()
    database.upgrade(database_url)
    assert tables(database_url) >= ACCOUNTS_TABLES

    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, database.Base.metadata)
    finally:
        engine.dispose()
    assert [diff for diff in differences if table_of(diff) in ACCOUNTS_TABLES] == []

    database.downgrade(database_url, "0003_accounts-1")
    assert not ACCOUNTS_TABLES & tables(database_url)
    database.upgrade(database_url)
    assert tables(database_url) >= ACCOUNTS_TABLES


def test_names_and_addresses_are_unique_whatever_their_case_in_the_database(app, clock):
    from bff.accounts.models import User
    from bff.extensions import db

    def user(name: str, address: str) -> User:
        return User(
            username=name,
            username_key=name.lower(),
            email=address,
            email_key=address.lower(),
            created_at=clock(),
        )

    with app.app_context():
        db.session.add(user("Magnus", "m@example.com"))
        db.session.commit()
        for duplicate in (user("MAGNUS", "x@example.com"), user("other", "M@EXAMPLE.com")):
            db.session.add(duplicate)
            try:
                db.session.commit()
            except sa.exc.IntegrityError:
                db.session.rollback()
            else:
                raise AssertionError("a duplicate was stored")
