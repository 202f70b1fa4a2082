"""BFF_FAULTS_FILE: scoped, counted, delayed failures for the end-to-end tests; never in
production."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from bff.platform import faults
from bff.platform.config import ConfigError, Settings
from bff.platform.faults import SCOPE_HEADER, FaultFile

from .production import PRODUCTION, STRIPE

SCOPE = {SCOPE_HEADER: "test-a"}


def write_faults(path, *entries):
    path.write_text(json.dumps({"faults": list(entries)}))


def fault(**fields):
    return {"id": "f1", "scope": "test-a", "method": "GET", "path": "/cms/lessons", **fields}


@pytest.fixture
def faults_file(tmp_path):
    return tmp_path / "faults.json"


@pytest.fixture
def faulty(make_app, faults_file):
    return make_app(BFF_FAULTS_FILE=str(faults_file)).test_client()


def test_production_refuses_to_start_with_a_faults_file(tmp_path):
    env = {"BFF_INSTANCE_PATH": str(tmp_path), **PRODUCTION}
    with pytest.raises(ConfigError) as raised:
        Settings.from_environ({**env, "BFF_FAULTS_FILE": str(tmp_path / "f.json")})
    assert "BFF_FAULTS_FILE" in str(raised.value) and "tests only" in str(raised.value)
    assert Settings.from_environ(env).faults_file is None
    testing = Settings.from_environ({**env, "BFF_ENV": "test", "BFF_FAULTS_FILE": "f.json"})
    assert testing.faults_file == (Path.cwd() / "f.json")


def test_create_app_refuses_production_with_a_faults_file(tmp_path, monkeypatch):
    from bff import create_app

    monkeypatch.setenv("BFF_FAULTS_FILE", str(tmp_path / "faults.json"))
    with pytest.raises(ConfigError, match="BFF_FAULTS_FILE"):
        create_app({"BFF_INSTANCE_PATH": str(tmp_path), **PRODUCTION, **STRIPE})


def test_without_the_setting_the_scope_header_changes_nothing(client):
    assert client.get("/cms/lessons", headers=SCOPE).status_code == 200


def test_a_fault_answers_its_scope_only_with_the_error_envelope(faulty, faults_file):
    write_faults(faults_file, fault(status=500, code="server_error"))

    failed = faulty.get("/cms/lessons", headers=SCOPE)
    assert failed.status_code == 500
    assert failed.get_json() == {
        "error": {"code": "server_error", "message": "Something went wrong"}
    }
    # The usual headers of every answer are there too.
    assert failed.headers["X-Content-Type-Options"] == "nosniff"
    assert failed.headers["Content-Security-Policy"]

    assert faulty.get("/cms/lessons").status_code == 200  # no scope
    assert faulty.get("/cms/lessons", headers={SCOPE_HEADER: "test-b"}).status_code == 200
    assert faulty.get("/cms/lessons/count", headers=SCOPE).status_code == 200  # another path
    assert faulty.post("/cms/lessons", headers=SCOPE).status_code == 405  # another method
    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 500  # no times: every call


def test_a_fault_looks_like_the_real_failure(faulty, faults_file):
    write_faults(faults_file, fault(status=401, code="user_invalid_token"))
    real = faulty.get("/cms/lessons", headers={"Authorization": "Bearer forged"})
    made = faulty.get("/cms/lessons", headers=SCOPE)

    assert (made.status_code, made.get_json()) == (real.status_code, real.get_json())
    assert made.headers.get("Cache-Control") == real.headers.get("Cache-Control")
    assert made.mimetype == real.mimetype == "application/json"


def test_code_and_message_default_from_the_status_and_can_be_given(faulty, faults_file):
    write_faults(
        faults_file,
        fault(status=503),
        fault(
            id="f2", path="/content/footer", status=409, code="already_subscribed", message="Nope"
        ),
    )
    assert faulty.get("/cms/lessons", headers=SCOPE).get_json()["error"]["code"] == (
        "service_unavailable"
    )
    answer = faulty.get("/content/footer", headers=SCOPE)
    assert answer.status_code == 409
    assert answer.get_json() == {"error": {"code": "already_subscribed", "message": "Nope"}}


def test_times_counts_down_and_the_fault_goes_away(faulty, faults_file):
    write_faults(
        faults_file,
        fault(status=401, code="user_invalid_token", times=2),
        fault(id="f2", method="*", path="/content/subscribe", status=500),
    )
    assert [faulty.get("/cms/lessons", headers=SCOPE).status_code for _ in range(3)] == [
        401,
        401,
        200,
    ]
    left = json.loads(faults_file.read_text())["faults"]
    assert [entry["id"] for entry in left] == ["f2"]
    assert not faults_file.with_name("faults.json.lock").exists()


def test_a_delay_holds_the_call_then_answers_as_usual_or_fails(faulty, faults_file, monkeypatch):
    slept = []
    monkeypatch.setattr(faults.time, "sleep", slept.append)
    write_faults(
        faults_file,
        fault(delay=6, times=1),
        fault(id="f2", path="/content/footer", delay=0.5, status=504, times=1),
    )

    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 200
    assert faulty.get("/content/footer", headers=SCOPE).status_code == 504
    assert slept == [6, 0.5]
    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 200
    assert slept == [6, 0.5]


@pytest.mark.parametrize(
    "entry",
    [
        {"scope": "test-a", "method": "GET", "path": "/cms/lessons", "status": 500},  # no id
        fault(status=200),
        fault(status=500, times=0),
        fault(status=500, delay=-1),
        fault(status=500, delay=31),
        fault(),  # neither status nor delay
        fault(path="cms/lessons", status=500),
        fault(status=True),
        "not an object",
    ],
)
def test_a_malformed_fault_is_ignored(faulty, faults_file, entry):
    write_faults(faults_file, entry)
    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 200


@pytest.mark.parametrize("content", ["", "{not json", "[]", '{"faults": 3}'])
def test_a_malformed_or_missing_file_changes_nothing(faulty, faults_file, content):
    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 200
    faults_file.write_text(content)
    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 200


def test_a_stale_lock_is_broken(faulty, faults_file):
    write_faults(faults_file, fault(status=500, times=1))
    lock = faults_file.with_name("faults.json.lock")
    lock.touch()
    old = time.time() - faults.LOCK_STALE - 1
    os.utime(lock, (old, old))

    assert faulty.get("/cms/lessons", headers=SCOPE).status_code == 500
    assert not lock.exists()


def _take_all(path: str, attempts: int, start, results) -> None:
    faults_file = FaultFile(path)
    start.wait(timeout=30)
    taken = sum(
        faults_file.take("test-a", "GET", "/cms/lessons") is not None for _ in range(attempts)
    )
    results.put(taken)


def test_times_is_counted_exactly_across_processes(faults_file):
    """Workers are processes: each fault's times are shared out exactly, never lost or doubled."""
    write_faults(
        faults_file,
        fault(status=500, times=150),
        fault(id="other", scope="test-b", status=500, times=5),
    )
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(3), context.Queue()
    workers = [
        context.Process(target=_take_all, args=(str(faults_file), 80, start, results))
        for _ in range(3)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert sum(results.get(timeout=5) for _ in workers) == 150
    left = json.loads(faults_file.read_text())["faults"]
    assert left == [fault(id="other", scope="test-b", status=500, times=5)]


def test_a_clock_shift_moves_the_time_of_its_scope_only(make_app, faults_file):
    from bff.access.clock import clock

    app = make_app(BFF_FAULTS_FILE=str(faults_file))
    write_faults(
        faults_file,
        fault(status=500),  # a fault beside it still answers
        {"id": "c1", "scope": "test-a", "clock_shift": 600},
    )

    def now_for(headers) -> float:
        with app.test_request_context("/healthz", headers=headers):
            app.preprocess_request()
            return clock().timestamp()

    real = time.time()
    assert now_for(SCOPE) - real == pytest.approx(600, abs=5)
    assert now_for({SCOPE_HEADER: "test-b"}) - real == pytest.approx(0, abs=5)
    assert now_for({}) - real == pytest.approx(0, abs=5)
    assert app.test_client().get("/cms/lessons", headers=SCOPE).status_code == 500


def test_without_the_setting_the_clock_is_the_real_time(make_app):
    from bff.access.clock import clock

    app = make_app()
    with app.test_request_context("/healthz", headers=SCOPE):
        app.preprocess_request()
        assert clock().timestamp() == pytest.approx(time.time(), abs=5)
