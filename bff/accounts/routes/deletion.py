"""Delete my account (Download my data gathers every domain's part: bff.my_data)."""

from __future__ import annotations

from flask.views import MethodView

from ...access.clock import clock
from ...access.viewer import current_viewer, forget_current_viewer
from ...platform.extensions import db
from .. import (
    erasure,
    schemas,
)
from .base import (
    blp,
    clear_refresh_cookie,
    context,
    with_password,
)


@blp.route("/account/delete")
class DeleteAccount(MethodView):
    @with_password(
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
        clear_refresh_cookie()
        return {"data": {"message": "Your account is deleted."}}
