"""Password recovery: the mailed link, then the new password."""

from __future__ import annotations

from flask.views import MethodView

from ...access.clock import clock
from ...platform.extensions import db
from .. import (
    recovery,
    schemas,
)
from ..afterwards import after_the_answer
from .base import (
    blp,
    context,
    recovery_route,
    site_mailing,
    tell_of_the_change,
)

# Password recovery ---------------------------------------------------------------------------


RESET_SENT = "We sent you an email with instructions to reset your password."


@blp.route("/start_password_recovery")
class StartPasswordRecovery(MethodView):
    @recovery_route(schemas.StartRecoveryBody, {400: "Invalid e-mail"})
    def post(self, body):
        """Mail a one-hour, single-use reset link; the answer is the same for unknown addresses,
        and as fast: the account is looked up and the link mailed after the answer."""
        address = recovery.recovery_address(body.get("email"))
        now, mailing = clock(), site_mailing()
        after_the_answer(
            lambda: recovery.send_reset_link(db.session, address, now=now, mailing=mailing),
            "send a password reset link",
        )
        return {"data": {"message": RESET_SENT}}


@blp.route("/recover_password")
class RecoverPassword(MethodView):
    @recovery_route(
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
        tell_of_the_change(user)
        return {"data": {"message": "Your password has been updated."}}
