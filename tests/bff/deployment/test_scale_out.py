"""Two instances behind one load balancer, as production runs them: gunicorn with two workers
each, one PostgreSQL, one Redis, one CMS. Whatever one instance does, the other sees."""

from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ..accounts.builders import PASSWORD
from .conftest import WEBHOOK_SECRET
from .instances import Instance, confirmed_member

pytestmark = pytest.mark.deployment

LESSONS = "/cms/lessons?_limit=24"
LESSON_EDITED = {
    "event": "entry.publish",
    "model": "lesson",
    "uid": "api::lesson.lesson",
    "entry": {"id": 1},
}


@pytest.fixture(scope="module")
def pair(deployment) -> list[Instance]:
    return deployment(2, workers=2, RATE_LIMIT_CHECK="6 per minute")


def titles_by_worker(instances: list[Instance]) -> dict[tuple[str, int], set[str]]:
    """Ask each instance for the lesson list until every worker of each has answered.

    Requests go eight at a time: one after the other, the worker that has just answered is
    often the first to take the next connection too."""
    every_worker = {(i.name, pid) for i in instances for pid in i.workers()}
    seen: dict[tuple[str, int], set[str]] = defaultdict(set)

    def ask(instance: Instance):
        answer = instance.get(LESSONS)
        assert answer.status_code == 200, answer.text
        return instance, answer

    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(50):
            for instance, answer in pool.map(ask, [i for i in instances for _ in range(4)]):
                seen[(instance.name, instance.worker_of(answer))].add(answer.json()[0]["title"])
            if every_worker <= seen.keys():
                return seen
    raise AssertionError(f"workers never reached: {every_worker - seen.keys()}")


def test_a_purge_sent_to_one_instance_reaches_every_worker_of_both_within_a_second(pair, strapi):
    first, second = pair
    assert set.union(*titles_by_worker(pair).values()) == {"Endgames"}

    strapi.title = "Endgames, revised"  # an editor changes the lesson in the CMS
    cached = titles_by_worker(pair)
    assert set.union(*cached.values()) == {"Endgames"}, "without a purge the cache holds"

    purge = first.post(
        "/cms/webhooks/strapi",
        json=LESSON_EDITED,
        headers={"Authorization": f"Bearer {WEBHOOK_SECRET}"},
    )
    assert purge.status_code == 202
    time.sleep(1.0)
    after = titles_by_worker(pair)
    assert len(after) == 4
    assert {worker: titles for worker, titles in after.items()} == {
        worker: {"Endgames, revised"} for worker in after
    }


def test_rate_limits_count_across_instances(pair):
    first, second = pair
    statuses = [
        (first if n % 2 else second).get("/users/check?username=carlsen_fan").status_code
        for n in range(8)
    ]
    assert statuses == [200] * 6 + [429] * 2


def test_a_member_registered_on_one_instance_signs_in_on_the_other(pair):
    first, second = pair
    member = confirmed_member(first, second, "anand_v")
    login = second.post(
        "/users/login",
        json={"username": member["email"], "password": PASSWORD, "platform": "mobile-web"},
    )
    assert login.status_code == 200, login.text
    access = login.json()["data"]["access"]
    profile = first.get("/users/profile", headers={"Authorization": f"Bearer {access}"})
    assert profile.status_code == 200 and profile.json()["data"]["username"] == "anand_v"


def test_a_refresh_token_rotated_on_one_instance_is_reused_on_the_other(pair):
    first, second = pair
    member = confirmed_member(second, first, "judit_p")
    login = first.post(
        "/users/login",
        json={"username": member["email"], "password": PASSWORD, "platform": "ios"},
    )
    original = login.json()["data"]["refresh"]
    rotated = first.get("/users/token_refresh", headers={"X-Refresh-Token": original})
    assert rotated.status_code == 200, rotated.text
    # Its successor used: the original again is a copy even within the grace period of a lost
    # answer (REFRESH_REUSE_GRACE_SECONDS).
    used = rotated.json()["data"]["refresh"]
    again = first.get("/users/token_refresh", headers={"X-Refresh-Token": used})
    assert again.status_code == 200, again.text
    newest = again.json()["data"]["refresh"]

    reused = second.get("/users/token_refresh", headers={"X-Refresh-Token": original})
    assert reused.status_code == 401
    assert reused.json()["error"]["code"] == "user_refresh_token_expired"
    # Reuse ends the whole session, on every instance.
    assert first.get("/users/token_refresh", headers={"X-Refresh-Token": newest}).status_code == 401


def test_each_instance_has_its_own_control_socket(pair):
    sockets = [Path(tempfile.gettempdir()) / f"gunicorn-{bff.process.pid}.ctl" for bff in pair]
    assert all(path.is_socket() for path in sockets), sockets
    assert sockets[0] != sockets[1]
