"""Operators follow a request: its id in the answer and every log line, JSON lines on demand,
no secret in the access log (docs/deploying.md, logs)."""

from __future__ import annotations

import importlib.util
import json
import logging
import uuid
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from bff.platform import logs

ROOT = Path(__file__).resolve().parents[2]


def probe_app(make_app, **settings):
    app = make_app(**settings)

    def probe():
        logging.getLogger("bff.probe").warning("probing")
        return {"data": "ok"}

    app.add_url_rule("/probe-log", "probe_log", probe)
    return app


def test_every_answer_has_a_request_id_written_in_every_log_line(make_app, caplog):
    app = probe_app(make_app)
    with caplog.at_level(logging.WARNING, logger="bff.probe"):
        first = app.test_client().get("/probe-log")
        second = app.test_client().get("/probe-log")
    ids = [first.headers["X-Request-ID"], second.headers["X-Request-ID"]]
    assert len(set(ids)) == 2 and all(len(i) == 32 for i in ids)
    assert [r.request_id for r in caplog.records if r.name == "bff.probe"] == ids
    # Errors too.
    assert app.test_client().get("/users/nope").headers["X-Request-ID"]


def test_a_trusted_proxys_request_id_is_kept_and_anyone_elses_replaced(make_app):
    given = str(uuid.uuid4())
    behind = probe_app(make_app, PROXY_HOPS="1").test_client()
    assert behind.get("/probe-log", headers={"X-Request-ID": given}).headers["X-Request-ID"] == (
        given
    )
    forged = behind.get("/probe-log", headers={"X-Request-ID": "x y<z>"}).headers["X-Request-ID"]
    assert forged != "x y<z>" and len(forged) == 32
    direct = probe_app(make_app).test_client()  # no proxy: a client does not choose its id
    assert direct.get("/probe-log", headers={"X-Request-ID": given}).headers["X-Request-ID"] != (
        given
    )


def test_log_lines_are_json_with_log_format_json(make_app, caplog):
    app = probe_app(make_app, LOG_FORMAT="json")
    [ours] = [h for h in logging.getLogger().handlers if getattr(h, "bff_lines", False)]
    with caplog.at_level(logging.WARNING, logger="bff.probe"):
        answer = app.test_client().get("/probe-log")
    [record] = [r for r in caplog.records if r.name == "bff.probe"]
    line = json.loads(ours.format(record))
    assert line["message"] == "probing" and line["level"] == "WARNING"
    assert line["request_id"] == answer.headers["X-Request-ID"]
    make_app()  # text again for the tests after this one
    assert not ours.format(record).startswith("{")


def test_log_format_must_be_text_or_json(tmp_path):
    from bff.platform.config import ConfigError, Settings

    with pytest.raises(ConfigError):
        Settings.from_environ({"BFF_INSTANCE_PATH": str(tmp_path), "LOG_FORMAT": "xml"})


# gunicorn's access lines ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def site_logger_class():
    spec = importlib.util.spec_from_file_location("site_gunicorn_conf", ROOT / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SiteLogger


SECRET_TARGET = (
    "/lessons/5?embedded=1&token=eyJhbGciOiJIUzI1NiJ9.payload.sig&consent=all"
    "&signature=abc123def&code=apple-code"
)


def logged(site_logger_class, tmp_path, monkeypatch, log_format=""):
    monkeypatch.setenv("LOG_FORMAT", log_format)
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("access_log_format", '"%(r)s" %(q)s "%(f)s" %({x-request-id}o)s')
    logger = site_logger_class(cfg)
    path, _, query = SECRET_TARGET.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": SECRET_TARGET,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "REMOTE_ADDR": "10.0.0.1",
        "HTTP_REFERER": "https://chess.example/users/confirm_email?token=mailed-secret",
    }
    request = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])
    response = SimpleNamespace(status="200 OK", sent=10, headers=[("X-Request-ID", "abc123")])
    logger.access(response, request, environ, timedelta(milliseconds=5))
    for handler in logger.access_log.handlers:
        handler.flush()
    return (tmp_path / "access.log").read_text()


def test_the_access_log_names_no_secret(site_logger_class, tmp_path, monkeypatch):
    line = logged(site_logger_class, tmp_path, monkeypatch)
    for secret in ("eyJhbGciOiJIUzI1NiJ9", "abc123def", "apple-code", "mailed-secret"):
        assert secret not in line
    assert "embedded=1" in line and "consent=all" in line and "token=REDACTED" in line
    assert line.rstrip().endswith("abc123")  # the request's id


def test_access_lines_are_json_with_log_format_json(site_logger_class, tmp_path, monkeypatch):
    line = json.loads(logged(site_logger_class, tmp_path, monkeypatch, "json"))
    assert line["request_id"] == "abc123" and line["status"] == "200"
    assert "token=REDACTED" in line["query"] and "mailed-secret" not in line["referer"]


def test_gunicorns_own_lines_are_json_with_log_format_json(
    site_logger_class, tmp_path, monkeypatch
):
    monkeypatch.setenv("LOG_FORMAT", "json")
    cfg = Config()
    cfg.set("errorlog", str(tmp_path / "error.log"))
    logger = site_logger_class(cfg)
    logger.error("Worker (pid:%s) was sent SIGKILL", 42)
    for handler in logger.error_log.handlers:
        handler.flush()
    line = json.loads((tmp_path / "error.log").read_text())
    assert (line["level"], line["logger"]) == ("ERROR", "gunicorn.error")
    assert line["message"] == "Worker (pid:42) was sent SIGKILL"


def test_redact_leaves_other_addresses_alone():
    assert logs.redact("/cms/lessons?_limit=3") == "/cms/lessons?_limit=3"
    assert logs.redact("/users/reset?Token=x") == "/users/reset?Token=REDACTED"
