"""The /users routes: parse with a schema, call a service, dump with a schema.

Sessions: the access token (JWT, 15 minutes) travels in the body and comes back as
`Authorization: Bearer`. The refresh token (30 days, rotated on every use) lives in the httpOnly
cookie `refresh_token` scoped to /users; apps (platform ios/android) also get it in the body and
present it to /users/token_refresh and /users/logout in the `X-Refresh-Token` header.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Protocol
from urllib.parse import urlencode

from argon2 import PasswordHasher
from flask import after_this_request, redirect, request
from flask.views import MethodView

from ..access.clock import clock
from ..access.viewer import ANYONE, MEMBERS, current_viewer, forget_current_viewer
from ..platform import ratelimit
from ..platform.config import Settings
from ..platform.context import ContextView
from ..platform.errors import ApiError
from ..platform.extensions import db
from ..platform.mail import Mailer
from ..platform.metrics import SIGN_INS, outcome_counted
from ..platform.openapi import Blueprint, stacked
from ..platform.security import origin_of
from ..platform.storage import Storage
from . import (
    confirmation,
    email_change,
    erasure,
    lookups,
    profile,
    recovery,
    registration,
    rules,
    schemas,
    sign_in,
)
from .afterwards import after_the_answer
from .erasure import MemberData
from .mails import Links, Mailing, member_mail
from .models import User
from .profile import SubscriptionOf
from .social import SocialVerifier

log = logging.getLogger(__name__)

blp = Blueprint(
    "users",
    __name__,
    url_prefix="/users",
    description="Accounts: registration, sign-in, sessions, profile, password recovery.",
)

REFRESH_COOKIE = "refresh_token"
REFRESH_HEADER = "X-Refresh-Token"
# How a refresh token travels (README: sessions): the web's cookie, or the apps' header.
REFRESH_SCHEMES = {
    "refresh_cookie": {"type": "apiKey", "in": "cookie", "name": REFRESH_COOKIE},
    "refresh_header": {"type": "apiKey", "in": "header", "name": REFRESH_HEADER},
}
REFRESH_SECURITY = [{"refresh_cookie": []}, {"refresh_header": []}]
# Signing out without a session is no error: there is nothing left to end.
SIGN_OUT_SECURITY = [{}, *REFRESH_SECURITY]
COOKIE_PATH = "/users"
# Avatar uploads per member (README: Accounts, profile).
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


def _links() -> Links:
    return Links(context().settings.public_base_url)


def _mailing() -> Mailing:
    return Mailing(context().mail, _links())


def _profile_of(user: User) -> dict:
    services = context()
    return profile.user_profile(user, services.storage, services.profile_subscription)


def _secret() -> str:
    return context().settings.jwt_secret_key


def _verify(provider: str, credential: str, platform: str):
    return context().social.verify(provider, credential, platform=platform)


# Cookies and the session answer --------------------------------------------------------------


def _set_refresh_cookie(token: str, max_age: int) -> None:
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


def _clear_refresh_cookie() -> None:
    secure = context().settings.is_production

    @after_this_request
    def _cookie(response):
        response.delete_cookie(
            REFRESH_COOKIE, path=COOKIE_PATH, httponly=True, secure=secure, samesite="Lax"
        )
        return response


def _session_answer(
    signed_in: sign_in.SignedIn, platform: str, *, header_transport: bool = False
) -> dict:
    """Access token and user in the body; the refresh token in the cookie, and in the body for
    apps. A refresh token that came in the header goes back in the body only."""
    if not header_transport:
        max_age = round((signed_in.refresh.expires_at - clock()).total_seconds())
        _set_refresh_cookie(signed_in.refresh.token, max_age)
    data = {
        "access": signed_in.access,
        "user": _profile_of(signed_in.user),
    }
    if header_transport or platform in registration.APP_PLATFORMS:
        data["refresh"] = signed_in.refresh.token
    return data


def _presented_refresh_token() -> tuple[str | None, bool]:
    """The refresh token and whether it came in the header (apps) rather than the cookie.

    A browser sends the cookie (SameSite=Lax) along with any top-level navigation, one that
    another site starts too: a refresh or a sign-out by cookie that the browser does not say
    comes from this very origin is refused (403 ``forbidden``) before anything changes. The
    apps' header is never sent on anyone else's behalf, and they send no Sec-Fetch-* headers."""
    cookie = request.cookies.get(REFRESH_COOKIE)
    if cookie:
        if _from_another_site():
            log.warning("Refused %s by cookie: the request came from another site", request.path)
            raise ApiError(403, "forbidden")
        return cookie, False
    header = request.headers.get(REFRESH_HEADER, "").strip()
    return (header or None), bool(header)


def _from_another_site() -> bool:
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


# Registration --------------------------------------------------------------------------------


def _registration(body: dict) -> dict:
    credential = next(
        (
            body.get(name)
            for name in ("token", "access_token", "id_token", "code")
            if body.get(name)
        ),
        None,
    )
    form = registration.RegistrationForm(
        type=body["type"],
        username=body.get("username"),
        email=body.get("email"),
        password=body.get("password"),
        country=body.get("country"),
        skill_level=body.get("skill_level"),
        terms=body.get("terms"),
        subscribe=bool(body.get("subscribe")),
        platform=body["platform"],
        credential=credential,
    )
    registered = registration.register(
        db.session,
        form,
        now=clock(),
        hasher=context().password_hasher,
        secret=_secret(),
        verify=_verify,
        mailing=_mailing(),
    )
    if registered.signed_in is None:
        return {
            "data": {
                "access": None,
                "user": _profile_of(registered.user),
                "email_confirmation_required": True,
            }
        }
    data = _session_answer(registered.signed_in, form.platform)
    return {"data": {**data, "email_confirmation_required": False}}


REGISTER_ERRORS = {
    400: "Invalid field (its message in error.fields; README: Accounts, validation),"
    " or a social credential problem",
    409: "user_username_exists or user_email_exists",
}


def _registration_route(body):
    """The three ways to register: one limit, one answer, the same failures."""
    return blp.form(body, schemas.RegisteredEnvelope, REGISTER_ERRORS, limit="register", status=201)


@blp.route("/register")
class Register(MethodView):
    @_registration_route(schemas.RegisterBody)
    def post(self, body):
        """Register by e-mail or through a social provider.

        type=email: the account is created unconfirmed, a confirmation mail is sent and no
        session starts (access is null; signing in before confirming gives user_cant_login).
        type=facebook|google|apple: the provider vouches for the person (token: the socialToken
        of a user_doesnt_exist answer, or a fresh provider credential); the account is created
        and signed in at once, as /users/login answers.
        """
        return _registration(body), 201


@blp.route("/register_no_confirm")
class RegisterNoConfirm(MethodView):
    @_registration_route(schemas.RegisterSocialBody)
    def post(self, body):
        """Register through a social provider only; never sends mail, signs in at once.

        The same service as /users/register with a social type; e-mail accounts are refused
        here because they must confirm their address.
        """
        return _registration(body), 201


@blp.route("/register_email")
class RegisterEmail(MethodView):
    @_registration_route(schemas.RegisterEmailBody)
    def post(self, body):
        """Register by e-mail only (type may be left out); sends the confirmation mail.

        The same service as /users/register with type=email.
        """
        return _registration(body), 201


# Confirmation --------------------------------------------------------------------------------


def _mailed_link(redirects: str):
    """A mailed link followed in a browser: its token in the query, answered by a redirect."""
    return stacked(
        blp.arguments(schemas.MailedTokenArgs, location="query"),
        blp.doc(responses={"302": {"description": redirects}}),
    )


def _recovery_route(body, errors: dict[int, str]):
    """A step taken without a session, with a mailed token or to be mailed one: counted against
    the recovery limit, answered by a message."""
    return blp.form(body, schemas.AccountMessageEnvelope, errors, limit="recovery")


def _followed(action: Callable[[], object], page: str, done: str):
    """A mailed link followed: take the action, then open the page with ``done`` in its query,
    or with the error's code when the action failed. Each follow counts against the recovery
    limit, as the apps' POST does (a browser over it lands on ``?error=rate_limited``)."""
    try:
        ratelimit.count("recovery", request.remote_addr or "unknown")
        action()
    except ApiError as error:
        return redirect(f"{page}?" + urlencode({"error": error.code}), code=302)
    return redirect(f"{page}?{done}", code=302)


