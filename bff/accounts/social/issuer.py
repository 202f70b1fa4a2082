"""Where a provider's OpenID endpoints are: its own, or a test issuer's standing in for it."""

from __future__ import annotations

from dataclasses import dataclass

# Where a test issuer (tests/e2e/oidc_issuer.py) publishes its keys and exchanges codes.
TEST_KEYS_PATH = "/.well-known/jwks.json"
TEST_TOKEN_PATH = "/auth/token"  # noqa: S105 (a path, not a secret)


@dataclass(frozen=True)
class OpenIdIssuer:
    """An OpenID provider's identity and endpoints.

    ``url`` is its identifier: the ``iss`` of its ID tokens (``also_named`` lists the other
    spellings it signs with) and the ``aud`` of the client secrets sent to it. ``token_url`` is
    where authorization codes are exchanged, for the providers whose clients send one.
    """

    url: str
    keys_url: str
    token_url: str | None = None
    also_named: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.url, *self.also_named)

    @classmethod
    def for_tests(cls, url: str) -> OpenIdIssuer:
        """A test issuer at ``url`` (never in production: bff/platform/config.py refuses it)."""
        base = url.rstrip("/")
        return cls(url=base, keys_url=base + TEST_KEYS_PATH, token_url=base + TEST_TOKEN_PATH)
