"""One way to retry a write that loses a race: bff.platform.database.commit_retrying_conflicts."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.platform.database import commit_retrying_conflicts
from bff.platform.errors import ApiError

metadata = sa.MetaData()
names = sa.Table(
    "names",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String, unique=True, nullable=False),
    sa.Column("count", sa.Integer, nullable=False),
)


@pytest.fixture
def session(tmp_path):
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'names.sqlite3'}")
    metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


def _rows(session: Session) -> list[tuple[str, int]]:
    return [tuple(row) for row in session.execute(sa.select(names.c.name, names.c.count))]


def test_a_write_that_loses_a_race_runs_again_and_sees_the_winner(session):
    calls = []

    def count_once_more() -> int:
        calls.append(1)
        if len(calls) == 1:
            # What another request committed a moment ago, unseen by our check: both insert.
            with session.bind.begin() as other:
                other.execute(names.insert().values(name="a", count=1))
            session.execute(names.insert().values(name="a", count=1))
            return 1
        found = session.execute(sa.select(names.c.count).where(names.c.name == "a")).scalar_one()
        session.execute(names.update().where(names.c.name == "a").values(count=found + 1))
        return found + 1

    assert commit_retrying_conflicts(session, count_once_more) == 2
    assert len(calls) == 2
    assert _rows(session) == [("a", 2)]


def test_a_write_that_keeps_losing_raises_after_its_attempts(session):
    session.execute(names.insert().values(name="a", count=1))
    session.commit()
    calls = []

    def insert_again() -> None:
        calls.append(1)
        session.execute(names.insert().values(name="a", count=2))

    with pytest.raises(IntegrityError):
        commit_retrying_conflicts(session, insert_again, attempts=3)
    assert len(calls) == 3
    assert _rows(session) == [("a", 1)]  # rolled back each time, the session usable still


def test_any_other_failure_is_not_retried(session):
    calls = []

    def refuse() -> None:
        calls.append(1)
        raise ApiError(409, "already_subscribed")

    with pytest.raises(ApiError):
        commit_retrying_conflicts(session, refuse)
    assert len(calls) == 1
