"""/cms and /masterclasses: content for every screen, in the Strapi v3 dialect the client speaks."""

from __future__ import annotations

import datetime as dt
import hmac
import time
from collections.abc import Callable
from typing import Any, Protocol

from flask import Response, g, redirect, request, send_file
from flask.views import MethodView
from werkzeug.http import quote_etag

from ..access.rights import Rights
from ..access.viewer import ANYONE, current_viewer, rights_for
from ..platform.compression import accepts_gzip
from ..platform.config import Settings
from ..platform.context import ContextView
from ..platform.errors import ApiError
from ..platform.extensions import db
from ..platform.openapi import Blueprint, ContentBlueprint, stacked
from ..platform.security import allow_framing_by, origin_of
from ..platform.site_paths import is_site_path
from . import article_views, locked_schemas, preview, schemas
from .catalogue import LESSONS, PROGRAMS, TOUR, UPGRADE_PAGE, Catalogue, Listing
from .content_types import load_model
from .query import ListArgs, list_args
from .rendered import Rendered, RenderedAnswers, answer_key, render
from .upstream import UpstreamUnavailable, unavailable_answer

blp = ContentBlueprint(
    "cms", __name__, url_prefix="/cms", description="Content: the headless CMS, cached and guarded."
)
masterclasses = ContentBlueprint(
    "masterclasses", __name__, description="The masterclass with its purchase offer."
)
media = Blueprint("media", __name__)

# Guests share answers (a CDN may keep them briefly); signed-in answers are the viewer's own.
PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400"
PRIVATE_CACHE = "private, no-cache"
PREVIEW_CACHE = "private, no-store"
# error.item's schema, named by the error body (bff.platform.openapi): defined once it is imported.
ERROR_SCHEMAS = (locked_schemas.LockedItem,)
LOCKED_FOR_SALE = (
    "Locked for this viewer: error.item carries its public facts (LockedItem); when it is for"
    " sale (a chapter with its program, an episode with the masterclass), error.offer carries"
    " entity, entityId, title, hero_image and currentUserPrice"
)


class GatewayServices(Protocol):
    """What the gateway's routes read of the application context."""

    settings: Settings
    catalogue: Catalogue
    rendered: RenderedAnswers
    answer_progress: AnswerProgress

    @property
    def content_changed(self) -> ContentChanged: ...


context = ContextView[GatewayServices](__name__)


def catalogue() -> Catalogue:
    """The site's catalogue, or its drafts in a preview session."""
    found = context().catalogue
    return found.drafts if previewing() else found


@blp.before_app_request
def _framed_by_the_cms_in_preview() -> None:
    """Strapi's preview panel shows the site in a frame: a preview session's pages let the CMS's
    address (CMS_MEDIA_URL, by default CMS_URL) frame them."""
    if preview.COOKIE in request.cookies and previewing():
        origin = origin_of(context().settings.cms_media_url)
        if origin:
            allow_framing_by(origin)


def previewing() -> bool:
    """Does this request come from a preview session (preview.py)?"""
    if "cms_previewing" not in g:
        config = context().settings
        g.cms_previewing = bool(config.cms_preview_secret) and preview.is_session(
            db.session(), request.cookies.get(preview.COOKIE), time.time()
        )
    return g.cms_previewing


def rights() -> Rights:
    return rights_for(current_viewer(recent=True))


def content(answer) -> Response:
    """The answer as JSON with an ETag; a matching If-None-Match gets 304."""
    return respond(render(answer))


def kept(build: Callable[[], Any], args: dict | None = None) -> Response:
    """An answer the same for every viewer, made of cached content alone, kept rendered in this
    worker (rendered.py). It must depend on nothing but the route and its validated ``args``:
    never on the database, the clock or the request otherwise."""
    return _kept(build, args, None)


def kept_for_viewer(build: Callable[[Rights], Any], args: dict | None = None) -> Response:
    """The same as ``kept`` for an answer that depends on the viewer's rights too (locks and
    prices): ``build`` gets them, and they are part of the key."""
    viewer_rights = rights()
    return _kept(lambda: build(viewer_rights), args, viewer_rights)


def _kept(build: Callable[[], Any], args: dict | None, viewer_rights: Rights | None) -> Response:
    if previewing():
        return respond(render(build()))  # drafts: never kept, never shared
    key = answer_key(request.path, args or {}, viewer_rights)
    return respond(context().rendered.get(key, build))


