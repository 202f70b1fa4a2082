"""Password hashes: argon2id with argon2-cffi's current parameters, upgraded on the next sign-in."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# argon2-cffi's defaults follow RFC 9106's recommendations and type ID (argon2id).
DEFAULT_HASHER = PasswordHasher()


def hash_password(password: str, hasher: PasswordHasher = DEFAULT_HASHER) -> str:
    return hasher.hash(password)


def verify_password(
    stored: str | None, password: str, hasher: PasswordHasher = DEFAULT_HASHER
) -> tuple[bool, str | None]:
    """Whether `password` matches, and a fresh hash when the stored one has outdated parameters."""
    if not stored:
        return False, None
    try:
        hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False, None
    return True, hasher.hash(password) if hasher.check_needs_rehash(stored) else None
