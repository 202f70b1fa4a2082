"""Reminders on members' phones: devices, settings, the sender, APNs, FCM (/users/devices)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from flask import Flask, current_app

from .delivery import Delivery, make_delivery

# Where the application keeps its Delivery (Flask's place for what an extension adds).
_KEY = "reminders"


def install_delivery(app: Flask, environ: Mapping[str, str], instance_path: Path) -> None:
    """The notifiers (APNs, FCM or the outbox) the settings name; domain.py declares the rest."""
    app.extensions[_KEY] = make_delivery(environ, instance_path)


def delivery_of(app: Flask | None = None) -> Delivery:
    """The notifiers of ``app`` (by default the current one); a test swaps one on it."""
    found: Delivery = (app or current_app).extensions[_KEY]
    return found
