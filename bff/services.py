"""The application's shared services, reached from routes (services themselves take arguments)."""

from __future__ import annotations

from flask import current_app

from .cache import Cache
from .config import Settings


def settings() -> Settings:
    return current_app.extensions["bff.settings"]


def cache() -> Cache:
    return current_app.extensions["bff.cache"]