@blp.route("/confirm_email")
class ConfirmEmail(MethodView):
    @_mailed_link(
        "To /login?confirmed=1, or /login?error=email_verification_invalid_token when the link"
        " is unknown, used or expired"
    )
    def get(self, args):
        """The link in the confirmation mail: confirms the address, then opens the login page."""
        return _followed(
            lambda: confirmation.confirm_email(db.session, args.get("token") or "", now=clock()),
            "/login",
            "confirmed=1",
        )

    @_recovery_route(schemas.MailedTokenBody, {400: "email_verification_invalid_token"})
    def post(self, body):
        """Confirm an address from an app (the token of the mailed link)."""
        confirmation.confirm_email(db.session, body["token"], now=clock())
        return {"data": {"message": "Your e-mail address is confirmed. You can now log in."}}


# Sign-in, refresh, sign-out ------------------------------------------------------------------


def _sign_in_route(body, errors: dict[int, str], method: str = "password"):
    """A sign-in: counted against the login limit, answered by a session; its outcome is
    counted by method for operators (bff_sign_ins_total)."""
    form = blp.form(body, schemas.UserSessionEnvelope, errors, limit="login")
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
            secret=_secret(),
            mailing=_mailing(),
        )
        return {"data": _session_answer(signed_in, body["platform"])}


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
        secret=_secret(),
        verify=_verify,
    )
    return {"data": _session_answer(signed_in, platform)}


