"""Rate limits without Redis: counted in moving windows in a file every worker of an instance
shares (docs/accounts.md, limits)."""

from __future__ import annotations

import multiprocessing

import pytest

from bff.platform import ratelimit
from bff.platform.errors import ApiError
from bff.platform.ratelimit import RateLimits


def test_two_workers_of_one_instance_share_the_count(make_app):
    """`make run` runs two workers: a client gets the limit once, not once per worker."""
    first = make_app(RATE_LIMIT_CHECK="2 per minute")
    second = make_app(RATE_LIMIT_CHECK="2 per minute")  # the same instance folder
    path = "/users/check?username=magnus_c"
    assert first.test_client().get(path).status_code == 200
    assert second.test_client().get(path).status_code == 200
    assert first.test_client().get(path).status_code == 429
    assert second.test_client().get(path).status_code == 429


def _count_many(uri: str, calls: int, accepted) -> None:
    limits = RateLimits(uri)
    for _ in range(calls):
        try:
            limits.hit("check", "25 per minute", "10.0.0.1")
        except ApiError:
            continue
        with accepted.get_lock():
            accepted.value += 1


def test_workers_counting_at_once_never_let_more_than_the_limit_through(tmp_path):
    uri = f"file://{tmp_path / 'rate-limits.sqlite3'}"
    accepted = multiprocessing.get_context("fork").Value("i", 0)
    workers = [
        multiprocessing.get_context("fork").Process(target=_count_many, args=(uri, 20, accepted))
        for _ in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert accepted.value == 25


@pytest.mark.parametrize("uri", ["memory://", "file"])
def test_windows_move_no_second_burst_right_after_a_window_turns(tmp_path, monkeypatch, uri):
    """ "2 per minute" is at most 2 in any 60 seconds: calls at 0 s and 58 s, then at 61 s only
    one more (the call at 0 s has left the window), where a fixed window would start afresh."""
    now = [1_000_000_000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    limits = RateLimits(f"file://{tmp_path / 'counts.sqlite3'}" if uri == "file" else uri)
    limits.hit("login", "2 per minute", "10.0.0.1")
    now[0] += 58
    limits.hit("login", "2 per minute", "10.0.0.1")
    now[0] += 3
    limits.hit("login", "2 per minute", "10.0.0.1")
    with pytest.raises(ApiError) as refused:
        limits.hit("login", "2 per minute", "10.0.0.1")
    assert refused.value.status == 429
    assert 55 <= int(refused.value.headers["Retry-After"]) <= 58  # when 58 s's call leaves
    now[0] += 58
    limits.hit("login", "2 per minute", "10.0.0.1")
