"""Fixtures: an application on a real database (SQLite, or PostgreSQL via TEST_DATABASE_URL)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import sqlalchemy as sa

from bff import create_app
from bff.platform import database
from bff.platform.config import normalise_database_url

from .builders import make_member
from .documented import DocumentedAnswers

# `make test` sets this so that a missing PostgreSQL or Redis fails the run instead of skipping.
REQUIRE_SERVICES = os.environ.get("BFF_REQUIRE_SERVICES") == "1"


def service_url(name: str) -> str:
    url = os.environ.get(name)
    if not url:
        if REQUIRE_SERVICES:
            pytest.fail(f"{name} is not set but BFF_REQUIRE_SERVICES=1")
        pytest.skip(f"{name} is not set")
    return url


def _admin(url: str) -> sa.Engine:
    """PostgreSQL, connected to the database TEST_DATABASE_URL names, to create others."""
    return sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)


def _fresh_postgres(url: str, name: str, template: str | None = None) -> str:
    engine = _admin(url)
    with engine.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        clone = f' TEMPLATE "{template}"' if template else ""
        connection.execute(sa.text(f'CREATE DATABASE "{name}"{clone}'))
    engine.dispose()
    return sa.make_url(url).set(database=name).render_as_string(hide_password=False)


# Suites whose tests start an application but whose answers read and write no table of the BFF's:
# the pages' HTML (content from the CMS) and a real Strapi's own behaviour.
NO_TABLE_SUITES = ("pages/", "cms/test_strapi_", "cms/test_contract.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `one_database` the tests that cannot tell SQLite from PostgreSQL: those that open no
    database (the content tools, the seed, pure functions) and the suites above. The PostgreSQL
    pass of scripts/test leaves them out; every other test runs on both databases."""
    root = Path(__file__).parent
    for item in items:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        if "database_url" not in item.fixturenames or where.startswith(NO_TABLE_SUITES):
            item.add_marker(pytest.mark.one_database)


@pytest.fixture(scope="session")
def stockfish() -> str:
    """Debian's Stockfish, which scripts/install-system-deps installs: a run of `make test`
    without it fails; elsewhere its tests are skipped."""
    for path in (shutil.which("stockfish"), "/usr/games/stockfish"):
        if path and os.access(path, os.X_OK):
            return path
    if REQUIRE_SERVICES:
        pytest.fail("Stockfish is not installed but BFF_REQUIRE_SERVICES=1")
    pytest.skip("Stockfish is not installed")


@pytest.fixture(scope="session")
def migrated_database():
    """One database migrated to the newest schema per run; each test gets a copy of it."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        url = normalise_database_url(url)
        template = _fresh_postgres(url, "bff_template")
        database.upgrade(template)
        yield ("postgresql", url)
        return
    # In memory-backed storage where there is some: the same SQLite, without waiting on fsync.
    shm = "/dev/shm"  # noqa: S108 - a private mkdtemp folder inside it
    folder = Path(tempfile.mkdtemp(dir=shm if os.path.isdir(shm) else None))
    template = folder / "template.sqlite3"
    database.upgrade(f"sqlite:///{template}")
    yield ("sqlite", template)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def database_url(migrated_database):
    """A database of this test's own, already at the newest schema."""
    kind, source = migrated_database
    if kind == "postgresql":
        yield _fresh_postgres(source, "bff_case", template="bff_template")
        return
    folder = Path(tempfile.mkdtemp(dir=source.parent))
    shutil.copyfile(source, folder / "test.sqlite3")
    yield f"sqlite:///{folder / 'test.sqlite3'}"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_ctl():
    """postgres_ctl("stop" | "start" | "restart") on the run's own PostgreSQL
    (scripts/with-test-services); it is running again after the test."""
    ctl = service_url("TEST_POSTGRES_CTL")

    def run(action: str) -> None:
        subprocess.run([ctl, action], check=True, timeout=90)  # noqa: S603 - the run's own script

    yield run
    subprocess.run([ctl, "start"], check=False, timeout=90, capture_output=True)  # noqa: S603


@pytest.fixture
def client_dist(tmp_path):
    """A built client as webpack leaves it: index.html, hashed assets, root files."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>Chess</title></head>'
        '<body><div id="root"></div><script src="/assets/main.1a2b3c4d.js"></script></body></html>'
    )
    (dist / "assets" / "main.1a2b3c4d.js").write_text("console.log('app');")
    (dist / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    (dist / "favicon.ico").write_bytes(b"\x00\x00\x01\x00\x01\x00")
    (dist / "sw.js").write_text("self.addEventListener('fetch', () => {});")
    return dist


@pytest.fixture
def settings_env(tmp_path, database_url, client_dist) -> dict[str, str]:
    return {
        "BFF_ENV": "test",
        "BFF_INSTANCE_PATH": str(tmp_path / "instance"),
        "DATABASE_URL": database_url,
        "CLIENT_DIST": str(client_dist),
        "SECRET_KEY": "test-secret-key",
        "JWT_SECRET_KEY": "test-jwt-secret-key-of-at-least-32-bytes",
        "LOG_LEVEL": "WARNING",
        # The site's address follows them (docs/settings.md): pinned, whatever the shell has.
        "HOST": "127.0.0.1",
        "PORT": "8000",
    }


@pytest.fixture
def make_app(settings_env):
    """Build an application with extra settings; its database is migrated to the newest schema."""
    apps = []
    checks: list[DocumentedAnswers] = []

    def build(**overrides: str):
        app = create_app({**settings_env, **overrides})
        database.upgrade(app.config["SQLALCHEMY_DATABASE_URI"])
        apps.append(app)
        checks.append(DocumentedAnswers(app))
        return app

    yield build
    for app in apps:
        with app.app_context():
            from bff.platform.extensions import db

            db.engine.dispose()
    strays = [problem for check in checks for problem in check.problems]
    assert not strays, "Answers that are not what /api/openapi.json documents:\n" + "\n".join(
        strays
    )


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def member(app):
    """member("free") -> (user id, Authorization headers) of a new member of the app."""
    return lambda tier="free": make_member(app, tier)