def _social_route(provider: str, schema, credential: str, summary: str) -> None:
    """POST /users/<provider>: the providers' sign-ins differ only in the credential they give."""

    def post(self, body):
        return _social(provider, body[credential], body["platform"])

    signs_in = _sign_in_route(schema, SOCIAL_ERRORS, provider)(post)
    blp.one_method(f"/{provider}", f"{provider.title()}Login", "post", signs_in, summary)


_social_route(
    "facebook", schemas.FacebookBody, "access_token", "Sign in with a Facebook access token."
)
_social_route("google", schemas.GoogleBody, "id_token", "Sign in with a Google id_token.")
_social_route("apple", schemas.AppleBody, "code", "Sign in with an Apple authorization code.")


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
        (cookie, or the body for the header). Reusing a rotated token ends the session."""
        token, from_header = _presented_refresh_token()
        if not token:
            raise ApiError(401, "user_refresh_token_expired")
        try:
            signed_in = sign_in.refresh_session(db.session, token, now=clock(), secret=_secret())
        except ApiError:
            if not from_header:
                _clear_refresh_cookie()
            raise
        return {"data": _session_answer(signed_in, "web", header_transport=from_header)}


@blp.route("/logout")
class Logout(MethodView):
    @blp.doc(security=SIGN_OUT_SECURITY)
    @blp.response(200, schemas.AccountMessageEnvelope)
    @blp.errors({403: CROSS_SITE})
    def get(self):
        """End the session of the presented refresh token (cookie or X-Refresh-Token): it can
        no longer refresh, and its access tokens stop working."""
        token, _ = _presented_refresh_token()
        sign_in.sign_out(db.session, token, now=clock())
        _clear_refresh_cookie()
        with contextlib.suppress(ApiError):  # a bearer token sent along: not trusted here again
            forget_current_viewer()
        return {"data": {"message": "You are logged out."}}


# Profile -------------------------------------------------------------------------------------


def _with_password(body, answer, errors: dict[int, str]):
    """A member's change confirmed with their password: each call tries a password, so it counts
    against the login limit as a sign-in does."""
    return blp.form(body, answer, errors, limit="login", access=MEMBERS)


@blp.route("/profile")
class Profile(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, schemas.UserEnvelope)
    def get(self):
        """The signed-in user."""
        user = profile.get_user(db.session, current_viewer().user_id)
        return {"data": _profile_of(user)}

    @blp.access(MEMBERS)
    @blp.arguments(schemas.ProfileBody, required=False)
    @blp.response(200, schemas.UserEnvelope)
    @blp.doc(
        requestBody={
            "content": {
                "application/json": {"schema": schemas.ProfileBody},
                "multipart/form-data": {"schema": schemas.AvatarBody},
            }
        }
    )
    @blp.errors(
        {
            400: "An invalid field (its message in error.fields: names, username,"
            " country, skill_level), or avatar_invalid (not a JPEG, PNG or WebP image, or one"
            " too large: at most 4096 px a side and 16 megapixels; a baseline JPEG 8192 and 50)",
            409: "user_username_exists: another account has that username",
            413: "payload_too_large: 'Data size limit is 10MB'",
            415: "unsupported_media_type: a body that is neither JSON nor multipart",
            429: f"rate_limited: too many avatar uploads (a member may make {AVATAR_UPLOADS})",
        }
    )
    def post(self, body):
        """Change any of firstname, lastname, username, country and skill_level (JSON; a
        field left out stays as it is), or the avatar (multipart field `avatar`).

        The avatar is re-encoded to WebP, at most 512 px, without metadata; the one it replaces
        is deleted.
        """
        user_id = current_viewer().user_id
        if request.mimetype == "multipart/form-data":
            # Counted before the upload is read: re-encoding is the dearest call a member makes.
            ratelimit.count("avatar", f"member:{user_id}", default=AVATAR_UPLOADS)
            unknown = sorted((set(request.form) | set(request.files)) - {"avatar"})
            if unknown:  # as AvatarBody says: the avatar and nothing else
                raise ApiError(
                    400, "validation_failed", fields=dict.fromkeys(unknown, "Unknown field.")
                )
            upload = request.files.get("avatar")  # documented by AvatarBody
            if upload is None:
                raise ApiError(400, "validation_failed", fields={"avatar": rules.REQUIRED})
            data = upload.read()
            user = profile.update_avatar(db.session, user_id, data, context().storage)
        else:
            if request.get_data(cache=True) and not request.is_json:
                # Neither JSON nor a picture: not read as an empty change that answers 200.
                raise ApiError(415, "unsupported_media_type")
            changes = {key: (value or "").strip() or None for key, value in body.items()}
            user = profile.update_profile(db.session, user_id, changes)
        return {"data": _profile_of(user)}


@blp.route("/change_password")
class ChangePassword(MethodView):
    @_with_password(
        schemas.ChangePasswordBody,
        schemas.UserSessionEnvelope,
        {
            400: "user_wrong_password (the current password, in error.fields), "
            "user_password_required, user_passwords_dont_match or a new password the rules refuse",
        },
    )
    def post(self, body):
        """Change the password, giving the current one. Every session of the account ends,
        this one's too; the answer starts a new one as a sign-in does (access token in the body,
        refresh token in the cookie, and in the body for ios/android)."""
        signed_in = profile.change_password(
            db.session,
            current_viewer().user_id,
            body.get("current_password"),
            body.get("password"),
            body.get("password_confirmation"),
            now=clock(),
            hasher=context().password_hasher,
            secret=_secret(),
        )
        forget_current_viewer()
        _tell_of_the_change(signed_in.user)
        return {"data": _session_answer(signed_in, body["platform"])}


# E-mail change -------------------------------------------------------------------------------


@blp.route("/change_email")
class ChangeEmail(MethodView):
    @_with_password(
        schemas.ChangeEmailBody,
        schemas.EmailChangeAskedEnvelope,
        {
            400: "An invalid address (README: Accounts, validation), the account's own address,"
            " user_password_required or user_wrong_password (in error.fields.password)",
            409: "user_email_exists: another account has that address",
        },
    )
    def post(self, body):
        """Ask to change the account's e-mail address, giving the password. A link valid once
        and for 24 hours is mailed to the new address; the address changes only when it is
        followed, and the old address is then told."""
        address = email_change.request_email_change(
            db.session,
            current_viewer().user_id,
            body.get("password"),
            body.get("email"),
            now=clock(),
            hasher=context().password_hasher,
            mailing=_mailing(),
        )
        message = f"We sent a link to {address}. Follow it to use this address."
        return {"data": {"message": message, "email": address}}


EMAIL_CHANGE_ERRORS = {
    400: "email_verification_invalid_token: the link is unknown, used or expired",
    409: "user_email_exists: another account took the address since",
}


@blp.route("/confirm_email_change")
class ConfirmEmailChange(MethodView):
    @_mailed_link(
        "To /account?email_changed=1, or /account?error=<code> (one of"
        " email_verification_invalid_token, user_email_exists)"
    )
    def get(self, args):
        """The link in the mail to the new address: makes the change, then opens the account
        page."""
        return _followed(
            lambda: email_change.confirm_email_change(
                db.session,
                args.get("token"),
                now=clock(),
                mailing=_mailing(),
                parts=context().member_data,
            ),
            "/account",
            "email_changed=1",
        )

    @_recovery_route(schemas.MailedTokenBody, EMAIL_CHANGE_ERRORS)
    def post(self, body):
        """Make the change from an app (the token of the mailed link)."""
        email_change.confirm_email_change(
            db.session,
            body["token"],
            now=clock(),
            mailing=_mailing(),
            parts=context().member_data,
        )
        return {"data": {"message": "Your e-mail address is changed."}}


@blp.route("/cancel_email_change")
class CancelEmailChange(MethodView):
    @_mailed_link(
        "To /login?email_change_cancelled=1, or /login?error=email_verification_invalid_token"
        " (unknown or expired, or the change was made or stopped already)"
    )
    def get(self, args):
        """The link in the mail to the old address: stops the change and signs every device out
        (whoever asked knew the password), then opens the login page."""
        return _followed(
            lambda: email_change.cancel_email_change(db.session, args.get("token"), now=clock()),
            "/login",
            "email_change_cancelled=1",
        )

    @_recovery_route(
        schemas.MailedTokenBody,
        {400: "email_verification_invalid_token: the link is unknown, expired or spent"},
    )
    def post(self, body):
        """Stop an e-mail change from an app (the token of the link mailed to the old address);
        every session of the account ends."""
        email_change.cancel_email_change(db.session, body["token"], now=clock())
        return {"data": {"message": "The change of your e-mail address is stopped."}}


# Download my data, delete my account ---------------------------------------------------------


@blp.route("/account/export")
class AccountExport(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, schemas.AccountExportEnvelope)
    def get(self):
        """Download my data: everything the site keeps about the member (profile, newsletter,
        memberships, purchases, payments, progress, exercises), as one JSON document to
        save."""
        services = context()
        exported = erasure.export_account(
            db.session,
            current_viewer().user_id,
            storage=services.storage,
            subscription_of=services.profile_subscription,
            parts=services.member_data,
            now=clock(),
        )

        @after_this_request
        def _attachment(response):
            response.headers["Content-Disposition"] = 'attachment; filename="my-data.json"'
            response.headers["Cache-Control"] = "no-store"
            return response

        return {"data": exported}


@blp.route("/account/delete")
class DeleteAccount(MethodView):
    @_with_password(
        schemas.DeleteAccountBody,
        schemas.AccountMessageEnvelope,
        {
            400: "user_password_required or user_wrong_password (in error.fields.password)",
            503: "payment_provider_unavailable: the membership could not be canceled; nothing"
            " was deleted",
        },
    )
    def post(self, body):
        """Delete my account, confirmed with the password: the membership is canceled at the
        payment provider, personal data and the avatar are erased, payments are kept without
        anything that says whose, and every session ends (the refresh cookie is cleared)."""
        services = context()
        erasure.delete_account(
            db.session,
            current_viewer().user_id,
            body.get("password"),
            now=clock(),
            hasher=services.password_hasher,
            storage=services.storage,
            parts=services.member_data,
        )
        forget_current_viewer()
        _clear_refresh_cookie()
        return {"data": {"message": "Your account is deleted."}}


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


# Password recovery ---------------------------------------------------------------------------


RESET_SENT = "We sent you an email with instructions to reset your password."


@blp.route("/start_password_recovery")
class StartPasswordRecovery(MethodView):
    @_recovery_route(schemas.StartRecoveryBody, {400: "Invalid e-mail"})
    def post(self, body):
        """Mail a one-hour, single-use reset link; the answer is the same for unknown addresses,
        and as fast: the account is looked up and the link mailed after the answer."""
        address = recovery.recovery_address(body.get("email"))
        now, mailing = clock(), _mailing()
        after_the_answer(
            lambda: recovery.send_reset_link(db.session, address, now=now, mailing=mailing),
            "send a password reset link",
        )
        return {"data": {"message": RESET_SENT}}


@blp.route("/recover_password")
class RecoverPassword(MethodView):
    @_recovery_route(
        schemas.RecoverPasswordBody,
        {400: "password_recovery_invalid_token, user_passwords_dont_match or invalid password"},
    )
    def post(self, body):
        """Set a new password with the mailed token; every session of the account ends."""
        user = recovery.recover_password(
            db.session,
            body.get("token"),
            body.get("password"),
            body.get("password_confirmation"),
            now=clock(),
            hasher=context().password_hasher,
        )
        _tell_of_the_change(user)
        return {"data": {"message": "Your password has been updated."}}


def _tell_of_the_change(user: User) -> None:
    """Mail the member, after the answer, that their password changed."""
    mail = member_mail("password_changed", user.email, user.username, _links().login())
    sender = context().mail
    after_the_answer(lambda: sender.send(mail), "tell a member their password changed")
