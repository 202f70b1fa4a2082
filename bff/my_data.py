"""Download my data: the account's own part and every domain's, in one document."""

from __future__ import annotations

from flask import after_this_request
from flask.views import MethodView

from .access.clock import clock
from .access.viewer import MEMBERS, current_viewer
from .accounts import erasure
from .accounts.routes.base import blp, context
from .accounts.schemas import account_export_envelope
from .billing.member_data import BillingData
from .learning.member_data import ProgressData
from .platform.extensions import db
from .preferences.member_data import PreferencesData
from .puzzles.member_data import PuzzleData
from .reminders.member_data import ReminderData
from .review import ReviewData

# Each domain that keeps something about a member adds its part here and to create_app's list.
PARTS = (BillingData, ProgressData, PuzzleData, ReviewData, ReminderData, PreferencesData)


@blp.route("/account/export")
class AccountExport(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, account_export_envelope(part.export_fields for part in PARTS))
    def get(self):
        """Download my data: everything the site keeps about the member (profile, newsletter,
        memberships, purchases, payments, progress, exercises, puzzles, review, devices,
        reminders and board preferences), as one JSON document to save."""
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
