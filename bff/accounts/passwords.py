"""Password hashes: argon2id with argon2-cffi's current parameters, upgraded on the next sign-in.

Checking a password costs the same whether or not there is a hash to check it against: without
one (an unknown address, an account that only signs in through a provider), the password is
checked against a hash of a random password made once per process, so the time a sign-in takes
does not tell who has an account.
"""

from __future__ import annotations

import secrets
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# argon2-cffi's defaults follow RFC 9106's recommendations and type ID (argon2id).
DEFAULT_HASHER = PasswordHasher()

_stand_ins: dict[tuple, str] = {}
_stand_ins_lock = threading.Lock()


def hash_password(password: str, hasher: PasswordHasher = DEFAULT_HASHER) -> str:
    return hasher.hash(password)


def stand_in_hash(hasher: PasswordHasher) -> str:
    """A hash of a random password with ``hasher``'s parameters, made once per process (and per
    set of parameters): checking against it costs what checking a member's password costs."""
    key = (
        hasher.time_cost,
        hasher.memory_cost,
        hasher.parallelism,
        hasher.hash_len,
        hasher.salt_len,
        hasher.type,
    )
    with _stand_ins_lock:
        found = _stand_ins.get(key)
        if found is None:
            found = _stand_ins[key] = hasher.hash(secrets.token_urlsafe(32))
    return found


def verify_password(
    stored: str | None, password: str, hasher: PasswordHasher = DEFAULT_HASHER
) -> tuple[bool, str | None]:
    """Whether `password` matches, and a fresh hash when the stored one has outdated parameters.

    Without a stored hash the answer is no, after the same work as with one."""
    try:
        hasher.verify(stored or stand_in_hash(hasher), password)
    except (VerificationError, InvalidHashError):
        return False, None
    if not stored:  # unreachable: no one knows the stand-in's password
        return False, None
    return True, hasher.hash(password) if hasher.check_needs_rehash(stored) else None
