"""The content cache: hits, expiry, precise purges seen by every worker, stale copies on error."""

import threading
import uuid

import pytest
import redis
import sqlalchemy as sa

from bff.cms.content_cache import (
    ContentCache,
    RecentVersions,
    RedisTagVersions,
    SqlTagVersions,
)
from bff.cms.upstream import UpstreamUnavailable
from bff.platform import database
from bff.platform.cache import InProcessCache, RedisCache

from ..builders import Clock
from ..conftest import service_url


class Loader:
    """Stands in for the CMS: counts calls, can go down."""

    def __init__(self, value):
        self.value = value
        self.calls = 0
        self.down = False

    def __call__(self):
        self.calls += 1
        if self.down:
            raise UpstreamUnavailable("down")
        return self.value


@pytest.fixture
def sql_versions(database_url):
    database.upgrade(database_url)
    engine = sa.create_engine(database_url)
    yield SqlTagVersions(engine)
    engine.dispose()


@pytest.fixture(params=["sql", "redis"])
def versions(request, sql_versions):
    if request.param == "sql":
        return sql_versions
    client = redis.Redis.from_url(service_url("TEST_REDIS_URL"))
    return RedisTagVersions(client, prefix=f"test:{uuid.uuid4().hex}:")


def make_cache(versions, clock=None, **kwargs):
    return ContentCache(InProcessCache(), versions, ttl=300, clock=clock or Clock(1000.0), **kwargs)


def test_second_fetch_is_a_hit(versions):
    cache, load = make_cache(versions), Loader({"items": [1]})
    assert cache.fetch("k", {"lessons"}, load).source == "miss"
    hit = cache.fetch("k", {"lessons"}, load)
    assert (hit.source, hit.value, load.calls) == ("hit", {"items": [1]}, 1)


def test_every_fetch_gets_objects_of_its_own(versions):
    cache, load = make_cache(versions), Loader({"items": [1]})
    cache.fetch("k", {"lessons"}, load).value["items"].append("mutated")
    assert cache.fetch("k", {"lessons"}, load).value == {"items": [1]}


def test_entries_expire_after_the_ttl(versions):
    clock = Clock(1000.0)
    cache, load = make_cache(versions, clock), Loader("v")
    cache.fetch("k", {"lessons"}, load)
    clock.now += 299
    assert cache.fetch("k", {"lessons"}, load).source == "hit"
    clock.now += 2
    assert cache.fetch("k", {"lessons"}, load).source == "miss"


def test_a_purge_drops_exactly_the_answers_tagged_with_it(versions):
    cache = make_cache(versions)
    lesson_12, lesson_13, lists = Loader("12"), Loader("13"), Loader("list")
    cache.fetch("lesson-12", {"lessons:12", "teachers"}, lesson_12)
    cache.fetch("lesson-13", {"lessons:13", "teachers"}, lesson_13)
    cache.fetch("lessons", {"lessons", "teachers"}, lists)
    cache.purge({"lessons", "lessons:12"})
    assert cache.fetch("lesson-12", {"lessons:12", "teachers"}, lesson_12).source == "miss"
    assert cache.fetch("lesson-13", {"lessons:13", "teachers"}, lesson_13).source == "hit"
    assert cache.fetch("lessons", {"lessons", "teachers"}, lists).source == "miss"
    cache.purge({"teachers"})
    assert cache.fetch("lesson-13", {"lessons:13", "teachers"}, lesson_13).source == "miss"


def test_tags_found_in_the_answer_purge_it_too(versions):
    cache, load = make_cache(versions), Loader({"_media": [7]})
    tags_of = lambda value: {f"media:{m}" for m in value["_media"]}  # noqa: E731
    cache.fetch("k", {"lessons"}, load, tags_of=tags_of)
    assert cache.fetch("k", {"lessons"}, load, tags_of=tags_of).source == "hit"
    cache.purge({"media:7"})
    assert cache.fetch("k", {"lessons"}, load, tags_of=tags_of).source == "miss"


def test_a_purge_during_a_load_is_not_lost(versions):
    cache = make_cache(versions)

    def load_while_purged():
        cache.purge({"lessons"})  # an editor saves while we read the old content
        return "old"

    cache.fetch("k", {"lessons"}, load_while_purged)
    assert cache.fetch("k", {"lessons"}, Loader("new")).value == "new"


def test_the_stale_copy_is_served_when_the_cms_is_down(versions):
    clock = Clock(1000.0)
    cache, load = make_cache(versions, clock), Loader("good")
    cache.fetch("k", {"lessons"}, load)
    clock.now += 3600
    load.down = True
    stale = cache.fetch("k", {"lessons"}, load)
    assert (stale.source, stale.value) == ("stale", "good")
    cache.purge({"lessons"})
    assert cache.fetch("k", {"lessons"}, load).source == "stale"
    load.down = False
    assert cache.fetch("k", {"lessons"}, load).source == "miss"