def respond(rendered: Rendered) -> Response:
    """The rendered answer with its caching headers, gzipped for clients that take it (the
    gzip copy is made once per kept answer); a matching If-None-Match gets 304."""
    if previewing():
        cache_control = PREVIEW_CACHE
    elif request.headers.get("Authorization"):
        cache_control = PRIVATE_CACHE
    else:
        cache_control = PUBLIC_CACHE
    headers = {
        "ETag": quote_etag(rendered.etag, weak=True),
        "Cache-Control": cache_control,
        "Vary": "Authorization, Accept-Encoding",
    }
    body = rendered.body
    if accepts_gzip() and rendered.gzipped is not None:
        body, headers["Content-Encoding"] = rendered.gzipped, "gzip"
    response = Response(body, mimetype="application/json", headers=headers)
    # Only a conditional request has anything to decide (werkzeug's check is a good part of a
    # kept answer's cost).
    if "If-None-Match" in request.headers or "If-Match" in request.headers:
        return response.make_conditional(request)
    return response


def parsed(args: dict, listing: Listing | None = None) -> ListArgs:
    """The paging (and, for a listing, the sort and filters) of a list's arguments."""
    return list_args(
        start=args.get("start"),
        limit=args.get("limit"),
        sort=args.get("sort"),
        sort_by=args.get("sort_by"),
        filters={name: args.get(name, []) for name in listing.filters} if listing else {},
        sort_keys=listing.sorts if listing else {},
    )


blp.errorhandler(UpstreamUnavailable)(unavailable_answer)
masterclasses.errorhandler(UpstreamUnavailable)(unavailable_answer)


def _today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


# Home and articles -----------------------------------------------------------------------


@blp.route("/hubs/home")
class HomeHub(MethodView):
    @blp.access(ANYONE)
    @blp.response(200, schemas.Home)
    def get(self):
        """The home page: hero, slideshow and its sections with their cards."""

        def most_viewed(limit):
            return catalogue().most_viewed(
                article_views.most_viewed_ids(db.session, _today(), limit), limit
            )

        return content(catalogue().home(rights(), most_viewed))


@blp.route("/articles")
class Articles(MethodView):
    @blp.arguments(schemas.Paging(), location="query")
    @blp.response(200, schemas.ArticleCard(many=True))
    def get(self, args):
        """News articles, newest first."""
        paging = parsed(args)
        return kept(lambda: catalogue().list_articles(paging.start, paging.limit), args)


@blp.route("/articles/mostviewed")
class MostViewedArticles(MethodView):
    @blp.arguments(schemas.MostViewedArgs(), location="query")
    @blp.response(200, schemas.ArticleCard(many=True))
    def get(self, args):
        """The most read articles of the last 30 days (the newest when there are no reads)."""
        ranked = article_views.most_viewed_ids(db.session, _today(), args["limit"])
        return content(catalogue().most_viewed(ranked, args["limit"]))


@blp.route("/articles/<article_id>")
class ArticleDetail(MethodView):
    @blp.response(200, schemas.Article)
    @blp.errors({404: "No such article"})
    def get(self, article_id):
        """One article with its markdown content and author; counts as a read.

        ``article_id`` is the article's id, or its slug when it is not a number."""
        key = int(article_id) if article_id.isascii() and article_id.isdigit() else article_id
        answer = catalogue().article(key)
        if not previewing():  # an editor's look at a draft is not a read
            reader = article_views.reader_of(
                context().settings.secret_key,
                current_viewer(recent=True).user_id,
                request.remote_addr or "",
                request.headers.get("User-Agent", ""),
            )
            article_views.record_view(db.session, answer["id"], _today(), reader)
        return content(answer)


def _item_route(answer, locked: str, missing: str):
    """One item any viewer may ask for, which may be locked for them (403) or not exist (404)."""
    return stacked(
        blp.access(ANYONE), blp.response(200, answer), blp.errors({403: locked, 404: missing})
    )


def _with_progress(
    read: Callable[[Rights], dict], add_progress: Callable[[dict, int | None], dict]
) -> Response:
    """An item with the viewer's progress in it: a guest's is the same for every guest, so it
    is kept rendered."""
    member = _member()
    if member is None:
        return kept_for_viewer(lambda rights: add_progress(read(rights), None))
    return content(add_progress(read(rights()), member))


# Lessons ---------------------------------------------------------------------------------


def _list_route(name: str, listing: Listing, args, card, summary: str) -> None:
    """GET /content/<name>: a list of cards any viewer may read, paged, sorted and filtered as
    its query says, kept rendered for each set of rights."""

    def get(self, args):
        return kept_for_viewer(
            lambda rights: catalogue().list_of(listing, parsed(args, listing), rights), args
        )

    documented = stacked(
        blp.access(ANYONE),
        blp.arguments(args(), location="query"),
        blp.response(200, card(many=True)),
    )
    blp.one_method(f"/{name}", name.title(), "get", documented(get), summary)


_list_route(
    "lessons",
    LESSONS,
    schemas.LessonListArgs,
    schemas.LessonCard,
    """Lessons, paged, sorted (title, created_at, subscription_level, difficulty_level) and
    filtered by lesson_category, difficulty_level and teacher ids (repeat a name for any of
    several).""",
)


