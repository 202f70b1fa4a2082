"""Every documented path is found by searching the BFF's code for it: its blueprint's prefix and
the rest of the path are written out where the route is declared (docs/adding-a-feature.md)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

BFF = Path(__file__).resolve().parents[2] / "bff"


def declared_rules(app) -> dict[str, list]:
    """The application's rules by their path as the OpenAPI document writes it."""
    found: dict[str, list] = {}
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        found.setdefault(path, []).append(rule)
    return found


def test_every_documented_path_is_written_where_it_is_declared(app, client):
    code = "\n".join(path.read_text() for path in BFF.rglob("*.py"))
    rules = declared_rules(app)
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert len(paths) > 50
    not_found = []
    for path in paths:
        rule = rules[path][0]
        blueprint = app.blueprints[rule.endpoint.split(".")[0]]
        prefix = blueprint.url_prefix or ""
        rest = rule.rule[len(prefix) :]
        written = (not prefix or f'"{prefix}"' in code) and (not rest or f'"{rest}"' in code)
        if not written:
            not_found.append((path, prefix, rest))
    assert not_found == []


def test_no_view_ends_a_unit_of_work_its_service_owns(app):
    """Every view leaves committing to the services it calls (docs/architecture.md): a view that
    commits splits a unit of work between two places."""
    views = [
        getattr(view, "view_class", view)
        for view in app.view_functions.values()
        if getattr(view, "__module__", "").startswith("bff.")
    ]
    assert len(views) > 50
    committing = sorted(
        f"{view.__module__}.{view.__qualname__}"
        for view in views
        if ".commit(" in inspect.getsource(inspect.unwrap(view))
    )
    assert committing == []