def test_nothing_cached_and_the_cms_down_raises(versions):
    load = Loader("x")
    load.down = True
    with pytest.raises(UpstreamUnavailable):
        make_cache(versions).fetch("k", {"lessons"}, load)


def test_a_disabled_cache_always_loads(versions):
    cache, load = make_cache(versions, enabled=False), Loader("x")
    cache.fetch("k", {"lessons"}, load)
    assert cache.fetch("k", {"lessons"}, load).source == "miss" and load.calls == 2


def test_a_purge_in_one_worker_reaches_another_within_the_memo_age(versions):
    """Two workers: separate in-process caches, shared versions (database or Redis)."""
    ticks = Clock(1000.0)
    worker_a = ContentCache(InProcessCache(), RecentVersions(versions, 0.5, ticks), ttl=300)
    worker_b = ContentCache(InProcessCache(), RecentVersions(versions, 0.5, ticks), ttl=300)
    load = Loader("v1")
    worker_a.fetch("k", {"lessons"}, load)
    worker_b.fetch("k", {"lessons"}, load)
    worker_a.purge({"lessons"})
    assert worker_a.fetch("k", {"lessons"}, load).source == "miss"  # at once where it was sent
    ticks.now += 0.6
    assert worker_b.fetch("k", {"lessons"}, load).source == "miss"


class CountedVersions:
    """Versions that count how often they are asked, and can hold an ask until released."""

    def __init__(self):
        self.asked = 0
        self.version = 1
        self.release = threading.Event()
        self.release.set()
        self.asking = threading.Event()

    def current(self, tags):
        self.asked += 1
        self.asking.set()
        self.release.wait(5)
        return {tag: self.version for tag in tags}

    def bump(self, tags):
        self.version += 1


def test_requests_that_find_versions_too_old_ask_one_at_a_time_and_once():
    inner, now = CountedVersions(), [0.0]
    recent = RecentVersions(inner, 0.5, lambda: now[0])
    inner.release.clear()  # the first ask takes a while; the other threads arrive meanwhile
    threads = [threading.Thread(target=recent.current, args=({"lessons"},)) for _ in range(8)]
    for thread in threads:
        thread.start()
    inner.asking.wait(5)
    inner.release.set()
    for thread in threads:
        thread.join(5)
    assert inner.asked == 1  # the others used what the first one read


def test_versions_past_half_their_age_are_asked_again_by_one_request_the_others_go_on():
    inner, now = CountedVersions(), [0.0]
    recent = RecentVersions(inner, 0.5, lambda: now[0])
    assert recent.current({"lessons"}) == {"lessons": 1}
    inner.version = 2  # a purge elsewhere
    now[0] = 0.3
    inner.release.clear()
    inner.asking.clear()  # before the thread starts, so that its ask is the one waited for
    refreshing = threading.Thread(target=recent.current, args=({"lessons"},))
    refreshing.start()
    assert inner.asking.wait(5)
    assert recent.current({"lessons"}) == {"lessons": 1}  # not held by the refresh
    assert inner.asked == 2
    inner.release.set()
    refreshing.join(5)
    assert recent.current({"lessons"}) == {"lessons": 2}
    now[0] = 0.9  # past the whole age: never used, asked again
    inner.version = 3
    assert recent.current({"lessons"}) == {"lessons": 3}


def test_versions_too_old_are_forgotten_as_new_tags_come():
    inner, now = CountedVersions(), [0.0]
    recent = RecentVersions(inner, 0.5, lambda: now[0])
    for step in range(20):
        now[0] = step
        recent.current({f"entry:{step}:{n}" for n in range(500)})
    assert len(recent._seen) <= 2 * 500 + 1024 + 500  # what it met since it last forgot


def test_redis_store_shares_answers_between_instances():
    url = service_url("TEST_REDIS_URL")
    prefix = f"test:{uuid.uuid4().hex}:"
    versions = RedisTagVersions(redis.Redis.from_url(url), prefix=prefix + "tag:")
    one = ContentCache(RedisCache(url, prefix=prefix), versions, ttl=300)
    two = ContentCache(RedisCache(url, prefix=prefix), versions, ttl=300)
    one.fetch("k", {"lessons"}, Loader("shared"))
    assert two.fetch("k", {"lessons"}, Loader("other")).value == "shared"
    two.purge({"lessons"})
    assert one.fetch("k", {"lessons"}, Loader("fresh")).value == "fresh"


def test_concurrent_first_purges_of_a_tag_both_count(sql_versions):
    sql_versions.bump({"x"})
    sql_versions.bump({"x", "y"})
    assert sql_versions.current({"x", "y", "z"}) == {"x": 2, "y": 1, "z": 0}
