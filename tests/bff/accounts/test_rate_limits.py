"""Sign-in, registration, recovery and availability checks are rate limited (429 rate_limited)."""

from __future__ import annotations

import uuid

import pytest

from bff.app_context import app_context
from bff.platform.config import ConfigError, Settings
from bff.platform.ratelimit import RateLimits

from ..builders import error_of
from ..conftest import service_url
from .builders import registration


def assert_limited(response):
    assert response.status_code == 429
    assert error_of(response) == {
        "code": "rate_limited",
        "message": "Too many attempts. Please wait a moment and try again.",
    }
    assert int(response.headers["Retry-After"]) > 0


def test_sign_in_attempts_share_one_limit(build_app):
    client = build_app(RATE_LIMIT_LOGIN="3 per minute").test_client()
    wrong = {"username": "nobody@example.com", "password": "whatever1"}
    assert client.post("/users/login", json=wrong).status_code == 404
    assert client.post("/users/login", json=wrong).status_code == 404
    assert client.post("/users/google", json={"id_token": "x"}).status_code == 401
    assert_limited(client.post("/users/login", json=wrong))
    assert_limited(client.post("/users/apple", json={"code": "x"}))
    # Other calls are not affected.
    assert client.get("/users/countries").status_code == 200


def test_invalid_requests_count_too(build_app):
    client = build_app(RATE_LIMIT_LOGIN="2 per minute").test_client()
    assert client.post("/users/login", json={"bogus": 1}).status_code == 400
    assert client.post("/users/login", json={"bogus": 1}).status_code == 400
    assert_limited(client.post("/users/login", json={"bogus": 1}))


def test_the_limit_is_per_client_address(build_app):
    app = build_app(RATE_LIMIT_LOGIN="1 per minute")
    wrong = {"username": "nobody@example.com", "password": "whatever1"}
    first = app.test_client()
    second = app.test_client()
    first.post("/users/login", json=wrong, environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert_limited(first.post("/users/login", json=wrong, environ_base={"REMOTE_ADDR": "10.0.0.1"}))
    response = second.post("/users/login", json=wrong, environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert response.status_code == 404


def test_registration_is_limited(build_app):
    client = build_app(RATE_LIMIT_REGISTER="2 per hour").test_client()
    assert client.post("/users/register", json=registration()).status_code == 201
    body = registration(username="second", email="second@example.com")
    assert client.post("/users/register_email", json=body).status_code == 201
    assert_limited(client.post("/users/register_no_confirm", json=registration(type="google")))


def test_recovery_is_limited(build_app):
    client = build_app(RATE_LIMIT_RECOVERY="2 per hour").test_client()
    body = {"email": "someone@example.com"}
    assert client.post("/users/start_password_recovery", json=body).status_code == 200
    assert client.post("/users/start_password_recovery", json=body).status_code == 200
    assert_limited(client.post("/users/start_password_recovery", json=body))
    assert_limited(client.post("/users/recover_password", json={"token": "t", "password": "p"}))


def test_availability_checks_are_limited(build_app):
    client = build_app(RATE_LIMIT_CHECK="2 per minute").test_client()
    assert client.get("/users/check?username=magnus_c").status_code == 200
    assert client.get("/users/check_email?email=a@example.com").status_code == 200
    assert_limited(client.get("/users/check?username=magnus_c"))


@pytest.mark.redis
def test_limits_are_counted_in_redis_when_configured(build_app):
    """Two applications (two workers) sharing Redis share the count."""
    url = service_url("TEST_REDIS_URL")
    address = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.9"}
    first = build_app(REDIS_URL=url, RATE_LIMIT_CHECK="2 per minute")
    path = f"/users/check?username=user_{uuid.uuid4().hex[:8]}"
    assert first.test_client().get(path, environ_base=address).status_code == 200
    assert first.test_client().get(path, environ_base=address).status_code == 200
    second = build_app(REDIS_URL=url, RATE_LIMIT_CHECK="2 per minute")
    assert_limited(second.test_client().get(path, environ_base=address))


def test_limits_must_be_readable(tmp_path):
    with pytest.raises(ConfigError) as raised:
        Settings.from_environ({"BFF_INSTANCE_PATH": str(tmp_path), "RATE_LIMIT_LOGIN": "lots"})
    assert "RATE_LIMIT_LOGIN" in str(raised.value)


def test_an_unreachable_limit_store_lets_requests_through(build_app, caplog):
    app = build_app(RATE_LIMIT_CHECK="1 per minute")
    app_context(app).rate_limits = RateLimits("redis://127.0.0.1:1/0")
    client = app.test_client()
    assert client.get("/users/check?username=magnus_c").status_code == 200
    assert client.get("/users/check?username=magnus_c").status_code == 200
    assert "Rate limit store unavailable" in caplog.text


def test_mailed_links_followed_in_a_browser_are_limited_too(build_app):
    """A confirmation or e-mail change link guessed over and over costs the guesser the
    recovery limit, as the apps' POST does; past it the browser lands on the error."""
    client = build_app(RATE_LIMIT_RECOVERY="2 per hour").test_client()
    for _ in range(2):
        followed = client.get("/users/confirm_email?token=guess")
        assert followed.headers["Location"] == "/login?error=email_verification_invalid_token"
    limited = client.get("/users/confirm_email_change?token=guess")
    assert limited.status_code == 302
    assert limited.headers["Location"] == "/account?error=rate_limited"
