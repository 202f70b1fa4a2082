"""Reminders on members' phones: devices, settings, the sender, APNs, FCM (/users/devices)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from flask import Flask, current_app

from ..platform.openapi import Api
from .delivery import Delivery, make_delivery

# Where the application keeps its Delivery (Flask's place for what an extension adds).
_KEY = "reminders"


def init_app(app: Flask, api: Api, environ: Mapping[str, str], instance_path: Path) -> None:
    from . import commands, routes

    app.extensions[_KEY] = make_delivery(environ, instance_path)
    api.register_blueprint(routes.blp)
    commands.register(app)


def delivery_of(app: Flask | None = None) -> Delivery:
    """The notifiers of ``app`` (by default the current one); a test swaps one on it."""
    found: Delivery = (app or current_app).extensions[_KEY]
    return found
