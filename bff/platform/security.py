"""Security headers on every answer: the site's Content-Security-Policy, framing, HSTS, sniffing.

One policy covers the site: its own files, the one inline script of its pages, the video host's
player and the three sign-in SDKs, nothing else. A page that needs something else (Swagger UI,
the sandbox checkout) registers a policy of its own for its endpoint with ``page_policy``, never
loosening the site's. Embedded views (``?embedded=1``) may be framed by EMBED_FRAME_ANCESTORS,
and a request may let one more origin frame its answer (``allow_framing_by``: the CMS's preview
panel); nothing else may be framed.
"""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import urlsplit

from flask import Flask, Response, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .config import Settings

# The sign-in providers' web SDKs (client/src/features/account/social-sdk.ts) and what each
# loads itself: Google's documented CSP for Identity Services, Facebook's login dialog and
# status calls, Apple's sign-in page.
SIGN_IN_SCRIPTS = (
    "https://connect.facebook.net",
    "https://accounts.google.com/gsi/client",
    "https://appleid.cdn-apple.com",
)
SIGN_IN_STYLES = ("https://accounts.google.com/gsi/style",)
# The one inline script of the site's pages (client/index.html): it marks the document of a
# browser where a member is signed in before the first screen is drawn, and a tap on the first
# screen's buttons before the app's code has come (docs/pages.md). Allowed by its hash, which
# tests/bff/test_security_headers.py holds to the script.
PAGE_SCRIPT = "'sha256-dS+k4hhugTJnacPKtLjO0ee8fpA9gg264GvK0Ye3TTw='"
SIGN_IN_CONNECT = (
    "https://accounts.google.com/gsi/",
    "https://www.facebook.com",
    "https://graph.facebook.com",
)
SIGN_IN_FRAMES = (
    "https://accounts.google.com/gsi/",
    "https://www.facebook.com",
    "https://appleid.apple.com",
)

PAGE_POLICIES = "bff.page_policies"
EMBEDDED_VALUES = ("1", "true")
HSTS = "max-age=31536000; includeSubDomains"
REFERRER_POLICY = "strict-origin-when-cross-origin"


def allow_framing_by(origin: str) -> None:
    """Let ``origin`` (and this site) frame the answer to the current request."""
    g.framed_by = origin


def origin_of(url: str | None) -> str | None:
    """scheme://host[:port] of an absolute http(s) URL, else None."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def policy(directives: dict[str, tuple[str, ...] | list[str]]) -> str:
    return "; ".join(" ".join((name, *sources)) for name, sources in directives.items())


def site_directives(settings: Settings) -> dict[str, tuple[str, ...]]:
    """The site's policy, without frame-ancestors (which depends on the request)."""
    media = origin_of(settings.cms_media_url) if settings.cms_url else None
    return {
        "default-src": ("'self'",),
        "script-src": ("'self'", PAGE_SCRIPT, *SIGN_IN_SCRIPTS),
        # The built client has no inline styles; React sets style properties through the
        # CSSOM, which style-src does not govern.
        "style-src": ("'self'", *SIGN_IN_STYLES),
        "img-src": ("'self'", "data:", *((media,) if media else ())),
        "font-src": ("'self'",),
        "connect-src": ("'self'", *SIGN_IN_CONNECT),
        "frame-src": (*settings.video_embed_origins, *SIGN_IN_FRAMES),
        "object-src": ("'none'",),
        "base-uri": ("'self'",),
        "form-action": ("'self'",),
    }


def page_policy(app: Flask, endpoint: str, directives: dict[str, tuple[str, ...]]) -> None:
    """Give the answers of one endpoint a policy of their own (never framed either)."""
    app.extensions.setdefault(PAGE_POLICIES, {})[endpoint] = policy(
        {**directives, "frame-ancestors": ("'none'",)}
    )


def inline_hash(text: str) -> str:
    """The CSP source that allows exactly this inline <style> or <script> body."""
    digest = hashlib.sha256(text.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def is_embedded() -> bool:
    # Most requests name no such argument: their query string is not parsed for it.
    return (
        b"embedded" in request.query_string
        and request.args.get("embedded", "").lower() in EMBEDDED_VALUES
    )


def init_app(app: Flask, settings: Settings) -> None:
    """Trust PROXY_HOPS proxies' X-Forwarded-* headers; add the headers to every answer."""
    if settings.proxy_hops:
        # Behind a load balancer the client's address and scheme arrive in X-Forwarded-For and
        # -Proto: rate limits count per client, not per balancer. Only as many hops as there
        # are proxies, so a client cannot forge its address.
        hops = settings.proxy_hops
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=0)

    site = policy(site_directives(settings))
    framed_by = settings.embed_frame_ancestors
    pages = app.extensions.setdefault(PAGE_POLICIES, {})
    # The headers of each kind of answer, made once (they are the same for every request).
    every = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": REFERRER_POLICY}
    if settings.is_production:
        every["Strict-Transport-Security"] = HSTS
    unframed = {
        **every,
        "Content-Security-Policy": f"{site}; frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
    }
    # The apps' embedded views: framed by the origins EMBED_FRAME_ANCESTORS names.
    embedded = {**every, "Content-Security-Policy": f"{site}; frame-ancestors {framed_by}"}
    if framed_by == "'self'":
        embedded["X-Frame-Options"] = "SAMEORIGIN"

    @app.after_request
    def _security_headers(response: Response) -> Response:
        own = pages.get(request.endpoint or "")
        if own:
            chosen = {**every, "Content-Security-Policy": own, "X-Frame-Options": "DENY"}
        elif g.get("framed_by"):
            framed = f"{site}; frame-ancestors 'self' {g.framed_by}"
            chosen = {**every, "Content-Security-Policy": framed}
            response.headers.pop("X-Frame-Options", None)
        else:
            chosen = embedded if is_embedded() else unframed
        response.headers.update(chosen)
        return response
