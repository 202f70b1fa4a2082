"""The circuit breaker: opens after failures in a row, lets one probe through, shared by workers."""

from __future__ import annotations

import contextlib
import multiprocessing
import threading

import pytest

from bff.platform.breaker import CircuitBreaker, CircuitOpen, FileState, MemoryState


class Down(Exception):
    pass


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def fail():
    raise Down()


def breaker(store=None, clock=None, **options):
    options = {"threshold": 3, "cool_off": 10.0, "lease": 2.0, "jitter": 0.0, **options}
    return CircuitBreaker("cms", store or MemoryState(), (Down,), clock=clock or Clock(), **options)


def trip(guard, times):
    for _ in range(times):
        with pytest.raises(Down):
            guard.call(fail)


def test_it_opens_after_the_threshold_of_failures_in_a_row_and_then_asks_nobody():
    clock = Clock()
    guard = breaker(clock=clock)
    trip(guard, 2)
    assert not guard.is_open()
    trip(guard, 1)
    assert guard.is_open()

    asked = []
    clock.now += 4
    with pytest.raises(CircuitOpen) as refused:
        guard.call(lambda: asked.append(1))
    assert asked == []
    assert refused.value.retry_after == 6  # the rest of the cool-off, in whole seconds


def test_a_success_between_failures_starts_the_count_again():
    guard = breaker()
    trip(guard, 2)
    assert guard.call(lambda: "answer") == "answer"
    trip(guard, 2)
    assert not guard.is_open()


def test_an_answer_that_is_not_a_failure_counts_for_the_upstream():
    guard = breaker()
    trip(guard, 2)
    with pytest.raises(KeyError):  # a refusal, say: the upstream answered
        guard.call(lambda: {}["missing"])
    trip(guard, 2)
    assert not guard.is_open()


def test_after_the_cool_off_one_probe_at_a_time_and_its_success_closes():
    clock = Clock()
    guard = breaker(clock=clock)
    trip(guard, 3)
    clock.now += 10

    def probe():
        # While the probe is out, every other caller is refused at once.
        with pytest.raises(CircuitOpen):
            guard.call(lambda: "other")
        return "probe"

    assert guard.call(probe) == "probe"
    assert not guard.is_open()
    assert guard.call(lambda: "next") == "next"


def test_a_failed_probe_opens_it_again_at_once():
    clock = Clock()
    guard = breaker(clock=clock)
    trip(guard, 3)
    clock.now += 10
    trip(guard, 1)  # the probe
    assert guard.is_open()
    with pytest.raises(CircuitOpen) as refused:
        guard.call(lambda: "x")
    assert refused.value.retry_after == 10


def test_a_probe_that_never_returns_lets_another_try_after_its_lease():
    clock = Clock()
    store = MemoryState()
    guard = breaker(store, clock)
    trip(guard, 3)
    clock.now += 10
    store.change(guard._admit)  # a probe went out and its worker died
    with pytest.raises(CircuitOpen):
        guard.call(lambda: "x")
    clock.now += 2
    assert guard.call(lambda: "x") == "x"


def test_an_upstream_with_a_cheap_question_is_probed_on_a_thread_while_callers_go_on():
    clock = Clock()
    asked = threading.Event()
    answer = threading.Event()

    def probe():
        asked.set()
        answer.wait(5)  # as slow as a frozen upstream, until the test lets it answer

    guard = breaker(clock=clock, probe=probe)
    trip(guard, 3)
    clock.now += 10
    with pytest.raises(CircuitOpen):  # the call that started the probe does not wait for it
        guard.call(lambda: "x")
    assert asked.wait(5)
    with pytest.raises(CircuitOpen):  # nor does any other while it is out
        guard.call(lambda: "x")
    answer.set()
    for _ in range(100):
        if not guard.is_open():
            break
        threading.Event().wait(0.05)
    assert guard.call(lambda: "x") == "x"


@pytest.mark.parametrize("draw, expected", [(0.0, 8.0), (0.5, 10.0), (1.0, 12.0)])
def test_the_cool_off_is_spread_by_its_jitter(draw, expected):
    clock = Clock()
    guard = breaker(clock=clock, jitter=0.2, rand=lambda: draw)
    trip(guard, 3)
    clock.now += expected - 0.01
    assert guard.is_open()
    clock.now += 0.02
    assert not guard.is_open()


def _fail_in_another_process(path):
    guard = CircuitBreaker("cms", FileState(path), (Down,), threshold=2, cool_off=60)
    for _ in range(2):
        with contextlib.suppress(Down):
            guard.call(fail)


def test_workers_of_an_instance_share_one_breaker(tmp_path):
    path = tmp_path / "breakers" / "cms.state"
    here = CircuitBreaker("cms", FileState(path), (Down,), threshold=2, cool_off=60)
    assert not here.is_open()  # the descriptor is opened here, before the other process starts

    worker = multiprocessing.get_context("fork").Process(
        target=_fail_in_another_process, args=(path,)
    )
    worker.start()
    worker.join(10)
    assert worker.exitcode == 0
    assert here.is_open(), "the other worker's failures opened it here too"
