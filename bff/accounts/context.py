"""What the accounts routes hand to the services: the hasher, the social verifier (and the
application's clock, bff.access.clock).

Each lives in app.extensions so that tests can swap one (a fixed clock, a fake verifier).
"""

from __future__ import annotations

from collections.abc import Mapping

from argon2 import PasswordHasher
from flask import Flask, current_app

from ..access.clock import utcnow
from .passwords import DEFAULT_HASHER
from .social import SocialSettings, SocialVerifier


def install(app: Flask, environ: Mapping[str, str]) -> None:
    app.extensions["bff.clock"] = utcnow
    app.extensions["bff.password_hasher"] = DEFAULT_HASHER
    app.extensions["bff.social"] = SocialVerifier(SocialSettings.from_environ(environ))


def hasher() -> PasswordHasher:
    return current_app.extensions["bff.password_hasher"]


def verifier() -> SocialVerifier:
    return current_app.extensions["bff.social"]
