import socket

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from bff import health
from bff.health import health_report
from bff.platform import database


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def failing():
    raise ConnectionError("down")


def test_report_is_ok_when_every_probe_passes():
    report = health_report(
        {"database": ("sqlite", lambda: None), "cms": ("embedded", lambda: None)}
    )
    assert report == {
        "status": "ok",
        "checks": {
            "database": {"ok": True, "kind": "sqlite"},
            "cms": {"ok": True, "kind": "embedded"},
        },
    }


def test_a_failing_cms_only_degrades_the_service():
    report = health_report({"database": ("sqlite", lambda: None), "cms": ("strapi", failing)})
    assert report["status"] == "degraded"
    assert report["checks"]["cms"] == {"ok": False, "kind": "strapi"}


@pytest.mark.parametrize("critical", ["database", "cache"])
def test_a_failing_database_or_cache_makes_it_unavailable(critical):
    report = health_report({critical: ("x", failing), "cms": ("embedded", lambda: None)})
    assert report["status"] == "unavailable"


def test_healthz_reports_each_dependency(client, database_url):
    response = client.get("/healthz")
    body = response.get_json()["data"]
    assert response.headers["Cache-Control"] == "no-store"
    dialect = "postgresql" if database_url.startswith("postgresql") else "sqlite"
    assert body["checks"]["database"] == {"ok": True, "kind": dialect}
    assert body["checks"]["cache"] == {"ok": True, "kind": "in-process"}
    assert body["checks"]["cms"]["kind"] == "embedded"
    assert response.status_code == 200


def test_healthz_is_degraded_when_the_cms_is_unreachable(make_app):
    app = make_app(CMS_URL=f"http://127.0.0.1:{closed_port()}", CMS_TIMEOUT="1")
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    body = response.get_json()["data"]
    assert body["status"] == "degraded"
    assert body["checks"]["cms"] == {
        "ok": False,
        "kind": "strapi",
        "reason": "It did not answer, or failed (/_health: ConnectionError).",
    }
    assert "127.0.0.1" not in response.get_data(as_text=True)


def test_healthz_says_when_the_cms_is_not_asked_as_it_keeps_failing(make_app):
    app = make_app(CMS_URL=f"http://127.0.0.1:{closed_port()}", BREAKER_FAILURES="1")
    client = app.test_client()
    client.get("/healthz")  # the first failure opens the breaker
    check = client.get("/healthz").get_json()["data"]["checks"]["cms"]
    assert check["ok"] is False
    assert check["reason"].startswith("Not asked: it failed several times in a row")


def test_healthz_is_503_when_the_cache_is_unreachable(make_app):
    app = make_app(REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0")
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    body = response.get_json()["data"]
    assert body["status"] == "unavailable"
    assert body["checks"]["cache"] == {"ok": False, "kind": "redis"}


def test_healthz_is_503_when_the_database_is_unreachable(settings_env):
    from bff import create_app

    broken = create_app(
        {**settings_env, "DATABASE_URL": f"postgresql://nobody@127.0.0.1:{closed_port()}/none"}
    )
    response = broken.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["data"]["checks"]["database"]["ok"] is False


def set_schema_version(database_url: str, revision: str | None) -> None:
    """Make the database claim another schema version, as if migrated to it (or never)."""
    engine = sa.create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(sa.text("DELETE FROM alembic_version"))
        if revision:
            connection.execute(
                sa.text("INSERT INTO alembic_version (version_num) VALUES (:revision)"),
                {"revision": revision},
            )
    engine.dispose()


def head_and_previous() -> tuple[str, str]:
    script = ScriptDirectory(str(database.MIGRATIONS))
    [head] = script.get_heads()
    return head, script.get_revision(head).down_revision


def test_healthz_reads_the_schema_version_and_finds_it_at_this_release(client):
    database_check = client.get("/healthz").get_json()["data"]["checks"]["database"]
    assert database_check["ok"] is True and "reason" not in database_check


def test_healthz_is_503_with_a_reason_when_the_schema_is_behind(client, database_url):
    head, previous = head_and_previous()
    set_schema_version(database_url, previous)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.get_json()["data"]
    assert body["status"] == "unavailable"
    check = body["checks"]["database"]
    assert check["ok"] is False
    assert "behind" in check["reason"] and previous in check["reason"] and head in check["reason"]

    set_schema_version(database_url, head)  # migrated: healthy again, without a restart
    assert client.get("/healthz").status_code == 200


def test_a_database_never_migrated_is_unavailable(settings_env, tmp_path):
    from bff import create_app

    empty = create_app({**settings_env, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.db'}"})
    response = empty.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["data"]["checks"]["database"]["ok"] is False


def test_a_schema_with_no_version_row_is_behind(client, database_url):
    set_schema_version(database_url, None)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "no revision" in response.get_json()["data"]["checks"]["database"]["reason"]


def test_a_schema_newer_than_this_release_is_noted_but_serves(client, database_url):
    """During a deploy the new release migrates first; the old one keeps serving until it is
    replaced."""
    set_schema_version(database_url, "9999_from_the_next_release")
    response = client.get("/healthz")
    assert response.status_code == 200
    check = response.get_json()["data"]["checks"]["database"]
    assert check["ok"] is True and "newer" in check["reason"]


def test_the_migrations_are_read_once_per_process(client, monkeypatch):
    reads = []

    class CountedScripts(ScriptDirectory):
        def __init__(self, *args, **kwargs):
            reads.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(health, "ScriptDirectory", CountedScripts)
    health.migrations.cache_clear()
    try:
        for _ in range(3):
            assert client.get("/healthz").status_code == 200
    finally:
        health.migrations.cache_clear()
    assert len(reads) == 1


def test_health_route_is_in_the_api_docs(client):
    spec = client.get("/api/openapi.json").get_json()
    assert set(spec["paths"]["/healthz"]["get"]["responses"]) >= {"200", "503"}
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert b"/api/openapi.json" in docs.data
    assert b"/api/docs/assets/swagger-ui-bundle.js" in docs.data
    asset = client.get("/api/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000
