"""The sandbox payment provider, for development and tests (never in production)."""

from __future__ import annotations

from flask_sqlalchemy import SQLAlchemy

from ....platform.config import Settings
from .provider import SandboxProvider


def make_sandbox(settings: Settings, db: SQLAlchemy) -> SandboxProvider:
    return SandboxProvider(db, settings.public_base_url, secret_key=settings.secret_key)
