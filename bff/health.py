"""GET /healthz: whether this instance can serve, for load balancers and operators."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import marshmallow as ma
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask.views import MethodView
from sqlalchemy.orm import Session

from .app_context import app_context
from .cms.upstream import Upstream, UpstreamUnavailable
from .platform import database
from .platform.domain import Domain
from .platform.extensions import db
from .platform.openapi import Blueprint, Schema, envelope

log = logging.getLogger(__name__)

blp = Blueprint("health", __name__, description="Service health for load balancers and operators.")

# Without these the instance cannot answer; without the CMS it still serves what it cached.
CRITICAL = frozenset({"database", "cache"})


class Check(Schema):
    ok = ma.fields.Boolean(required=True)
    kind = ma.fields.String(
        required=True, metadata={"description": "Which implementation answered"}
    )
    reason = ma.fields.String(
        metadata={
            "description": "What an operator should know, when there is more to say: the "
            "database's schema behind this release (or newer, during a deploy)"
        }
    )


class Unhealthy(Exception):
    """A probe's failure with a reason that may be shown (nothing secret, no address).

    ``known``: logged already where it was found (a CMS whose breaker is open), so a health
    check polled every second does not repeat it."""

    def __init__(self, reason: str, known: bool = False):
        super().__init__(reason)
        self.known = known


def check_cms(cms: Upstream) -> None:
    try:
        cms.ping()
    except UpstreamUnavailable as error:
        if error.retry_after is not None:
            raise Unhealthy(
                "Not asked: it failed several times in a row; it is asked again within "
                f"{error.retry_after} s.",
                known=True,
            ) from None
        raise Unhealthy(f"It did not answer, or failed ({error}).") from error


@dataclass(frozen=True)
class Migrations:
    head: frozenset[str]  # the newest revision(s) of bff/migrations
    known: frozenset[str]  # every revision this release has


@functools.cache
def migrations() -> Migrations:
    """This release's migrations, read from bff/migrations once per process."""
    script = ScriptDirectory(str(database.MIGRATIONS))
    return Migrations(
        head=frozenset(script.get_heads()),
        known=frozenset(revision.revision for revision in script.walk_revisions()),
    )


def check_database(session: Session) -> str | None:
    """Read the schema's version (a real table: an empty or unreachable database fails) and
    compare it with this release's migrations. Behind is a failure, as this release's queries
    would fail; newer is a note, as a deploy is under way and this release is being replaced."""
    found = frozenset(session.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())
    expected = migrations()
    if found == expected.head:
        return None
    at = ", ".join(sorted(found)) or "no revision"
    head = ", ".join(sorted(expected.head))
    if found and not found <= expected.known:
        return f"The database's schema ({at}) is newer than this release ({head})."
    raise Unhealthy(
        f"The database's schema ({at}) is behind this release ({head}): run the migrations "
        "(the Procfile's release step)."
    )


class HealthReport(Schema):
    status = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["ok", "degraded", "unavailable"]),
        metadata={"description": "ok; degraded when only the CMS fails; unavailable otherwise"},
    )
    checks = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(Check), required=True)


HealthEnvelope = envelope(HealthReport, name="HealthEnvelope")


def health_report(probes: dict[str, tuple[str, Callable[[], str | None]]]) -> dict[str, Any]:
    """Run each named probe (kind, callable raising on failure, or returning a note) and
    summarise them. Only an Unhealthy failure's reason is shown; others are logged."""
    checks = {}
    for name, (kind, probe) in probes.items():
        try:
            note = probe()
            checks[name] = {"ok": True, "kind": kind, **({"reason": note} if note else {})}
        except Unhealthy as failure:
            if not failure.known:
                log.warning("Health check %s (%s) failed: %s", name, kind, failure)
            checks[name] = {"ok": False, "kind": kind, "reason": str(failure)}
        except Exception:
            log.warning("Health check %s (%s) failed", name, kind, exc_info=True)
            checks[name] = {"ok": False, "kind": kind}
    failed = {name for name, check in checks.items() if not check["ok"]}
    status = "unavailable" if failed & CRITICAL else "degraded" if failed else "ok"
    return {"status": status, "checks": checks}


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthEnvelope)
    @blp.alt_response(
        503,
        schema=HealthEnvelope,
        description="The database or the cache fails, or the database's schema is behind.",
    )
    def get(self) -> tuple[dict[str, Any], int, dict[str, str]]:
        """Report the database (reachable, its schema migrated), the cache and the CMS."""
        report = health_report(
            {
                "database": (db.engine.dialect.name, lambda: check_database(db.session())),
                "cache": (app_context().cache.kind, app_context().cache.ping),
                "cms": (app_context().upstream.kind, lambda: check_cms(app_context().upstream)),
            }
        )
        status = 503 if report["status"] == "unavailable" else 200
        return {"data": report}, status, {"Cache-Control": "no-store"}


# First in the list (bff/domains.py): the API document opens with it.
DOMAIN = Domain("health", blueprints=(blp,))
