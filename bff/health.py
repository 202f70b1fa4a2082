"""GET /healthz: whether this instance can serve, for load balancers and operators."""

from __future__ import annotations

import logging
from collections.abc import Callable

import marshmallow as ma
from flask.views import MethodView

from . import database
from .extensions import db
from .openapi import Blueprint, Schema
from .services import cache, upstream

log = logging.getLogger(__name__)

blp = Blueprint("health", __name__, description="Service health for load balancers and operators.")

# Without these the instance cannot answer; without the CMS it still serves what it cached.
CRITICAL = frozenset({"database", "cache"})


class Check(Schema):
    ok = ma.fields.Boolean(required=True)
    kind = ma.fields.String(
        required=True, metadata={"description": "Which implementation answered"}
    )


class HealthReport(Schema):
    status = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["ok", "degraded", "unavailable"]),
        metadata={"description": "ok; degraded when only the CMS fails; unavailable otherwise"},
    )
    checks = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(Check), required=True)


class HealthEnvelope(Schema):
    data = ma.fields.Nested(HealthReport, required=True)


def health_report(probes: dict[str, tuple[str, Callable[[], None]]]) -> dict:
    """Run each named probe (kind, callable raising on failure) and summarise them."""
    checks = {}
    for name, (kind, probe) in probes.items():
        try:
            probe()
            checks[name] = {"ok": True, "kind": kind}
        except Exception:
            log.warning("Health check %s (%s) failed", name, kind, exc_info=True)
            checks[name] = {"ok": False, "kind": kind}
    failed = {name for name, check in checks.items() if not check["ok"]}
    status = "unavailable" if failed & CRITICAL else "degraded" if failed else "ok"
    return {"status": status, "checks": checks}


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthEnvelope)
    @blp.alt_response(503, schema=HealthEnvelope, description="The database or the cache fails.")
    def get(self):
        """Report database, cache and CMS reachability."""
        report = health_report(
            {
                "database": (db.engine.dialect.name, lambda: database.ping(db.session)),
                "cache": (cache().kind, cache().ping),
                "cms": (upstream().kind, upstream().ping),
            }
        )
        status = 503 if report["status"] == "unavailable" else 200
        return {"data": report}, status, {"Cache-Control": "no-store"}
