"""Editors' previews of drafts (/cms/preview) and the seed's images (/media)."""

from __future__ import annotations

import time

from flask import redirect, request, send_file
from flask.views import MethodView

from ..platform.errors import ApiError
from ..platform.extensions import db
from ..platform.openapi import Blueprint
from ..platform.security import allow_framing_by, origin_of
from ..platform.site_paths import is_site_path
from . import preview, route_schemas
from .answers import catalogue, previewing
from .routes import context

previews = Blueprint(
    "preview", __name__, url_prefix="/cms", description="Editors' previews of drafts."
)
media = Blueprint("media", __name__)


@previews.before_app_request
def _framed_by_the_cms_in_preview() -> None:
    """Strapi's preview panel shows the site in a frame: a preview session's pages let the CMS's
    address (CMS_MEDIA_URL, by default CMS_URL) frame them."""
    if preview.COOKIE in request.cookies and previewing():
        origin = origin_of(context().settings.cms_media_url)
        if origin:
            allow_framing_by(origin)


# Previews ---------------------------------------------------------------------------------


@previews.route("/preview")
class PreviewStart(MethodView):
    @previews.arguments(route_schemas.PreviewLink, location="query")
    @previews.doc(responses={"303": {"description": "To the page, in a preview session of drafts"}})
    @previews.errors(
        {403: "The link is wrong, has expired or was used", 404: "Previews are not set up"}
    )
    def get(self, link):
        """Strapi's Preview button: starts a preview session of drafts in this browser (15
        minutes), then opens the page. The link is signed with CMS_PREVIEW_SECRET, expires and
        works once."""
        config = context().settings
        if not config.cms_preview_secret:
            raise ApiError(404, "not_found", "Previews are not set up on this site.")
        if not preview.check_link(
            config.cms_preview_secret,
            link["path"],
            link["expires"],
            link["signature"],
            now=time.time(),
        ):
            raise ApiError(
                403,
                "forbidden",
                "This preview link is wrong or has expired. Open the preview again from the CMS.",
            )
        token = preview.start_session(db.session, link["signature"], time.time())
        if token is None:
            raise ApiError(
                403,
                "forbidden",
                "This preview link was used already. Open the preview again from the CMS.",
            )
        response = redirect(link["path"], code=303)
        cookies = {"max_age": preview.SESSION_SECONDS, "secure": config.is_production}
        response.set_cookie(
            preview.COOKIE,
            token,
            httponly=True,
            samesite="Lax",
            **cookies,
        )
        response.set_cookie(preview.BAND_COOKIE, "1", samesite="Lax", **cookies)
        response.headers["Cache-Control"] = "no-store"
        return response


@previews.route("/preview/exit")
class PreviewEnd(MethodView):
    @previews.arguments(route_schemas.PreviewExit, location="query")
    @previews.doc(responses={"303": {"description": "To the page, out of the preview session"}})
    def get(self, args):
        """Leaves the preview session: it ends (its cookie reads drafts no more, wherever it
        was copied), and the published site shows again."""
        preview.end_session(db.session, request.cookies.get(preview.COOKIE), time.time())
        path = args.get("path", "/home")
        response = redirect(path if is_site_path(path) else "/home", code=303)
        secure = context().settings.is_production
        response.delete_cookie(preview.COOKIE, httponly=True, samesite="Lax", secure=secure)
        response.delete_cookie(preview.BAND_COOKIE, samesite="Lax", secure=secure)
        response.headers["Cache-Control"] = "no-store"
        return response


# Seed media (embedded store only) ---------------------------------------------------------


@media.route("/media/<path:relative>")
def media_file(relative: str):
    """Images of the seed content, served when the embedded store is the CMS."""
    try:
        found = catalogue().upstream.media_file(relative)
    except (OSError, ValueError):  # a name no file can have: a NUL byte, a segment too long
        found = None
    if found is None:
        raise ApiError(404, "not_found")
    return send_file(found, max_age=7 * 24 * 3600, conditional=True)
