"""Security headers on every answer: the site's CSP, framing, HSTS in production, nosniff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bff.billing.providers.sandbox.provider import PAGE_STYLE
from bff.platform.security import PAGE_SCRIPT, inline_hash

from .builders import make_member
from .production import PRODUCTION, STRIPE

ROOT = Path(__file__).resolve().parents[2]
SIGN_IN_SDKS = (
    "https://connect.facebook.net",
    "https://accounts.google.com/gsi/client",
    "https://appleid.cdn-apple.com",
)


def directives(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = sources
    return parsed


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/home"),
        ("GET", "/assets/main.1a2b3c4d.js"),
        ("GET", "/cms/lessons?_limit=2"),
        ("GET", "/cms/lessons?_limit=nope"),
        ("GET", "/users/profile"),
        ("POST", "/users/login"),
        ("GET", "/no/such/file.png"),
        ("GET", "/healthz"),
        ("GET", "/api/openapi.json"),
    ],
)
def test_every_answer_has_the_headers(client, method, path):
    response = client.open(path, method=method)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert directives(response)["frame-ancestors"] == ["'none'"]
    assert "Strict-Transport-Security" not in response.headers


def test_the_site_policy_allows_this_site_the_video_host_and_the_sign_in_sdks(client):
    policy = directives(client.get("/home"))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", PAGE_SCRIPT, *SIGN_IN_SDKS]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert "https://www.dailymotion.com" in policy["frame-src"]
    assert policy["img-src"] == ["'self'", "data:"]
    every_source = [source for sources in policy.values() for source in sources]
    assert not [s for s in every_source if "unsafe" in s or s in ("*", "https:", "http:")]


def test_the_policy_allows_the_pages_inline_script_and_no_other():
    """The hash the policy names is that of the one inline script of client/index.html: an
    edit of the script without the hash would have browsers refuse it."""
    shell = (ROOT / "client" / "index.html").read_text()
    inline = re.findall(r"<script>(.*?)</script>", shell, re.DOTALL)
    assert [inline_hash(script) for script in inline] == [PAGE_SCRIPT]


def test_a_304_keeps_the_headers(client):
    first = client.get("/cms/lessons?_limit=2")
    again = client.get("/cms/lessons?_limit=2", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.headers["X-Frame-Options"] == "DENY" and "Content-Security-Policy" in again.headers


def test_strapi_media_is_allowed_as_images(make_app):
    app = make_app(
        CMS_URL="http://cms.test", CMS_TOKEN="t", CMS_MEDIA_URL="https://media.example/cdn"
    )
    policy = directives(app.test_client().get("/home"))
    assert policy["img-src"] == ["'self'", "data:", "https://media.example"]


def test_hsts_only_in_production(make_app):
    response = make_app(**PRODUCTION, **STRIPE).test_client().get("/home")
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"


@pytest.mark.parametrize("value", ["1", "true"])
def test_embedded_views_may_be_framed_by_the_configured_ancestors(make_app, value):
    app = make_app(EMBED_FRAME_ANCESTORS="'self' https://app.example")
    response = app.test_client().get(f"/lessons/3?embedded={value}&token=x")
    assert directives(response)["frame-ancestors"] == ["'self'", "https://app.example"]
    assert "X-Frame-Options" not in response.headers
    assert directives(response)["script-src"] == ["'self'", PAGE_SCRIPT, *SIGN_IN_SDKS]


def test_embedded_views_default_to_this_site_only(client):
    response = client.get("/home?embedded=1")
    assert directives(response)["frame-ancestors"] == ["'self'"]
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert directives(client.get("/home?embedded=0"))["frame-ancestors"] == ["'none'"]


def test_swagger_ui_runs_without_inline_script(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert not re.search(r"<script>", html), "every script has a src"
    policy = directives(page)
    assert policy["script-src"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"]
    assert page.headers["X-Frame-Options"] == "DENY"
    start = client.get("/api/docs/start.js")
    assert start.status_code == 200 and b"SwaggerUIBundle" in start.data
    assert b"/api/openapi.json" in page.data
    assert policy["style-src"] == ["'self'"] and policy["img-src"] == ["'self'", "data:"]


def test_the_sandbox_checkout_page_allows_exactly_its_own_style(client, app):
    _, headers = make_member(app)
    started = client.post(
        "/subscriptions/web/checkout/new_subscription",
        json={"plan_id": "pro_monthly_usd"},
        headers=headers,
    )
    url = started.get_json()["data"]["url"]
    page = client.get(url[url.index("/sandbox/") :])
    assert page.status_code == 200
    policy = directives(page)
    assert policy["style-src"] == [inline_hash(PAGE_STYLE)]
    assert policy["default-src"] == ["'none'"] and "script-src" not in policy
    assert f"<style>{PAGE_STYLE}</style>" in page.get_data(as_text=True)


def test_rate_limits_count_per_client_behind_the_load_balancer(make_app):
    app = make_app(PROXY_HOPS="1", RATE_LIMIT_CHECK="2 per minute")
    client = app.test_client()

    def check(address):
        return client.get(
            "/users/check?username=someone", headers={"X-Forwarded-For": address}
        ).status_code

    assert [check("203.0.113.7") for _ in range(3)] == [200, 200, 429]
    assert check("198.51.100.2") == 200, "another client is not limited"
    # Only the hop the balancer added counts: a client cannot pick its own address.
    assert check("198.51.100.9, 203.0.113.7") == 429


def test_without_proxy_hops_forwarded_headers_are_ignored(make_app):
    client = make_app(RATE_LIMIT_CHECK="1 per minute").test_client()
    first = client.get("/users/check?username=someone", headers={"X-Forwarded-For": "192.0.2.1"})
    second = client.get("/users/check?username=someone", headers={"X-Forwarded-For": "192.0.2.2"})
    assert (first.status_code, second.status_code) == (200, 429)
