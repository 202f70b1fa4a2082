"""Social sign-in: verifies a Google, Apple or Facebook credential and says who it names."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

import requests

from bff.platform.config import ConfigError

from .apple import ISSUER as APPLE_ISSUER
from .apple import AppleSignIn, TeamKey, load_private_key
from .facebook import FacebookSignIn
from .google import ISSUER as GOOGLE_ISSUER
from .google import GoogleSignIn
from .identity import (
    INVALID_AUTH_CODE,
    INVALID_TOKEN,
    PROVIDER_NAMES,
    PROVIDER_NOT_CONFIGURED,
    PROVIDER_UNAVAILABLE,
    PROVIDERS,
    SocialAuthError,
    SocialIdentity,
    not_configured,
)
from .issuer import OpenIdIssuer
from .keys import PublishedKeys
from .upstream import ProviderHttp

log = logging.getLogger(__name__)

__all__ = [
    "INVALID_AUTH_CODE",
    "INVALID_TOKEN",
    "PLATFORMS",
    "PROVIDERS",
    "PROVIDER_NOT_CONFIGURED",
    "PROVIDER_UNAVAILABLE",
    "SocialAuthError",
    "SocialIdentity",
    "SocialSettings",
    "SocialVerifier",
]

# Where a sign-in starts. Only Apple cares: "ios" codes come from the native app (bundle id),
# every other platform uses the web flow (services id).
PLATFORMS = ("mobile-web", "web", "ios", "android")


# The environment variables each provider needs, and the settings they fill.
_NEEDS = {
    "google": (("GOOGLE_CLIENT_IDS", "google_client_ids"),),
    "apple": (
        ("APPLE_CLIENT_IDS", "apple_client_ids"),
        ("APPLE_TEAM_ID", "apple_team_id"),
        ("APPLE_KEY_ID", "apple_key_id"),
        ("APPLE_PRIVATE_KEY", "apple_private_key"),
    ),
    "facebook": (
        ("FACEBOOK_APP_ID", "facebook_app_id"),
        ("FACEBOOK_APP_SECRET", "facebook_app_secret"),
    ),
}

# Tests only: the providers a test issuer may stand in for, and the setting naming it
# (GOOGLE_TEST_ISSUER, APPLE_TEST_ISSUER; bff/platform/config.py refuses them in production).
_TEST_ISSUERS = {"google": "google_test_issuer", "apple": "apple_test_issuer"}


@dataclass(frozen=True)
class SocialSettings:
    google_client_ids: tuple[str, ...]
    apple_client_ids: tuple[str, ...]
    apple_team_id: str | None
    apple_key_id: str | None
    apple_private_key: str | None
    apple_redirect_uri: str | None
    facebook_app_id: str | None
    facebook_app_secret: str | None
    timeout: float = 5.0
    # Tests only (start-up refuses them in production, bff/platform/config.py): the base URL of
    # an OpenID issuer that stands in for Google, or for Apple, whose ID tokens, keys (and for
    # Apple, code exchange) are then the only ones used.
    google_test_issuer: str | None = None
    apple_test_issuer: str | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> SocialSettings:
        """Read the provider settings; a provider with missing settings is simply off.

        APPLE_CLIENT_IDS lists the services id (web) first, then the iOS bundle id.
        A malformed APPLE_PRIVATE_KEY stops start-up (ConfigError) rather than every sign-in.
        """

        def get(name: str) -> str | None:
            value = str(environ.get(name) or "").strip()
            return value or None

        def ids(name: str) -> tuple[str, ...]:
            return tuple(part.strip() for part in (get(name) or "").split(",") if part.strip())

        def base_url(name: str) -> str | None:
            return (get(name) or "").rstrip("/") or None

        settings = cls(
            google_client_ids=ids("GOOGLE_CLIENT_IDS"),
            apple_client_ids=ids("APPLE_CLIENT_IDS"),
            apple_team_id=get("APPLE_TEAM_ID"),
            apple_key_id=get("APPLE_KEY_ID"),
            apple_private_key=get("APPLE_PRIVATE_KEY"),
            apple_redirect_uri=get("APPLE_REDIRECT_URI"),
            facebook_app_id=get("FACEBOOK_APP_ID"),
            facebook_app_secret=get("FACEBOOK_APP_SECRET"),
            google_test_issuer=base_url("GOOGLE_TEST_ISSUER"),
            apple_test_issuer=base_url("APPLE_TEST_ISSUER"),
        )
        if settings.apple_private_key:
            try:
                load_private_key(settings.apple_private_key)
            except ValueError as exc:
                raise ConfigError(str(exc)) from None
        return settings

    def configured(self) -> dict[str, bool]:
        """Which providers can be used: those given every setting they need."""
        return {provider: not missing for provider, missing in self._missing().items()}

    def incomplete(self) -> dict[str, list[str]]:
        """Providers given some settings but not all, with the names still to set."""
        return {
            provider: missing
            for provider, missing in self._missing().items()
            if missing and len(missing) < len(_NEEDS[provider])
        }

    def test_issuer(self, provider: str) -> str | None:
        """The test issuer standing in for ``provider``, if any (never in production)."""
        attribute = _TEST_ISSUERS.get(provider)
        return getattr(self, attribute) if attribute else None

    def _missing(self) -> dict[str, list[str]]:
        return {
            provider: [name for name, attribute in needs if not getattr(self, attribute)]
            for provider, needs in _NEEDS.items()
        }

    def __repr__(self) -> str:
        # Never print the Apple key or the Facebook secret, even in a debugger or a log line.
        return (
            f"SocialSettings(google_client_ids={self.google_client_ids!r}, "
            f"apple_client_ids={self.apple_client_ids!r}, configured={self.configured()!r})"
        )


class SocialVerifier:
    """Verifies sign-in credentials with the providers.

    Build one per application and keep it: it holds the providers' keys between requests.
    """

    def __init__(
        self,
        settings: SocialSettings,
        http: requests.Session | None = None,
        key_cache_seconds: int = 3600,
    ):
        self.settings = settings
        self._http = http or requests.Session()
        for provider, missing in settings.incomplete().items():
            log.warning("%s sign-in is off: set %s", provider, ", ".join(missing))
        on = settings.configured()
        self._providers: dict[str, GoogleSignIn | AppleSignIn | FacebookSignIn] = {}
        if on["google"]:
            google = self._issuer("google", GOOGLE_ISSUER)
            self._providers["google"] = GoogleSignIn(
                settings.google_client_ids,
                self._keys("google", google.keys_url, key_cache_seconds),
                issuer=google,
            )
        if on["apple"]:
            apple = self._issuer("apple", APPLE_ISSUER)
            self._providers["apple"] = AppleSignIn(
                client_ids=settings.apple_client_ids,
                team_key=TeamKey(
                    settings.apple_team_id or "",
                    settings.apple_key_id or "",
                    load_private_key(settings.apple_private_key or ""),
                ),
                redirect_uri=settings.apple_redirect_uri,
                keys=self._keys("apple", apple.keys_url, key_cache_seconds),
                upstream=self._upstream("apple"),
                issuer=apple,
            )
        if on["facebook"]:
            self._providers["facebook"] = FacebookSignIn(
                app_id=settings.facebook_app_id or "",
                app_secret=settings.facebook_app_secret or "",
                upstream=self._upstream("facebook"),
            )

    def _issuer(self, provider: str, own: OpenIdIssuer) -> OpenIdIssuer:
        """The provider's own issuer, or the test issuer standing in for it."""
        url = self.settings.test_issuer(provider)
        if not url:
            return own
        name = PROVIDER_NAMES[provider]
        log.warning("%s sign-in trusts the test issuer %s instead of %s", name, url, name)
        return OpenIdIssuer.for_tests(url)

    def _upstream(self, provider: str) -> ProviderHttp:
        return ProviderHttp(provider, self._http, self.settings.timeout)

    def _keys(self, provider: str, url: str, cache_seconds: int) -> PublishedKeys:
        return PublishedKeys(url, upstream=self._upstream(provider), cache_seconds=cache_seconds)

    def verify(
        self, provider: str, credential: str, *, platform: str = "mobile-web"
    ) -> SocialIdentity:
        """Who ``credential`` names, as the provider vouches; SocialAuthError otherwise.

        The credential is a Google id_token, an Apple authorization code or a Facebook
        access_token. An unknown provider or platform is a programming error (ValueError).
        """
        if provider not in PROVIDERS:
            raise ValueError(f"Unknown sign-in provider {provider!r}.")
        if platform not in PLATFORMS:
            raise ValueError(f"Unknown platform {platform!r}; expected one of {PLATFORMS}.")
        signin = self._providers.get(provider)
        if signin is None:
            raise not_configured(provider)
        return signin.verify(credential, platform=platform)

    def public_config(self) -> dict:
        """What a web client may know to offer the buttons: ids only, never a secret.

        A provider that is on has its public ids; one that is off is null, and ``unavailable``
        says why, in the words of the error its sign-in call would meet, so that its button can
        say so before anyone presses it.
        """
        settings = self.settings
        on = settings.configured()
        unavailable = {}
        for provider in PROVIDERS:
            if not on[provider]:
                error = not_configured(provider)
                unavailable[provider] = {"code": error.code, "message": error.message}
        return {
            "google": {"client_id": settings.google_client_ids[0]} if on["google"] else None,
            "apple": (
                {
                    "client_id": settings.apple_client_ids[0],
                    "redirect_uri": settings.apple_redirect_uri,
                }
                if on["apple"]
                else None
            ),
            "facebook": {"app_id": settings.facebook_app_id} if on["facebook"] else None,
            "unavailable": unavailable,
        }
