"""Both cache implementations keep the same promises."""

import time
import uuid

import pytest
import redis

from bff.platform.cache import InProcessCache, RedisCache, make_cache

from .conftest import service_url


@pytest.fixture(params=["in-process", "redis"])
def cache(request):
    if request.param == "in-process":
        return InProcessCache(maxsize=8)
    return RedisCache(service_url("TEST_REDIS_URL"), prefix=f"test:{uuid.uuid4().hex}:")


def test_stores_and_returns_bytes(cache):
    cache.set("lessons", b"[1,2,3]", ttl=30)
    assert cache.get("lessons") == b"[1,2,3]"
    assert cache.get("programs") is None


def test_entries_expire(cache):
    cache.set("short", b"x", ttl=0.05)
    time.sleep(0.1)
    assert cache.get("short") is None


def test_delete_removes_only_what_is_named(cache):
    cache.set("a", b"1", ttl=30)
    cache.set("b", b"2", ttl=30)
    cache.set("c", b"3", ttl=30)
    cache.delete("a", "b", "never-set")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (None, None, b"3")


def test_a_cache_that_answers_passes_its_ping(cache):
    cache.ping()  # the health check counts a ping that does not raise as the cache being up


def test_a_redis_that_does_not_answer_fails_its_ping():
    with pytest.raises(redis.exceptions.ConnectionError):
        RedisCache("redis://127.0.0.1:1/0", timeout=0.2).ping()


def test_in_process_cache_is_bounded():
    cache = InProcessCache(maxsize=2)
    for key in "abc":
        cache.set(key, key.encode(), ttl=30)
    assert sum(cache.get(key) is not None for key in "abc") == 2


def test_redis_is_chosen_when_configured():
    assert make_cache(None).kind == "in-process"
    assert make_cache("redis://127.0.0.1:1/0").kind == "redis"


def test_two_redis_clients_share_entries():
    url = service_url("TEST_REDIS_URL")
    prefix = f"test:{uuid.uuid4().hex}:"
    RedisCache(url, prefix=prefix).set("shared", b"yes", ttl=30)
    assert RedisCache(url, prefix=prefix).get("shared") == b"yes"


def test_in_process_cache_is_bounded_in_bytes_too():
    cache = InProcessCache(maxsize=100, max_bytes=10_000)
    for key in "abcdef":
        cache.set(key, b"x" * 3000, ttl=30)
    kept = [key for key in "abcdef" if cache.get(key) is not None]
    assert kept == ["d", "e", "f"]  # the most recent that fit, with their overhead, in 10,000
