"""Reminders as create_app and the rest read it (bff/domains.py); the notifiers, which take
settings, are installed apart (install_delivery)."""

from __future__ import annotations

from ..platform.domain import Domain
from . import commands, models, routes
from .member_data import REMINDER_DATA

DOMAIN = Domain(
    "reminders",
    blueprints=(routes.blp,),
    member_data=REMINDER_DATA,
    commands=commands.register,
    models=(models,),
)
