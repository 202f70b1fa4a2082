"""The billing migration builds exactly the models' tables, and comes down again cleanly."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from bff import database
from bff.models import import_all

BILLING_TABLES = {
    "payment_customers",
    "checkout_sessions",
    "subscriptions",
    "purchases",
    "payment_events",
    "sandbox_checkout_sessions",
    "subchapter_progress",
}


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def table_of(diff) -> str | None:
    if isinstance(diff, list):
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
    assert tables(database_url) >= BILLING_TABLES

    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, database.Base.metadata)
    finally:
        engine.dispose()
    assert [diff for diff in differences if table_of(diff) in BILLING_TABLES] == []

    database.downgrade(database_url, "0004_billing-1")
    assert not BILLING_TABLES & tables(database_url)
    database.upgrade(database_url)
    assert tables(database_url) >= BILLING_TABLES
