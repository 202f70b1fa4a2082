"""Every billing, member-content and sandbox route is in the OpenAPI document."""

from __future__ import annotations

import re

PREFIXES = ("/subscriptions", "/products", "/content", "/sandbox")


def documented(client) -> dict:
    return client.get("/api/openapi.json").get_json()["paths"]


def routes(app) -> set[tuple[str, str]]:
    found = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith(PREFIXES):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            found.add((path, method.lower()))
    return found


def test_every_route_is_documented(app, client):
    paths = documented(client)
    expected = routes(app)
    assert len(expected) >= 10
    missing = [(path, method) for path, method in expected if method not in paths.get(path, {})]
    assert missing == []
    assert "/sandbox/checkout/{session_id}" in paths


def test_stripe_apps_document_theirs_without_the_sandbox(stripe_app):
    paths = documented(stripe_app.test_client())
    assert "/subscriptions/webhooks/stripe" in paths
    assert not [path for path in paths if path.startswith("/sandbox")]
    missing = [(p, m) for p, m in routes(stripe_app) if m not in paths.get(p, {})]
    assert missing == []
