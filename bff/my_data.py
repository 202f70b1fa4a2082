"""Download my data: the account's own part and every domain's, in one document."""

from __future__ import annotations

from typing import Any

from flask import Response, after_this_request
from flask.views import MethodView

from .access.clock import clock
from .access.viewer import MEMBERS, current_viewer
from .accounts import erasure
from .accounts.routes.base import blp, context
from .accounts.schemas import account_export_envelope
from .domains import DOMAINS
from .platform.extensions import db

# Each domain's part, as the export's document shows it (create_app hands the same parts to
# accounts for the export itself and the erasure).
PARTS = tuple(domain.member_data for domain in DOMAINS if domain.member_data is not None)


def _member() -> int:
    viewer = current_viewer()
    assert viewer.user_id is not None  # MEMBERS lets only members in
    return viewer.user_id


@blp.route("/account/export")
class AccountExport(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, account_export_envelope(part.export_fields for part in PARTS))
    def get(self) -> dict[str, Any]:
        """Download my data: everything the site keeps about the member (profile, newsletter,
        memberships, purchases, payments, progress, exercises, puzzles, review, devices,
        reminders and board preferences), as one JSON document to save."""
        services = context()
        exported = erasure.export_account(
            db.session(),
            _member(),
            storage=services.storage,
            subscription_of=services.profile_subscription,
            parts=services.member_data,
            now=clock(),
        )

        @after_this_request
        def _attachment(response: Response) -> Response:
            response.headers["Content-Disposition"] = 'attachment; filename="my-data.json"'
            response.headers["Cache-Control"] = "no-store"
            return response

        return {"data": exported}
