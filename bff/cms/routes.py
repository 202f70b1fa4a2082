"""/cms and /masterclasses: content for every screen, in the Strapi v3 dialect the client speaks."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Protocol

from flask import Response, request
from flask.views import MethodView

from ..access.rights import Rights
from ..access.viewer import ANYONE, current_viewer
from ..platform.cdn import Cdn
from ..platform.config import Settings
from ..platform.context import ContextView
from ..platform.extensions import db
from ..platform.openapi import ContentBlueprint, stacked
from . import answer_fields, article_views, locked_schemas, page_schemas, route_schemas, schemas
from .answers import (
    catalogue,
    content,
    kept,
    kept_for_viewer,
    previewing,
    record_fetches,
    rights,
    stop_recording,
)
from .catalogue import Catalogue
from .editorial_pages import legal_page, list_page, single_page
from .home import home_page
from .listings import LESSONS, PROGRAMS, Listing
from .populate import TOUR, UPGRADE_PAGE
from .query import ListArgs, list_args
from .rendered import RenderedAnswers
from .upstream import UpstreamUnavailable, unavailable_answer

blp = ContentBlueprint(
    "cms", __name__, url_prefix="/cms", description="Content: the headless CMS, cached and guarded."
)
masterclasses = ContentBlueprint(
    "masterclasses", __name__, description="The masterclass with its purchase offer."
)
for _gateway in (blp, masterclasses):  # the tags of what each answer is made of (answers.py)
    _gateway.before_request(record_fetches)
    _gateway.teardown_request(stop_recording)

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
    cdn: Cdn

    @property
    def content_changed(self) -> ContentChanged: ...


context = ContextView[GatewayServices](__name__)


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
    @blp.response(200, page_schemas.Home)
    def get(self):
        """The home page: hero, slideshow and its sections with their cards."""

        def most_viewed(limit):
            return catalogue().most_viewed(
                article_views.most_viewed_ids(db.session, _today(), limit), limit
            )

        return content(home_page(catalogue(), rights(), most_viewed))


@blp.route("/articles")
class Articles(MethodView):
    @blp.arguments(route_schemas.Paging(), location="query")
    @blp.response(200, schemas.ArticleCard(many=True))
    def get(self, args):
        """News articles, newest first."""
        paging = parsed(args)
        return kept(lambda: catalogue().list_articles(paging.start, paging.limit), args)


@blp.route("/articles/mostviewed")
class MostViewedArticles(MethodView):
    @blp.arguments(route_schemas.MostViewedArgs(), location="query")
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


def _list_contract(args, card):
    """A list of cards any viewer may read, paged, sorted and filtered as its query says."""
    return stacked(
        blp.access(ANYONE),
        blp.arguments(args(), location="query"),
        blp.response(200, card(many=True)),
    )


def _listed(listing: Listing, args: dict) -> Response:
    """A list's page, kept rendered for each set of rights."""
    return kept_for_viewer(
        lambda rights: catalogue().list_of(listing, parsed(args, listing), rights), args
    )


@blp.route("/lessons")
class Lessons(MethodView):
    @_list_contract(route_schemas.LessonListArgs, schemas.LessonCard)
    def get(self, args):
        """Lessons, paged, sorted (title, created_at, subscription_level, difficulty_level) and
        filtered by lesson_category, difficulty_level and teacher ids (repeat a name for any of
        several)."""
        return _listed(LESSONS, args)


@blp.route("/lessons/count")
class LessonCount(MethodView):
    @blp.arguments(route_schemas.LessonFilters(), location="query")
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


# A filter panel's options, as the CMS lists them.


@blp.route("/teachers")
class Teachers(MethodView):
    @blp.response(200, answer_fields.Option(many=True))
    def get(self):
        """Teachers, for the lessons filter."""
        return kept(lambda: catalogue().options("teachers"))


@blp.route("/difficulty-levels")
class DifficultyLevels(MethodView):
    @blp.response(200, answer_fields.Level(many=True))
    def get(self):
        """The eight levels, for the lessons and programs filters."""
        return kept(lambda: catalogue().options("difficulty-levels", sort="rank"))


@blp.route("/lesson-categories")
class LessonCategories(MethodView):
    @blp.response(200, answer_fields.Option(many=True))
    def get(self):
        """Lesson themes, for the lessons filter."""
        return kept(lambda: catalogue().options("lesson-categories"))


@blp.route("/topics")
class Topics(MethodView):
    @blp.response(200, answer_fields.Option(many=True))
    def get(self):
        """Program topics, for the programs filter."""
        return kept(lambda: catalogue().options("topics"))


@blp.route("/trainers")
class Trainers(MethodView):
    @blp.response(200, answer_fields.Option(many=True))
    def get(self):
        """Program trainers, for the programs filter."""
        return kept(lambda: catalogue().options("trainers"))


# Programs --------------------------------------------------------------------------------


@blp.route("/programs")
class Programs(MethodView):
    @_list_contract(route_schemas.ProgramListArgs, schemas.ProgramCard)
    def get(self, args):
        """Programs, paged, sorted (title, created_at, subscription_level) and filtered by topic,
        level and trainers ids."""
        return _listed(PROGRAMS, args)


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
    @blp.response(200, page_schemas.GrandChessTour)
    def get(self):
        """The Grand Chess Tour page: live video, the season's events, about."""
        return kept(lambda: single_page(catalogue(), "grand-chess-tour", TOUR))


@blp.route("/upgrade-page")
class UpgradePage(MethodView):
    @blp.response(200, page_schemas.UpgradePage)
    def get(self):
        """The upgrade page's content: banner, Learn, Watch and Play, testimonials."""
        return kept(lambda: single_page(catalogue(), "upgrade-page", UPGRADE_PAGE))


@blp.route("/list-page")
class ListPage(MethodView):
    @blp.response(200, page_schemas.ListPage)
    @blp.errors({404: "Editors have not written it yet"})
    def get(self):
        """Headings and introductions of the lessons, articles and programs pages."""
        return kept(lambda: list_page(catalogue()))


@blp.route("/legal-pages/<slug>")
class LegalPageDetail(MethodView):
    @blp.response(200, page_schemas.LegalPage)
    @blp.errors({404: "No such page"})
    def get(self, slug):
        """A legal page: terms, refund-policy, disclaimer, acceptable-use, dmca, privacy or
        cookie-policy."""
        return kept(lambda: legal_page(catalogue(), slug))