@blp.route("/lessons/count")
class LessonCount(MethodView):
    @blp.arguments(schemas.LessonFilters(), location="query")
    @blp.response(200, {"type": "integer", "minimum": 0}, description="A bare integer")
    def get(self, args):
        """How many lessons there are (with the same filters as the list)."""
        filters = {name: tuple(args.get(name, [])) for name in LESSONS.filters}
        return kept(
            lambda: catalogue().count(LESSONS, {k: v for k, v in filters.items() if v}), args
        )


@blp.route("/lessons/<int:lesson_id>")
class LessonDetail(MethodView):
    @_item_route(schemas.Lesson, LOCKED_FOR_SALE, "No such lesson")
    def get(self, lesson_id):
        """One lesson with its chapters, and the viewer's progress in each and overall (0 for
        guests)."""
        return _with_progress(
            lambda rights: catalogue().lesson(lesson_id, rights), _progress().in_lesson
        )


def _options_route(collection: str, schema, summary: str, sort: str = "name") -> None:
    """GET /content/<collection>: a filter panel's options, as the CMS lists them."""

    def get(self):
        return kept(lambda: catalogue().options(collection, sort))

    view = collection.title().replace("-", "")
    blp.one_method(
        f"/{collection}", view, "get", blp.response(200, schema(many=True))(get), summary
    )


_options_route("teachers", schemas.Option, "Teachers, for the lessons filter.")
_options_route(
    "difficulty-levels",
    schemas.Level,
    "The eight levels, for the lessons and programs filters.",
    "rank",
)
_options_route("lesson-categories", schemas.Option, "Lesson themes, for the lessons filter.")
_options_route("topics", schemas.Option, "Program topics, for the programs filter.")
_options_route("trainers", schemas.Option, "Program trainers, for the programs filter.")


# Programs --------------------------------------------------------------------------------


_list_route(
    "programs",
    PROGRAMS,
    schemas.ProgramListArgs,
    schemas.ProgramCard,
    """Programs, paged, sorted (title, created_at, subscription_level) and filtered by topic,
    level and trainers ids.""",
)


@blp.route("/programs/<int:program_id>")
class ProgramDetail(MethodView):
    @_item_route(schemas.Program, LOCKED_FOR_SALE, "No such program")
    def get(self, program_id):
        """One program: trainers, level, bullet points, chapters, intro video, related program,
        and the viewer's progress (per chapter and overall; 0 for guests)."""
        answer = catalogue().program(program_id, rights())
        return content(context().answer_progress.in_program(answer, _member()))


@blp.route("/program-chapters/<int:chapter_id>")
class ProgramChapterDetail(MethodView):
    @_item_route(schemas.ProgramChapter, LOCKED_FOR_SALE, "No such chapter")
    def get(self, chapter_id):
        """One program chapter with its video subchapters, the program's other chapters and the
        viewer's progress (per subchapter and for the chapter; 0 for guests)."""
        answer = catalogue().program_chapter(chapter_id, rights())
        return content(context().answer_progress.in_chapter(answer, _member()))


def _member() -> int | None:
    return current_viewer(recent=True).user_id


# What follows a purge: the search index re-reads what the event changed (bff.search hands it
# in through the application context, as it builds on the gateway).
ContentChanged = Callable[[set[str]], None]


class AnswerProgress(Protocol):
    """A member's learning progress written into program and chapter answers, after the cache
    like the locks. Progress is its own domain (bff.learning.progress.ANSWER_PROGRESS), which
    builds on the gateway: create_app hands it in."""

    def in_program(self, program: dict, user_id: int | None) -> dict: ...

    def in_chapter(self, chapter: dict, user_id: int | None) -> dict: ...

    def in_lesson(self, lesson: dict, user_id: int | None) -> dict: ...

    def in_episode(self, episode: dict, user_id: int | None) -> dict: ...

    def in_masterclass(self, masterclass: dict, user_id: int | None) -> dict: ...


def _progress() -> AnswerProgress:
    """Guests' answers get the same progress fields, at 0 (and no database read: they are kept
    rendered)."""
    return context().answer_progress


# Masterclass, videos, pages --------------------------------------------------------------


@blp.route("/masterclass_episodes/<int:episode_id>")
class EpisodeDetail(MethodView):
    @_item_route(schemas.Episode, LOCKED_FOR_SALE, "No such episode")
    def get(self, episode_id):
        """One masterclass episode with the other episodes of its chapter, and the viewer's
        progress in each (0 for guests)."""
        return _with_progress(
            lambda rights: catalogue().episode(episode_id, rights), _progress().in_episode
        )


