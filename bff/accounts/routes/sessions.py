"""Sign-in (password and social), the session's refresh and sign-out."""

from __future__ import annotations

import contextlib
from datetime import timedelta

from flask.views import MethodView

from ...access.clock import clock
from ...access.viewer import forget_current_viewer
from ...platform.errors import ApiError
from ...platform.extensions import db
from ...platform.metrics import SIGN_INS, outcome_counted
from .. import (
    schemas,
    sign_in,
)
from ..social.apple import IdentityToken
from .base import (
    REFRESH_SECURITY,
    SIGN_OUT_SECURITY,
    blp,
    clear_refresh_cookie,
    context,
    jwt_secret,
    presented_refresh_token,
    session_answer,
    site_mailing,
    verify_social,
)

# Sign-in, refresh, sign-out ------------------------------------------------------------------


def _sign_in_route(body, errors: dict[int, str], method: str = "password"):
    """A sign-in: counted against the login limit, answered by a session; its outcome is
    counted by method for operators (bff_sign_ins_total)."""
    form = blp.json_body(body, schemas.UserSessionEnvelope, errors, limit="login")
    return lambda view: form(outcome_counted(SIGN_INS, method)(view))


@blp.route("/login")
class Login(MethodView):
    @_sign_in_route(
        schemas.LoginBody,
        {
            400: "user_username_or_password_missing",
            401: "user_wrong_password",
            403: "user_cant_login (e-mail not confirmed; the mail is sent again)"
            " or user_deactivated",
            404: "user_doesnt_exist",
        },
    )
    def post(self, body):
        """Sign in with e-mail and password: access token in the body, refresh token in the
        cookie (and in the body for ios/android)."""
        signed_in = sign_in.login(
            db.session,
            body.get("username"),
            body.get("password"),
            now=clock(),
            hasher=context().password_hasher,
            secret=jwt_secret(),
            mailing=site_mailing(),
        )
        return {"data": session_answer(signed_in, body["platform"])}


SOCIAL_ERRORS = {
    400: "An invalid field",
    401: "user_invalid_token or user_invalid_auth_code (with errorType)",
    404: "user_doesnt_exist with errorType, email (the provider's, or null) and socialToken"
    " (30 minutes) to send as token to /users/register; or social_provider_not_configured: this"
    " site does not offer that provider (error.errorType names it)",
    503: "social_provider_unavailable (with errorType)",
}


def _social(provider: str, credential: str, platform: str) -> dict:
    signed_in = sign_in.social_sign_in(
        db.session,
        provider,
        credential,
        platform,
        now=clock(),
        secret=jwt_secret(),
        verify=verify_social,
    )
    return {"data": session_answer(signed_in, platform)}


@blp.route("/facebook")
class FacebookLogin(MethodView):
    @_sign_in_route(schemas.FacebookBody, SOCIAL_ERRORS, "facebook")
    def post(self, body):
        """Sign in with a Facebook access token."""
        return _social("facebook", body["access_token"], body["platform"])


@blp.route("/google")
class GoogleLogin(MethodView):
    @_sign_in_route(schemas.GoogleBody, SOCIAL_ERRORS, "google")
    def post(self, body):
        """Sign in with a Google id_token."""
        return _social("google", body["id_token"], body["platform"])


@blp.route("/apple")
class AppleLogin(MethodView):
    @_sign_in_route(schemas.AppleBody, SOCIAL_ERRORS, "apple")
    def post(self, body):
        """Sign in with an Apple authorization code, or an app's identityToken."""
        token = body.get("identity_token")
        credential = IdentityToken(token) if token else body.get("code", "")
        return _social("apple", credential, body["platform"])


@blp.route("/social_providers")
class SocialProviders(MethodView):
    @blp.response(200, schemas.SocialProvidersEnvelope)
    def get(self):
        """Which social sign-ins are on, with the public ids their buttons need; each one that is
        off is null and listed in `unavailable` with the message its button shows."""
        return {"data": context().social.public_config()}


CROSS_SITE = (
    "forbidden: the refresh cookie came with a request this origin did not start (a"
    " Sec-Fetch-Site other than same-origin, or an Origin of another site); nothing changed"
)


@blp.route("/token_refresh")
class TokenRefresh(MethodView):
    @blp.response(200, schemas.UserSessionEnvelope)
    @blp.errors({401: "user_refresh_token_expired", 403: CROSS_SITE})
    @blp.doc(security=REFRESH_SECURITY)
    def get(self):
        """A new access token; the refresh token is rotated and comes back the way it came
        (cookie, or the body for the header). Reusing a rotated token ends the session, unless
        it comes again within REFRESH_REUSE_GRACE_SECONDS of its rotation and the token that
        rotation gave was never used (its answer was lost): then a fresh pair is answered."""
        token, from_header = presented_refresh_token()
        if not token:
            raise ApiError(401, "user_refresh_token_expired")
        try:
            signed_in = sign_in.refresh_session(
                db.session,
                token,
                now=clock(),
                secret=jwt_secret(),
                grace=timedelta(seconds=context().settings.refresh_reuse_grace_seconds),
            )
        except ApiError:
            if not from_header:
                clear_refresh_cookie()
            raise
        return {"data": session_answer(signed_in, "web", header_transport=from_header)}


@blp.route("/logout")
class Logout(MethodView):
    @blp.doc(security=SIGN_OUT_SECURITY)
    @blp.response(200, schemas.AccountMessageEnvelope)
    @blp.errors({403: CROSS_SITE})
    def get(self):
        """End the session of the presented refresh token (cookie or X-Refresh-Token): it can
        no longer refresh, and its access tokens stop working."""
        token, _ = presented_refresh_token()
        sign_in.sign_out(db.session, token, now=clock())
        clear_refresh_cookie()
        with contextlib.suppress(ApiError):  # a bearer token sent along: not trusted here again
            forget_current_viewer()
        return {"data": {"message": "You are logged out."}}
