"""What every /users route shares: the blueprint, services, session cookie and route shapes."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol
from urllib.parse import urlencode

from argon2 import PasswordHasher
from flask import after_this_request, redirect, request

from ...access.clock import clock
from ...access.tokens import ACCESS_TOKEN_EXPIRES_IN
from ...access.viewer import MEMBERS
from ...platform import ratelimit
from ...platform.config import Settings
from ...platform.context import ContextView
from ...platform.domain import MemberData
from ...platform.errors import ApiError
from ...platform.mail import Mailer
from ...platform.openapi import Blueprint, stacked
from ...platform.security import origin_of
from ...platform.storage import Storage
from .. import (
    profile,
    registration,
    schemas,
    sign_in,
)
from ..afterwards import after_the_answer
from ..mails import Links, Mailing, member_mail
from ..models import User
from ..profile import SubscriptionOf
from ..social import SocialVerifier

log = logging.getLogger(__name__)

blp = Blueprint(
    "users",
    __name__,
    url_prefix="/users",
    description="Accounts: registration, sign-in, sessions, profile, password recovery.",
)

REFRESH_COOKIE = "refresh_token"
REFRESH_HEADER = "X-Refresh-Token"
# How a refresh token travels (docs/accounts.md, sessions): the web's cookie, or the apps' header.
REFRESH_SCHEMES = {
    "refresh_cookie": {"type": "apiKey", "in": "cookie", "name": REFRESH_COOKIE},
    "refresh_header": {"type": "apiKey", "in": "header", "name": REFRESH_HEADER},
}
REFRESH_SECURITY = [{"refresh_cookie": []}, {"refresh_header": []}]
# Signing out without a session is no error: there is nothing left to end.
SIGN_OUT_SECURITY = [{}, *REFRESH_SECURITY]
COOKIE_PATH = "/users"
# Avatar uploads per member (docs/accounts.md, profile).
AVATAR_UPLOADS = "10 per hour"


class AccountServices(Protocol):
    """What the /users routes read of the application context, to hand to the services."""

    settings: Settings
    mail: Mailer
    storage: Storage
    password_hasher: PasswordHasher
    social: SocialVerifier

    @property
    def profile_subscription(self) -> SubscriptionOf: ...

    member_data: tuple[MemberData, ...]


context = ContextView[AccountServices](__name__)


def site_links() -> Links:
    return Links(context().settings.public_base_url)


def site_mailing() -> Mailing:
    return Mailing(context().mail, site_links())


def profile_of(user: User) -> dict:
    services = context()
    return profile.user_profile(user, services.storage, services.profile_subscription)


def jwt_secret() -> str:
    return context().settings.jwt_secret_key


def verify_social(provider: str, credential: str, platform: str):
    return context().social.verify(provider, credential, platform=platform)


# Cookies and the session answer --------------------------------------------------------------


def set_refresh_cookie(token: str, max_age: int) -> None:
    secure = context().settings.is_production

    @after_this_request
    def _cookie(response):
        response.set_cookie(
            REFRESH_COOKIE,
            token,
            max_age=max_age,
            path=COOKIE_PATH,
            httponly=True,
            secure=secure,
            samesite="Lax",
        )
        return response


def clear_refresh_cookie() -> None:
    secure = context().settings.is_production

    @after_this_request
    def _cookie(response):
        response.delete_cookie(
            REFRESH_COOKIE, path=COOKIE_PATH, httponly=True, secure=secure, samesite="Lax"
        )
        return response


def session_answer(
    signed_in: sign_in.SignedIn, platform: str, *, header_transport: bool = False
) -> dict:
    """Access token, its lifetime and user in the body; the refresh token in the cookie, and in
    the body for apps (with its own lifetime, so an app knows when it must sign in again). A
    refresh token that came in the header goes back in the body only."""
    refresh_lifetime = round((signed_in.refresh.expires_at - clock()).total_seconds())
    if not header_transport:
        set_refresh_cookie(signed_in.refresh.token, refresh_lifetime)
    data = {
        "access": signed_in.access,
        "expires_in": ACCESS_TOKEN_EXPIRES_IN,
        "user": profile_of(signed_in.user),
    }
    if header_transport or platform in registration.APP_PLATFORMS:
        data["refresh"] = signed_in.refresh.token
        data["refresh_expires_in"] = refresh_lifetime
    return data


def presented_refresh_token() -> tuple[str | None, bool]:
    """The refresh token and whether it came in the header (apps) rather than the cookie.

    A browser sends the cookie (SameSite=Lax) along with any top-level navigation, one that
    another site starts too: a refresh or a sign-out by cookie that the browser does not say
    comes from this very origin is refused (403 ``forbidden``) before anything changes. The
    apps' header is never sent on anyone else's behalf, and they send no Sec-Fetch-* headers."""
    cookie = request.cookies.get(REFRESH_COOKIE)
    if cookie:
        if from_another_site():
            log.warning("Refused %s by cookie: the request came from another site", request.path)
            raise ApiError(403, "forbidden")
        return cookie, False
    header = request.headers.get(REFRESH_HEADER, "").strip()
    return (header or None), bool(header)


def from_another_site() -> bool:
    """Whether the browser says anything but this site's own pages started the request: a
    `Sec-Fetch-Site` other than `same-origin` (`same-site` too: a sibling subdomain is another
    site here; `none`, a typed address, too: the client's calls are fetches of its own), or an
    `Origin` that is neither this site's address nor PUBLIC_BASE_URL's (`null`, an origin a
    browser hides, included). A browser too old for Sec-Fetch-* is judged by its Origin."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site.strip().lower() != "same-origin":
        return True
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    ours = {origin_of(request.host_url), origin_of(context().settings.public_base_url)}
    return origin.strip().rstrip("/").lower() not in {o.lower() for o in ours if o}


# Shared route shapes --------------------------------------------------------------------------


def mailed_link(redirects: str):
    """A mailed link followed in a browser: its token in the query, answered by a redirect."""
    return stacked(
        blp.arguments(schemas.MailedTokenArgs, location="query"),
        blp.doc(responses={"302": {"description": redirects}}),
    )


def recovery_route(body, errors: dict[int, str]):
    """A step taken without a session, with a mailed token or to be mailed one: counted against
    the recovery limit, answered by a message."""
    return blp.json_body(body, schemas.AccountMessageEnvelope, errors, limit="recovery")


def followed(action: Callable[[], object], page: str, done: str):
    """A mailed link followed: take the action, then open the page with ``done`` in its query,
    or with the error's code when the action failed. Each follow counts against the recovery
    limit, as the apps' POST does (a browser over it lands on ``?error=rate_limited``)."""
    try:
        ratelimit.count("recovery", request.remote_addr or "unknown")
        action()
    except ApiError as error:
        return redirect(f"{page}?" + urlencode({"error": error.code}), code=302)
    return redirect(f"{page}?{done}", code=302)


def with_password(body, answer, errors: dict[int, str]):
    """A member's change confirmed with their password: each call tries a password, so it counts
    against the login limit as a sign-in does."""
    return blp.json_body(body, answer, errors, limit="login", access=MEMBERS)


def tell_of_the_change(user: User) -> None:
    """Mail the member, after the answer, that their password changed."""
    mail = member_mail("password_changed", user.email, user.username, site_links().login())
    sender = context().mail
    after_the_answer(lambda: sender.send(mail), "tell a member their password changed")
