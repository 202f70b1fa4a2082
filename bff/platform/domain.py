"""A domain of the BFF declared once: what create_app, the command line, Download my data, the
sitemap and Alembic read of it (bff/domains.py lists the domains in their order).

A domain's package declares its ``Domain`` in its ``domain.py``; nothing else registers it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType
from typing import Any, Protocol

import flask
from flask import Flask
from marshmallow.fields import Field
from sqlalchemy.orm import Session

from .openapi import Api, Blueprint


class MemberData(Protocol):
    """What a domain above accounts keeps about a member, for Download my data and Delete my
    account (bff/accounts/erasure.py)."""

    @property
    def export_fields(self) -> Mapping[str, Field[Any]]:
        """The keys export() answers and their schema fields, for the API document."""

    def export(self, session: Session, user_id: int) -> dict[str, Any]:
        """The member's data by the export's keys (``purchases``, ``progress``...), as
        JSON-ready values."""

    def prepare_erasure(self, session: Session, user_id: int) -> None:
        """What must happen outside the database before anything is erased (billing cancels
        the subscription at the provider); a failure here stops the deletion."""

    def erase(self, session: Session, user_id: int, *, now: datetime) -> None:
        """Erase or anonymise the member's data (flushed; the caller commits)."""

    def address_changed(self, session: Session, user_id: int, email: str) -> None:
        """The member's e-mail address changed (committed): copies kept elsewhere follow
        (billing's customer at the provider, whose receipts go there)."""


@dataclass(frozen=True)
class Domain:
    """The parts a domain has; each is optional."""

    name: str  # its package's name under bff/ (tests/bff/test_domains.py holds a package to it)
    # Its routes in the API document, registered in this order: the document's tags follow it.
    blueprints: tuple[Blueprint, ...] = ()
    # Its routes outside the API document (the sitemap, media files), registered after those.
    app_blueprints: tuple[flask.Blueprint, ...] = ()
    # When registering takes more than the blueprints (security schemes, a provider's own
    # pages): it registers them itself, in its order.
    register_routes: Callable[[Flask, Api], None] | None = None
    # What it keeps about a member; create_app hands the parts to accounts in the list's order.
    member_data: MemberData | None = None
    # Its pages without content of their own that the sitemap lists (the legal pages and the
    # content's pages are the sitemap's: bff/pages/sitemap.py).
    sitemap_paths: tuple[str, ...] = ()
    # Adds its `flask --app bff <group> ...` commands (a domain's commands.py).
    commands: Callable[[Flask], None] | None = None
    # Its modules of tables, imported here so that Alembic and the tests see them (bff/models.py).
    models: tuple[ModuleType, ...] = ()

    def register(self, app: Flask, api: Api) -> None:
        if self.register_routes is not None:
            self.register_routes(app, api)
            return
        for blueprint in self.blueprints:
            api.register_blueprint(blueprint)
        for app_blueprint in self.app_blueprints:
            app.register_blueprint(app_blueprint)
