"""Fixtures for tests of the production path: gunicorn instances on the run's own PostgreSQL
and Redis (scripts/with-test-services), and a stand-in Strapi on loopback."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
import redis

from bff.platform import database
from bff.platform.config import normalise_database_url

from ..conftest import _fresh_postgres, service_url
from ..fake_strapi import running_strapi
from ..production import PRODUCTION, STRIPE
from .instances import Instance, start_instance

WEBHOOK_SECRET = "deployment-webhook-secret-of-32-bytes-or-more"
REDIS_DB = 7  # apart from the other tests' keys and rate-limit counters


@pytest.fixture(scope="module")
def shared_database() -> str:
    """A fresh, migrated PostgreSQL database for the instances of one test."""
    url = _fresh_postgres(normalise_database_url(service_url("TEST_POSTGRES_URL")), "bff_deploy")
    database.upgrade(url)
    return url


@pytest.fixture(scope="module")
def shared_redis() -> str:
    """The run's Redis, on a database of these tests' own, emptied first."""
    server = urlsplit(service_url("TEST_REDIS_URL")).netloc
    redis_url = f"redis://{server}/{REDIS_DB}"
    redis.Redis.from_url(redis_url).flushdb()
    return redis_url


@pytest.fixture(scope="module")
def strapi():
    with running_strapi() as server:
        yield server


@pytest.fixture(scope="module")
def instance_env(shared_database, shared_redis, strapi, tmp_path_factory) -> dict[str, str]:
    """What every instance of a deployment shares: secrets, database, Redis, CMS."""
    return {
        "BFF_ENV": "test",
        "SECRET_KEY": "deployment-secret-key-of-32-bytes-or-more",
        "JWT_SECRET_KEY": "deployment-jwt-secret-key-of-32-bytes-at-least",
        "DATABASE_URL": shared_database,
        "REDIS_URL": shared_redis,
        "CMS_URL": strapi.url,
        "CMS_TOKEN": "t",
        "CMS_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "CLIENT_DIST": str(tmp_path_factory.mktemp("dist")),
        "LOG_LEVEL": "WARNING",
    }


@pytest.fixture(scope="module")
def production_env(instance_env) -> dict[str, str]:
    """The same, as production runs it: BFF_ENV=production with every setting it asks for."""
    return {**instance_env, **PRODUCTION, **STRIPE}


@pytest.fixture(scope="module")
def deployment(tmp_path_factory, instance_env) -> Callable[..., list[Instance]]:
    """deployment(2, workers=2, **settings) -> that many instances, serving; all are stopped
    at the end of the module."""
    folder = tmp_path_factory.mktemp("instances")
    started: list[Instance] = []

    def start(count: int, workers: int = 2, **settings: str) -> list[Instance]:
        batch = [
            start_instance(
                f"bff{len(started) + n + 1}",
                folder / f"bff{len(started) + n + 1}",
                {**instance_env, **settings},
                workers=workers,
            )
            for n in range(count)
        ]
        started.extend(batch)
        for instance in batch:
            instance.wait_until_serving(workers)
        return batch

    yield start
    for instance in started:
        instance.stop()