@masterclasses.route("/masterclasses/<slug>")
class MasterclassDetail(MethodView):
    @masterclasses.access(ANYONE)
    @masterclasses.response(200, schemas.MasterclassAnswer)
    @masterclasses.errors({404: "No such masterclass"})
    def get(self, slug):
        """The masterclass: purchase offer (iap, with purchased for this viewer) and chapters,
        with the viewer's progress in each episode (0 for guests)."""
        return _with_progress(
            lambda rights: catalogue().masterclass(slug, rights),
            lambda answer, member: {"data": _progress().in_masterclass(answer, member)},
        )


@blp.route("/videos/<int:video_id>")
class VideoDetail(MethodView):
    @_item_route(schemas.Video, LOCKED_FOR_SALE, "No such video")
    def get(self, video_id):
        """One documentary or chess journey with related videos."""
        return kept_for_viewer(lambda rights: catalogue().video(video_id, rights))


@blp.route("/grand-chess-tour")
class GrandChessTour(MethodView):
    @blp.response(200, schemas.GrandChessTour)
    def get(self):
        """The Grand Chess Tour page: live video, the season's events, about."""
        return kept(lambda: catalogue().single_page("grand-chess-tour", TOUR))


@blp.route("/upgrade-page")
class UpgradePage(MethodView):
    @blp.response(200, schemas.UpgradePage)
    def get(self):
        """The upgrade page's content: banner, Learn, Watch and Play, testimonials."""
        return kept(lambda: catalogue().single_page("upgrade-page", UPGRADE_PAGE))


@blp.route("/list-page")
class ListPage(MethodView):
    @blp.response(200, schemas.ListPage)
    @blp.errors({404: "Editors have not written it yet"})
    def get(self):
        """Headings and introductions of the lessons, articles and programs pages."""
        return kept(lambda: catalogue().list_page())


@blp.route("/legal-pages/<slug>")
class LegalPageDetail(MethodView):
    @blp.response(200, schemas.LegalPage)
    @blp.errors({404: "No such page"})
    def get(self, slug):
        """A legal page: terms, refund-policy, disclaimer, acceptable-use, dmca, privacy or
        cookie-policy."""
        return kept(lambda: catalogue().legal_page(slug))


# Previews ---------------------------------------------------------------------------------


@blp.route("/preview")
class PreviewStart(MethodView):
    @blp.arguments(schemas.PreviewLink, location="query")
    @blp.doc(responses={"303": {"description": "To the page, in a preview session of drafts"}})
    @blp.errors({403: "The link is wrong, has expired or was used", 404: "Previews are not set up"})
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


@blp.route("/preview/exit")
class PreviewEnd(MethodView):
    @blp.arguments(schemas.PreviewExit, location="query")
    @blp.doc(responses={"303": {"description": "To the page, out of the preview session"}})
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


# Purges ----------------------------------------------------------------------------------


@blp.route("/webhooks/strapi")
class StrapiWebhook(MethodView):
    @blp.arguments(schemas.WebhookEvent)
    @blp.response(202, schemas.PurgedAnswer)
    @blp.errors({401: "Missing or wrong secret"})
    def post(self, event):
        """Purge what a Strapi entry.* or media.* event changed, in every worker and instance.

        Strapi sends the secret as `Authorization: Bearer <CMS_WEBHOOK_SECRET>` (set it in the
        webhook's headers or in Strapi's `webhooks.defaultHeaders`)."""
        secret = context().settings.cms_webhook_secret
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if (
            not secret
            or scheme.lower() != "bearer"
            or not hmac.compare_digest(given.strip().encode(), secret.encode())
        ):
            raise ApiError(401, "unauthorized", "The webhook secret is missing or wrong.")
        tags = purge_tags(event)
        catalogue().cache.purge(tags)
        context().content_changed(tags)
        return {"data": {"purged": sorted(tags)}}


# Events of a type with drafts that may only touch a draft (publish, unpublish and delete always
# touch what the site shows).
DRAFT_EVENTS = {"entry.create", "entry.update"}


def purge_tags(event: dict) -> set[str]:
    """The cache tags a Strapi webhook event touches."""
    name = event.get("event", "")
    if name.startswith("media."):
        media_id = (event.get("media") or {}).get("id")
        return {f"media:{media_id}"} if media_id is not None else set()
    if not name.startswith("entry."):
        return set()
    model = load_model()
    content_type = model.types.get(event.get("uid") or "")
    if content_type is None:
        content_type = next(
            (t for t in model.types.values() if t.singular == event.get("model")), None
        )
    if content_type is None:
        return set()
    entry = event.get("entry") or {}
    if name in DRAFT_EVENTS and content_type.drafts and not entry.get("publishedAt"):
        return set()  # a draft saved: the site shows it once it is published
    tags = {content_type.rest_path}
    entry_id = entry.get("public_id", entry.get("id"))
    if entry_id is not None and content_type.kind == "collectionType":
        tags.add(f"{content_type.plural}:{entry_id}")
    return tags


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
