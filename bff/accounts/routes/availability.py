"""Whether a username or an address is free, and the list of countries."""

from __future__ import annotations

from flask.views import MethodView

from ...access.viewer import ANYONE, current_viewer
from ...platform.extensions import db
from ...platform.openapi import stacked
from .. import (
    lookups,
    rules,
    schemas,
)
from .base import (
    blp,
)

# Availability, countries ---------------------------------------------------------------------


def _availability_check(args):
    """Whether a name or an address is free: anyone may ask, within the check limit."""
    return stacked(
        blp.limited("check"),
        blp.access(ANYONE),
        blp.arguments(args, location="query"),
        blp.response(200, schemas.AvailabilityEnvelope),
    )


@blp.route("/check")
class CheckUsername(MethodView):
    @_availability_check(schemas.UsernameArgs)
    def get(self, args):
        """Whether a username is free (and acceptable), case-insensitively; if not, why. A
        signed-in member's own name is available to them (the profile page checks as they
        type)."""
        own = current_viewer().user_id
        return _availability(lookups.username_unavailable(db.session, args["username"], own))


@blp.route("/check_email")
class CheckEmail(MethodView):
    @_availability_check(schemas.EmailArgs)
    def get(self, args):
        """Whether an e-mail address is free (and valid), case-insensitively; if not, why (a
        signed-in member's own address is available to them)."""
        own = current_viewer().user_id
        return _availability(lookups.email_unavailable(db.session, args["email"], own))


def _availability(reason: str | None) -> dict:
    return {"data": {"available": reason is None, "message": reason}}


@blp.route("/countries")
class Countries(MethodView):
    @blp.response(200, schemas.CountriesEnvelope)
    def get(self):
        """Every ISO 3166 country, by name."""
        return {"data": [{"code": code, "name": name} for code, name in rules.countries()]}
