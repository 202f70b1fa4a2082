"""/cms/search: lessons, programs, articles, videos and masterclass episodes found by words.

It lives beside the gateway's content (and speaks its dialect: a bare list, `_limit` and
`_start`) because the site's own /search is the client's search screen."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from ..access.viewer import ANYONE, current_viewer, rights_for
from ..cms.answers import content
from ..cms.upstream import UpstreamUnavailable, unavailable_answer
from ..platform.extensions import db
from ..platform.openapi import CONTENT_ANSWER_DOC, Blueprint
from . import schemas
from .current import context
from .documents import KINDS

blp = Blueprint(
    "search",
    __name__,
    url_prefix="/cms/search",
    description="Site search across lessons, programs, articles, videos and masterclass episodes.",
)


@blp.route("")
class Search(MethodView):
    @blp.access(ANYONE)
    @blp.doc(**CONTENT_ANSWER_DOC)  # answered as the gateway's answers are
    @blp.arguments(schemas.SearchArgs(), location="query")
    @blp.response(200, schemas.SearchResult(many=True))
    @blp.errors(
        {
            400: "No word to search for, an unknown type, or a page out of bounds",
            503: "The content service is unavailable and the index is not built yet",
        }
    )
    def get(self, args: dict[str, Any]) -> Response:
        """Items whose words match every word of `q`, titles first, then the people they are
        by, then descriptions and bodies. A word matches as the start of a word, whatever its
        accents and case; a word of five letters or more also matches words one typo away.
        Results carry card fields and `locked` for this viewer, never a video-host id."""
        kinds = (args["type"],) if args.get("type") else KINDS
        rights = rights_for(current_viewer(recent=True))
        found = context().search.find(
            db.session(), args["q"], kinds, args["start"], args["limit"], rights
        )
        # As the gateway's answers go: compact JSON with an ETag and its caching headers (the
        # document's schema describes it; dumping it through the schema again costs time).
        return content(found)


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
