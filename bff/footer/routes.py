"""/content/footer, /content/subscribe and /content/unsubscribe: the footer and the newsletter."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView

from ..access.clock import clock
from ..access.idempotent import idempotent
from ..access.viewer import ANYONE, MEMBERS, current_viewer
from ..accounts import newsletter, profile, rules
from ..app_context import app_context
from ..cms.catalogue import Catalogue
from ..cms.upstream import UpstreamUnavailable, unavailable_answer
from ..platform.conditional import etagged
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from . import links, schemas

blp = Blueprint(
    "footer",
    __name__,
    url_prefix="/content",
    description="The footer on every page: social links and the newsletter sign-up.",
)


def catalogue() -> Catalogue:
    return app_context().catalogue


def _member() -> int:
    viewer = current_viewer()
    assert viewer.user_id is not None  # MEMBERS lets only members in
    return viewer.user_id


@blp.route("/footer")
class Footer(MethodView):
    @etagged("viewer")
    @blp.access(ANYONE)
    @blp.response(200, schemas.FooterEnvelope)
    def get(self) -> dict[str, Any]:
        """Social links (from the CMS footer) and whether the signed-in member's e-mail gets the
        newsletter (false for guests)."""
        viewer = current_viewer()
        try:
            content = links.footer_content(catalogue())
        except UpstreamUnavailable as error:
            # The footer is on every page: without the CMS it keeps its newsletter form.
            current_app.logger.warning("Footer without links, the CMS is unavailable: %s", error)
            content = None
        email = (
            None if viewer.user_id is None else profile.get_user(db.session(), viewer.user_id).email
        )
        return {
            "data": {
                "subscribed": newsletter.is_subscribed(db.session(), email),
                "urls": links.social_urls(content),
            }
        }


@blp.route("/subscribe")
class Subscribe(MethodView):
    @blp.limited("subscribe")
    @blp.access(ANYONE)
    @idempotent
    @blp.arguments(schemas.SubscribeBody)
    @blp.response(200, schemas.SubscribedEnvelope)
    @blp.errors({400: "Missing or invalid e-mail", 409: "already_subscribed"})
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Subscribe an e-mail address to the newsletter (docs/accounts.md, validation)."""
        email = rules.normalise_email(body.get("email") or "")
        rules.raise_problems([rules.email_problem(email)])
        viewer = current_viewer()
        newsletter.sign_up(db.session(), email, viewer.user_id, now=clock())
        return {"data": {"email": email, "subscribed": True}}


@blp.route("/unsubscribe")
class Unsubscribe(MethodView):
    @blp.access(MEMBERS)
    @blp.response(200, schemas.SubscribedEnvelope)
    def post(self) -> dict[str, Any]:
        """Turn the newsletter off for the signed-in member's own address (the account page's
        switch); an address not on the list answers the same."""
        email = profile.get_user(db.session(), _member()).email
        newsletter.sign_off(db.session(), email)
        return {"data": {"email": email, "subscribed": False}}


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
