import socket

import pytest

from bff.health import health_report


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
    assert body["checks"]["cms"] == {"ok": False, "kind": "strapi"}
    assert "127.0.0.1" not in response.get_data(as_text=True)


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


def test_health_route_is_in_the_api_docs(client):
    spec = client.get("/api/openapi.json").get_json()
    assert set(spec["paths"]["/healthz"]["get"]["responses"]) >= {"200", "503"}
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert b"/api/openapi.json" in docs.data
    assert b"/api/docs/assets/swagger-ui-bundle.js" in docs.data
    asset = client.get("/api/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000
