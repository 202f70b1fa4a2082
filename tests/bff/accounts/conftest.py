"""Accounts fixtures: an app with a movable clock, a fake social verifier, cheap hashing, and
builders for registered and signed-in users."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from bff.accounts.social import SocialAuthError, SocialIdentity
from bff.app_context import app_context

from ..builders import Clock
from .builders import bearer, link_in, mails, path_of, registration

GENEROUS = "1000 per minute"
JWT_SECRET = "accounts-test-jwt-secret-0123456789abcdef"


@dataclass
class FakeVerifier:
    """Answers like SocialVerifier: the identity registered for a credential, or its error."""

    identities: dict[str, SocialIdentity | SocialAuthError] = field(default_factory=dict)
    calls: list[tuple[str, str, str]] = field(default_factory=list)
    config: dict = field(
        default_factory=lambda: {
            "google": {"client_id": "web-id.apps.googleusercontent.com"},
            "apple": None,
            "facebook": None,
            "unavailable": {
                provider: {
                    "code": "social_provider_not_configured",
                    "message": f"{name} sign-in is not available on this site.",
                }
                for provider, name in (("apple", "Apple"), ("facebook", "Facebook"))
            },
        }
    )

    def add(self, credential: str, provider: str, subject: str, email: str | None, **names):
        self.identities[credential] = SocialIdentity(
            provider, subject, email, names.get("first_name"), names.get("last_name")
        )

    def fail(self, credential: str, provider: str, code: str, message: str = "No.") -> None:
        self.identities[credential] = SocialAuthError(provider, code, message)

    def verify(self, provider: str, credential: str, *, platform: str = "mobile-web"):
        self.calls.append((provider, credential, platform))
        answer = self.identities.get(credential)
        if answer is None:
            raise SocialAuthError(provider, "user_invalid_token", "Unknown credential.")
        if isinstance(answer, SocialAuthError):
            raise answer
        assert answer.provider == provider
        return answer

    def public_config(self) -> dict:
        return self.config


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime.now(UTC).replace(microsecond=0))


@pytest.fixture
def social() -> FakeVerifier:
    return FakeVerifier()


@pytest.fixture
def build_app(make_app, clock, social):
    def build(**overrides: str):
        settings = {
            "JWT_SECRET_KEY": JWT_SECRET,
            "RATE_LIMIT_LOGIN": GENEROUS,
            "RATE_LIMIT_REGISTER": GENEROUS,
            "RATE_LIMIT_RECOVERY": GENEROUS,
            "RATE_LIMIT_CHECK": GENEROUS,
            **overrides,
        }
        app = make_app(**settings)
        app_context(app).clock = clock
        # Cheap parameters keep the suite fast; production uses argon2-cffi's defaults.
        app_context(app).password_hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
        app_context(app).social = social
        return app

    return build


@pytest.fixture
def app(build_app):
    return build_app()


@pytest.fixture
def outbox(app) -> Path:
    return Path(app.instance_path) / "outbox"


@pytest.fixture
def register_confirmed(client, outbox):
    """Register by e-mail and follow the mailed link: a user who can sign in."""

    def register(**overrides) -> dict:
        body = registration(**overrides)
        response = client.post("/users/register", json=body)
        assert response.status_code == 201, response.get_json()
        confirm = path_of(link_in(mails(outbox)[-1]))
        assert client.get(confirm).status_code == 302
        return body

    return register


@pytest.fixture
def member_headers(signed_in) -> dict[str, str]:
    """The Authorization headers of a confirmed member, signed in."""
    access, _ = signed_in()
    return bearer(access)


@pytest.fixture
def signed_in(client, register_confirmed):
    """A confirmed user, signed in: (access token, registration body)."""

    def sign_in(**overrides) -> tuple[str, dict]:
        body = register_confirmed(**overrides)
        response = client.post(
            "/users/login", json={"username": body["email"], "password": body["password"]}
        )
        assert response.status_code == 200, response.get_json()
        return response.get_json()["data"]["access"], body

    return sign_in
