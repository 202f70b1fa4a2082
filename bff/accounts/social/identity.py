"""What a verified social sign-in yields, and how it fails."""

from __future__ import annotations

from dataclasses import dataclass

PROVIDERS = ("google", "apple", "facebook")

# The names people see in messages.
PROVIDER_NAMES = {"google": "Google", "apple": "Apple", "facebook": "Facebook"}

INVALID_TOKEN = "user_invalid_token"  # noqa: S105 (an error code)
INVALID_AUTH_CODE = "user_invalid_auth_code"
PROVIDER_UNAVAILABLE = "social_provider_unavailable"
PROVIDER_NOT_CONFIGURED = "social_provider_not_configured"

# A suggestion for the HTTP status of each code: the person can retry with a fresh sign-in
# after a 401; a 503 says the fault is on our side or the provider's.
STATUSES = {
    INVALID_TOKEN: 401,
    INVALID_AUTH_CODE: 401,
    PROVIDER_UNAVAILABLE: 503,
    PROVIDER_NOT_CONFIGURED: 503,
}

# What people are told of each code, with the provider's name.
MESSAGES = {
    INVALID_TOKEN: "Your {name} sign-in could not be verified. Please try again.",
    INVALID_AUTH_CODE: "Your {name} sign-in could not be verified. Please try again.",
    PROVIDER_UNAVAILABLE: "{name} sign-in is unavailable at the moment. Please try again later.",
    PROVIDER_NOT_CONFIGURED: "{name} sign-in is not available on this site.",
}


@dataclass(frozen=True)
class SocialIdentity:
    provider: str
    subject: str
    email: str | None
    first_name: str | None
    last_name: str | None


class SocialAuthError(Exception):
    """A sign-in the provider did not vouch for, or could not be asked about.

    ``provider`` becomes the errorType of the envelope and ``code`` its catalogue code;
    ``reason`` is a short word for logs and tests (``expired``, ``audience``...), never shown.
    Messages never carry a token, a code or a secret.
    """

    def __init__(self, provider: str, code: str, message: str, reason: str | None = None):
        super().__init__(message)
        self.provider = provider
        self.code = code
        self.message = message
        self.reason = reason

    @property
    def status(self) -> int:
        return STATUSES.get(self.code, 400)

    def __repr__(self) -> str:
        return f"SocialAuthError({self.provider!r}, {self.code!r}, reason={self.reason!r})"


def social_error(provider: str, code: str, reason: str | None = None) -> SocialAuthError:
    """The error ``code`` for ``provider``, with the message people see."""
    message = MESSAGES[code].format(name=PROVIDER_NAMES[provider])
    return SocialAuthError(provider, code, message, reason)


def invalid_token(provider: str, reason: str) -> SocialAuthError:
    return social_error(provider, INVALID_TOKEN, reason)


def unavailable(provider: str, reason: str) -> SocialAuthError:
    return social_error(provider, PROVIDER_UNAVAILABLE, reason)


def not_configured(provider: str, reason: str = "not_configured") -> SocialAuthError:
    return social_error(provider, PROVIDER_NOT_CONFIGURED, reason)


def is_true(value: object) -> bool:
    """Providers send booleans, and Apple sometimes the strings "true" / "false"."""
    return value is True or (isinstance(value, str) and value.lower() == "true")


def clean_email(value: object) -> str | None:
    if isinstance(value, str) and "@" in value:
        return value.strip().lower()
    return None


def clean_name(value: object) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None
