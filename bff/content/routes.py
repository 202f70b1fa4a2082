"""/content: the footer, newsletter sign-up and learning progress."""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from ..access.clock import clock
from ..access.rights import rights_for
from ..access.viewer import ANYONE, MEMBERS, current_viewer
from ..accounts import newsletter, profile, rules
from ..app_context import app_context
from ..cms.normalize import subchapter_id
from ..cms.upstream import UpstreamUnavailable, unavailable_answer
from ..extensions import db
from ..openapi import Blueprint
from ..ratelimit import limited
from . import footer, progress, schemas

blp = Blueprint(
    "content",
    __name__,
    url_prefix="/content",
    description="Member calls: footer, newsletter sign-up, learning progress.",
)


def catalogue():
    return app_context().catalogue


@blp.route("/footer")
class Footer(MethodView):
    @blp.access(ANYONE)
    @blp.response(200, schemas.FooterEnvelope)
    def get(self):
        """Social links (from the CMS footer) and whether the signed-in member's e-mail gets the
        newsletter (false for guests)."""
        viewer = current_viewer()
        try:
            content = footer.footer_content(catalogue())
        except UpstreamUnavailable as error:
            # The footer is on every page: without the CMS it keeps its newsletter form.
            current_app.logger.warning("Footer without links, the CMS is unavailable: %s", error)
            content = None
        email = None if viewer.is_guest else profile.get_user(db.session, viewer.user_id).email
        return {
            "data": {
                "subscribed": newsletter.is_subscribed(db.session, email),
                "urls": footer.social_urls(content),
            }
        }


@blp.route("/subscribe")
class Subscribe(MethodView):
    @limited("subscribe")
    @blp.access(ANYONE)
    @blp.arguments(schemas.SubscribeBody)
    @blp.response(200, schemas.SubscribedEnvelope)
    @blp.errors({400: "Missing or invalid e-mail", 409: "already_subscribed", 429: "rate_limited"})
    def post(self, body):
        """Subscribe an e-mail address to the newsletter (SPEC §5: required, e-mail format)."""
        email = rules.normalise_email(body.get("email") or "")
        rules.raise_problems([rules.email_problem(email)])
        viewer = current_viewer()
        newsletter.sign_up(db.session, email, viewer.user_id, now=clock())
        return {"data": {"email": email, "subscribed": True}}


@blp.route("/progress")
class Progress(MethodView):
    @blp.access(MEMBERS)
    @blp.arguments(schemas.ProgressBody)
    @blp.response(200, schemas.ProgressEnvelope)
    @blp.errors(
        {
            400: "invalid_progress_id, or a missing or invalid field",
            403: "content_locked: its program is locked for this member",
            404: "not_found: no such chapter or subchapter",
        }
    )
    def post(self, body):
        """Record how far the member watched a program subchapter (the furthest is kept)."""
        viewer = current_viewer()
        chapter_id, position = progress.parse_subchapter_id(body["id"])
        chapter = catalogue().program_chapter(chapter_id, rights_for(viewer))
        progress.check_position(chapter, position)
        kept = progress.record_progress(
            db.session, viewer.user_id, chapter_id, position, body["progress"], now=clock()
        )
        return {
            "data": {
                "id": subchapter_id(chapter_id, position),
                "type": body["type"],
                "progress": kept,
            }
        }


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
