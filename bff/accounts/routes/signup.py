"""Registration by e-mail or a social provider, and the confirmation of an address."""

from __future__ import annotations

from flask.views import MethodView

from ...access.clock import clock
from ...access.idempotent import idempotent
from ...platform.extensions import db
from .. import (
    confirmation,
    registration,
    schemas,
)
from . import base
from .base import blp, verify_social

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
        hasher=base.context().password_hasher,
        secret=base.jwt_secret(),
        verify=verify_social,
        mailing=base.site_mailing(),
    )
    if registered.signed_in is None:
        return {
            "data": {
                "access": None,
                "expires_in": None,
                "user": base.profile_of(registered.user),
                "email_confirmation_required": True,
            }
        }
    data = base.session_answer(registered.signed_in, form.platform)
    return {"data": {**data, "email_confirmation_required": False}}


REGISTER_ERRORS = {
    400: "Invalid field (its message in error.fields; docs/accounts.md, validation),"
    " or a social credential problem",
    409: "user_username_exists or user_email_exists",
}


def _registration_route(body):
    """The three ways to register: one limit, one answer, the same failures."""
    form = blp.json_body(
        body, schemas.RegisteredEnvelope, REGISTER_ERRORS, limit="register", status=201
    )
    # A retried registration (its answer lost) gets the first answer again, not a 409.
    return lambda view: idempotent(form(view))


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


@blp.route("/confirm_email")
class ConfirmEmail(MethodView):
    @base.mailed_link(
        "To /login?confirmed=1, or /login?error=email_verification_invalid_token when the link"
        " is unknown, used or expired"
    )
    def get(self, args):
        """The link in the confirmation mail: confirms the address, then opens the login page."""
        return base.followed(
            lambda: confirmation.confirm_email(db.session, args.get("token") or "", now=clock()),
            "/login",
            "confirmed=1",
        )

    @base.recovery_route(schemas.MailedTokenBody, {400: "email_verification_invalid_token"})
    def post(self, body):
        """Confirm an address from an app (the token of the mailed link)."""
        confirmation.confirm_email(db.session, body["token"], now=clock())
        return {"data": {"message": "Your e-mail address is confirmed. You can now log in."}}
