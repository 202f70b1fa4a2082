"""Faults of the processes around a running instance: a worker killed in the middle of a
request, the database going away and coming back. Nothing committed is lost and nobody has to
restart the BFF."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
import requests

from ..accounts.builders import PASSWORD
from .instances import Instance, confirmed_member, pid_holding_port

pytestmark = pytest.mark.deployment

ROOMY = "1000 per minute"


@pytest.fixture(scope="module")
def bff(deployment) -> Instance:
    [instance] = deployment(1, workers=2, CMS_TIMEOUT="30", RATE_LIMIT_LOGIN=ROOMY)
    return instance


def sign_in(bff: Instance, email: str) -> requests.Response:
    return bff.post(
        "/users/login", json={"username": email, "password": PASSWORD, "platform": "mobile-web"}
    )


def wait_for(condition, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_a_worker_killed_mid_request_loses_no_committed_data_and_is_replaced(bff, strapi):
    member = confirmed_member(bff, bff, "polgar_s")
    subscribed = bff.post("/content/subscribe", json={"email": "fan@example.com"})
    assert subscribed.status_code == 200, subscribed.text

    # A request the CMS holds up, so that it is in the middle of its work when its worker dies.
    strapi.mode, strapi.delay = "slow", 30
    strapi.arrived.clear()
    outcome = {}

    def slow_request():
        try:
            outcome["answer"] = bff.get("/cms/lessons?_limit=7", timeout=40)
        except requests.ConnectionError as error:
            outcome["error"] = error

    caller = threading.Thread(target=slow_request)
    caller.start()
    try:
        assert strapi.arrived.wait(10), "the request never reached the CMS"
        workers = bff.workers()
        victim = pid_holding_port(workers, strapi.client_ports[-1])
        assert victim in workers
        os.kill(victim, signal.SIGKILL)
        caller.join(15)
    finally:
        strapi.mode = "fast"
    assert "error" in outcome or outcome["answer"].status_code >= 500, outcome

    # The master replaces the worker; what was committed before is all there.
    wait_for(lambda: len(bff.workers()) == 2 and victim not in bff.workers())
    assert sign_in(bff, member["email"]).status_code == 200
    again = bff.post("/content/subscribe", json={"email": "fan@example.com"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_subscribed"
    assert bff.get("/cms/lessons?_limit=7").status_code == 200


def test_the_database_going_away_is_a_503_and_its_return_needs_no_restart(bff, postgres_ctl):
    member = confirmed_member(bff, bff, "nakamura_h")
    # Every worker holds a pooled connection to the database.
    assert {sign_in(bff, member["email"]).status_code for _ in range(6)} == {200}

    postgres_ctl("stop")
    down = sign_in(bff, member["email"])
    assert down.status_code == 503 and down.json()["error"]["code"] == "service_unavailable"
    assert bff.get("/healthz").status_code == 503, "the load balancer takes it out"

    postgres_ctl("start")
    assert {sign_in(bff, member["email"]).status_code for _ in range(6)} == {200}
    assert bff.get("/healthz").status_code == 200

    postgres_ctl("restart")
    assert {sign_in(bff, member["email"]).status_code for _ in range(6)} == {200}
