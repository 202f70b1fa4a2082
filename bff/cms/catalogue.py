"""The catalogue: every /cms answer, from query to cache to normalised shape to viewer locks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..access.prices import current_user_price
from ..access.rights import Rights
from ..platform.errors import ApiError
from .chess_content import Problem
from .content_cache import ContentCache
from .content_types import Model
from .locked import locked_error
from .locks import apply_locks
from .normalize import Normalizer, sale
from .query import MAX_LIMIT, Filter, ListArgs, Query
from .upstream import Upstream, UpstreamError

DEFAULT_SORT = ("title", "asc")

# What each answer needs populated.
IMAGE: dict = {}
LESSON_CARD = {"thumbnail": IMAGE, "difficulty_level": {}, "teacher": {}, "lesson_category": {}}
# A chapter's, subchapter's or episode's key positions and exercises (its PGN is a field).
LEARNING = {"positions": {}, "exercises": {}}
LESSON = {**LESSON_CARD, "teacher": {"thumbnail": IMAGE}, "chapters": LEARNING}
PROGRAM_CARD = {
    "hero_image": IMAGE,
    "carousel_image": IMAGE,
    "trainers": {"thumbnail": IMAGE},
    "level": {},
    "topic": {},
    "chapters": {},
}
PROGRAM = {
    **PROGRAM_CARD,
    "bullet_points": {},
    "introduction_video": {"poster": IMAGE},
    "related_program": PROGRAM_CARD,
    # Exercises counted per chapter (a member's "k of l exercises solved").
    "chapters": {"subchapters": {"exercises": {}}},
}
PROGRAM_CHAPTER = {
    "subchapters": {**LEARNING, "poster": IMAGE},
    "program": {"chapters": {"subchapters": {"exercises": {}}}},
}
EPISODE = {**LEARNING, "thumbnail": IMAGE, "chapter": {"episodes": {"thumbnail": IMAGE}}}
MASTERCLASS = {"hero_image": IMAGE, "iap": {}}
MASTERCLASS_CHAPTERS = {"episodes": {"thumbnail": IMAGE}}
VIDEO_CARD = {"hero_image": IMAGE}
VIDEO = {"hero_image": IMAGE, "video_category": {}, "related_videos": VIDEO_CARD}
ARTICLE_CARD = {"hero_image": IMAGE}
ARTICLE = {"hero_image": IMAGE, "author": {"avatar": IMAGE}}
HOME = {"hero_image": IMAGE, "sections": {}, "slideshow": IMAGE}
TOUR = {"hero_image": IMAGE, "events": {}}
LIST_PAGE: dict = {}
UPGRADE_PAGE = {
    "welcome_benefits": {},
    "learn": {"image": IMAGE},
    "watch": {"image": IMAGE},
    "play": {"image": IMAGE},
    "testimonials": {"avatar": IMAGE},
}


@dataclass(frozen=True)
class Listing:
    """A content type listed in pages, said once: its collection, what a list may be sorted and
    filtered by (/cms name -> upstream field path), what its cards need populated and the
    Normalizer method that shapes a card. The routes, their documented parameters and the
    catalogue all read it."""

    collection: str
    sorts: Mapping[str, str]
    filters: Mapping[str, str]
    card: Mapping[str, Any]
    card_shape: str


LESSONS = Listing(
    "lessons",
    sorts={
        "title": "title",
        "created_at": "createdAt",
        "subscription_level": "subscription_level",
        "difficulty_level": "difficulty_level.rank",
    },
    filters={
        "lesson_category": "lesson_category.id",
        "difficulty_level": "difficulty_level.id",
        "teacher": "teacher.id",
    },
    card=LESSON_CARD,
    card_shape="lesson_card",
)
PROGRAMS = Listing(
    "programs",
    sorts={"title": "title", "created_at": "createdAt", "subscription_level": "subscription_level"},
    filters={"topic": "topic.id", "level": "level.id", "trainers": "trainers.id"},
    card=PROGRAM_CARD,
    card_shape="program_card",
)
# The home page's sections name a listing by its collection.
LISTINGS = {listing.collection: listing for listing in (LESSONS, PROGRAMS)}

LIST_PAGE_TEXTS = ("lessons_title", "articles_title", "programs_title", "programs_intro")

VIDEO_CATEGORIES = {"documentaries": "documentaries", "journeys": "chess-journeys"}


@dataclass(frozen=True)
class Page:
    items: list[dict]
    total: int


class Catalogue:
    def __init__(
        self,
        upstream: Upstream,
        cache: ContentCache,
        model: Model,
        normalizer: Normalizer | None = None,
    ):
        self.upstream = upstream
        self.cache = cache
        self.model = model
        self.normalize = normalizer or Normalizer()

    @cached_property
    def drafts(self) -> Catalogue:
        """The catalogue of a preview session: the upstream's drafts, read anew every time
        (never from or into the shared cache)."""
        return Catalogue(self.upstream.drafts(), self.cache.off(), self.model, self.normalize)

    # Lessons ----------------------------------------------------------------------------

    def list_of(
        self, listing: Listing, args: ListArgs, rights: Rights, default_sort=None
    ) -> list[dict]:
        """A page of ``listing``'s cards, locked for the viewer."""
        query = self._list_query(listing, args, listing.card, default_sort)
        shape = getattr(self.normalize, listing.card_shape)
        return self._locked(self._page(query, shape).items, rights)

    def count(self, listing: Listing, filters: dict[str, tuple[int, ...]]) -> int:
        args = ListArgs(start=0, limit=1, sort=None, filters=filters)
        query = self._list_query(listing, args, {})
        return self._page(query, lambda entry: entry).total

    def lesson(self, lesson_id: int, rights: Rights | None) -> dict:
        return self._detail("lessons", lesson_id, LESSON, self.normalize.lesson, rights)

    # Programs ---------------------------------------------------------------------------

    def program(self, program_id: int, rights: Rights | None) -> dict:
        return self._detail("programs", program_id, PROGRAM, self.normalize.program, rights)

    def program_chapter(self, chapter_id: int, rights: Rights | None) -> dict:
        def program_of(chapter: dict) -> dict | None:
            program_id = (chapter.get("program") or {}).get("id")
            return self.program(program_id, None) if program_id else None

        return self._detail(
            "program-chapters",
            chapter_id,
            PROGRAM_CHAPTER,
            self.normalize.program_chapter,
            rights,
            whole=program_of,
        )

    # Every entry -----------------------------------------------------------------------

    def every(self, collection: str) -> list[dict]:
        """Every published entry of ``collection`` as stored, without relations, page by page
        through the cache (the sitemap: ids and updatedAt). Never shown as it is: it holds
        video-host ids."""
        entries: list[dict] = []
        while True:
            query = Query(collection, start=len(entries), limit=MAX_LIMIT, sort=(("id", "asc"),))
            page = self._fetch(query)
            entries += page["data"]
            if not page["data"] or len(entries) >= page["meta"]["pagination"]["total"]:
                return entries

    def stamps(self, collection: str, item_id: int) -> dict[str, str | None]:
        """When one entry was created, published and last updated (what a page's structured data
        dates), read through the cache; empty when there is no such entry."""
        query = Query(collection, limit=1, filters=(Filter("id", (item_id,)),))
        found = self._fetch(query, entry_tags=(f"{collection}:{item_id}",))["data"]
        if not found:
            return {}
        return {key: found[0].get(key) for key in ("createdAt", "publishedAt", "updatedAt")}

    # Filter options ---------------------------------------------------------------------

    def options(self, collection: str, sort: str = "name") -> list[dict]:
        query = Query(collection, limit=100, sort=((sort, "asc"),))
        return self._page(query, self.normalize.option).items

    # Masterclass ------------------------------------------------------------------------

    def masterclass(self, slug: str, rights: Rights) -> dict:
        masterclass = self._single("masterclass", MASTERCLASS)
        if masterclass is None or masterclass.get("slug") != slug:
            raise ApiError(404, "not_found", "We couldn't find that masterclass.")
        answer = self.normalize.masterclass(masterclass, self._masterclass_chapters())
        if answer["iap"] is not None:
            answer["iap"]["purchased"] = rights.owns("masterclass", answer["id"])
        return self._locked(answer, rights)

    def episode(self, episode_id: int, rights: Rights | None) -> dict:
        masterclass = self._single("masterclass", MASTERCLASS) or {"id": 0}
        return self._detail(
            "masterclass-episodes",
            episode_id,
            EPISODE,
            lambda entry: self.normalize.episode(entry, masterclass["id"]),
            rights,
            whole=lambda _episode: self._masterclass_offer(masterclass),
        )

    def _masterclass_offer(self, masterclass: dict) -> dict | None:
        """The masterclass as an episode's 403 names it: what it is, and its price marker."""
        if not masterclass.get("iap"):
            return None
        return {
            "id": masterclass["id"],
            "title": masterclass.get("title"),
            "hero_image": self.normalize.image(masterclass.get("hero_image")),
            "_price": sale("masterclass", masterclass["id"], masterclass),
        }

    def _masterclass_chapters(self) -> list[dict]:
        query = Query(
            "masterclass-chapters",
            limit=100,
            sort=(("position", "asc"),),
            populate=MASTERCLASS_CHAPTERS,
        )
        return self._fetch(query)["data"]

    # Videos -----------------------------------------------------------------------------

    def video(self, video_id: int, rights: Rights | None) -> dict:
        return self._detail("videos", video_id, VIDEO, self.normalize.video, rights)

    def videos_in(self, category: str, limit: int, rights: Rights) -> list[dict]:
        query = Query(
            "videos",
            limit=limit,
            sort=(("createdAt", "desc"),),
            filters=(Filter("video_category.slug", (VIDEO_CATEGORIES[category],)),),
            populate=VIDEO_CARD,
        )
        return self._locked(self._page(query, self.normalize.video_card).items, rights)

    # Articles ---------------------------------------------------------------------------

    def list_articles(self, start: int, limit: int) -> list[dict]:
        query = Query(
            "articles",
            start=start,
            limit=limit,
            sort=(("date_posted", "desc"),),
            populate=ARTICLE_CARD,
        )
        return self._page(query, self.normalize.article_card).items

    def article(self, key: int | str) -> dict:
        """One article by its id (a number) or by its slug (docs/content-gateway.md)."""
        return self._detail("articles", key, ARTICLE, self.normalize.article, rights=None)

    def most_viewed(self, ranked_ids: list[int], limit: int) -> list[dict]:
        """Articles in the order of ``ranked_ids``, topped up with the newest when too few."""
        chosen: list[dict] = []
        if ranked_ids:
            query = Query(
                "articles",
                limit=len(ranked_ids),
                filters=(Filter("id", tuple(sorted(ranked_ids))),),
                populate=ARTICLE_CARD,
            )
            found = {a["id"]: a for a in self._page(query, self.normalize.article_card).items}
            chosen = [found[i] for i in ranked_ids if i in found][:limit]
        if len(chosen) < limit:
            seen = {a["id"] for a in chosen}
            newest = self.list_articles(0, limit + len(seen))
            chosen += [a for a in newest if a["id"] not in seen][: limit - len(chosen)]
        return chosen

    # Pages ------------------------------------------------------------------------------

    def home(self, rights: Rights, most_viewed: Callable[[int], list[dict]]) -> dict:
        hub = self._single("home-hub", HOME)
        if hub is None:
            raise ApiError(404, "not_found", "The home page has no content yet.")
        sections = []
        for section in hub.get("sections") or []:
            target, limit = section.get("target_type"), section.get("limit") or 8
            entry = {
                "title": section.get("title"),
                "target_type": target,
                "link_label": section.get("link_label"),
                "link_url": section.get("link_url"),
                "items": self._home_items(target, limit, rights),
            }
            if target == "news":
                entry["byRanking"] = {"data": most_viewed(3)}
            sections.append(entry)
        return {
            "hero_title": hub.get("hero_title"),
            "hero_text": hub.get("hero_text"),
            "hero_image": self.normalize.image(hub.get("hero_image")),
            "slideshow": [self.normalize.image(m) for m in hub.get("slideshow") or []],
            "slideshow_label": hub.get("slideshow_label"),
            "watch_title": hub.get("watch_title"),
            "app_title": hub.get("app_title"),
            "app_text": hub.get("app_text"),
            "app_store_url": hub.get("app_store_url"),
            "play_store_url": hub.get("play_store_url"),
            "sections": sections,
        }

    def _home_items(self, target: str, limit: int, rights: Rights) -> list[dict]:
        newest = ListArgs(start=0, limit=limit, sort=None, filters={})
        if target in LISTINGS:
            return self.list_of(LISTINGS[target], newest, rights, ("createdAt", "desc"))
        if target in VIDEO_CATEGORIES:
            return self.videos_in(target, limit, rights)
        if target == "news":
            return self.list_articles(0, limit)
        if target == "masterclass_episodes":
            masterclass = self._single("masterclass", MASTERCLASS)
            if masterclass is None:
                return []
            answer = self.normalize.masterclass(masterclass, self._masterclass_chapters())
            episodes = [e for chapter in answer["chapters"] for e in chapter["episodes"]]
            return self._locked(episodes[:limit], rights)
        return []

    def single_page(self, rest_path: str, populate: dict) -> dict:
        """A single type as it is (Grand Chess Tour, upgrade page), media normalised."""
        entry = self._single(rest_path, populate)
        if entry is None:
            raise ApiError(404, "not_found", "This page has no content yet.")
        return self._page_content(entry)

    def list_page(self) -> dict:
        """The list pages' headings, the number of published programs written into the
        programs heading where editors put ``{count}``."""
        page = self._single("list-page", LIST_PAGE)
        if page is None:
            raise ApiError(404, "not_found", "This page has no content yet.")
        programs = self._page(Query("programs", limit=1), lambda entry: entry).total
        texts = {key: page.get(key) for key in LIST_PAGE_TEXTS}
        if texts["programs_title"]:
            texts["programs_title"] = texts["programs_title"].replace("{count}", str(programs))
        return texts

    def legal_page(self, slug: str) -> dict:
        query = Query("legal-pages", limit=1, filters=(Filter("slug", (slug,)),))
        found = self._fetch(query, entry_tags=())["data"]
        if not found:
            raise ApiError(404, "not_found", "We couldn't find that page.")
        page = found[0]
        return {key: page.get(key) for key in ("id", "slug", "title", "body")}

    def _page_content(self, value, top: bool = True):
        """A single type's fields as editors wrote them, without the CMS's bookkeeping."""
        if isinstance(value, list):
            return [self._page_content(v, top=False) for v in value]
        if not isinstance(value, dict):
            return value
        if "formats" in value and "url" in value:
            return self.normalize.image(value)
        bookkeeping = {"documentId", "createdAt", "updatedAt", "publishedAt"} | (
            set() if top else {"id"}
        )
        return {
            key: self._page_content(v, top=False)
            for key, v in value.items()
            if key not in bookkeeping
        }

    # Plumbing ---------------------------------------------------------------------------

    def _list_query(self, listing: Listing, args: ListArgs, populate, default=None) -> Query:
        sorts, filters = listing.sorts, listing.filters
        key, direction = args.sort or (None, None)
        sort = (
            ((sorts[key], direction),) if key else ((default or (sorts[DEFAULT_SORT[0]], "asc")),)
        )
        conditions = tuple(
            Filter(filters[name], tuple(sorted(set(values))))
            for name, values in sorted(args.filters.items())
        )
        return Query(
            listing.collection,
            start=args.start,
            limit=args.limit,
            sort=sort,
            filters=conditions,
            populate=populate,
        )

    def _page(self, query: Query, shape: Callable[[dict], dict]) -> Page:
        answer = self._cached_answer(
            "page:" + query.cache_key(),
            self._tags(query.collection, query.populate),
            lambda: self._shaped_page(query, shape),
        )
        return Page(items=answer["items"], total=answer["total"])

    def _shaped_page(self, query: Query, shape) -> dict:
        found = self._upstream(lambda: self.upstream.find(query))
        return {
            "items": [shape(entry) for entry in found["data"]],
            "total": found["meta"]["pagination"]["total"],
            "_media": sorted(_media_ids(found["data"])),
        }

    def _detail(
        self,
        collection,
        item_id: int | str,
        populate,
        shape,
        rights: Rights | None,
        whole: Callable[[dict], dict | None] | None = None,
    ) -> dict:
        """One entry by its id, or by its slug when ``item_id`` is a string. Without ``rights``
        it is the entry as every viewer's answer starts, not yet locked: video-host ids and
        ``_entitlement`` markers in it (for callers that lock it themselves, with
        ``locks.apply_locks``). A locked entry is a 403 that still tells what it is
        (``locked.locked_error``); ``whole`` finds what a part is sold with."""
        by_slug = isinstance(item_id, str)
        query = Query(
            collection,
            limit=1,
            filters=(Filter("slug" if by_slug else "id", (item_id,)),),
            populate=populate,
        )
        # An id names one entry for good; a slug can move to another entry (or come to exist), so
        # any change of the type purges what was found by it.
        tags = self._tags(None, populate) | {collection if by_slug else f"{collection}:{item_id}"}

        def load():
            found = self._upstream(lambda: self.upstream.find(query))["data"]
            return {
                "item": shape(found[0]) if found else None,
                "_media": sorted(_media_ids(found)),
                # Renaming its teacher or editing its program purges it too
                # (docs/content-gateway.md, cache).
                "_entries": sorted(
                    self.model.entries_in(self.model.by_path(collection), populate, found)
                ),
            }

        item = self._cached_answer("detail:" + query.cache_key(), tags, load)["item"]
        if item is None:
            name = self.model.by_path(collection).singular.replace("-", " ")
            raise ApiError(404, "not_found", f"We couldn't find that {name}.")
        if rights is None:
            return item
        answer = self._locked(item, rights)
        if answer.get("locked"):
            owner = whole(answer) if whole else None
            if owner is not None:
                owner = self._locked(owner, rights)
            raise ApiError(403, "content_locked", **locked_error(collection, answer, owner))
        return answer

    def _single(self, rest_path: str, populate: dict) -> dict | None:
        return self._cached_answer(
            f"single:{rest_path}:{Query(rest_path, populate=populate).cache_key()}",
            self._tags(rest_path, populate),
            lambda: self._single_raw(rest_path, populate),
        )["entry"]

    def _single_raw(self, rest_path, populate) -> dict:
        found = self._upstream(lambda: self.upstream.single(rest_path, populate))
        entry = found["data"] if found else None
        return {"entry": entry, "_media": sorted(_media_ids([entry] if entry else []))}

    def _fetch(self, query: Query, entry_tags: Iterable[str] = ()) -> dict:
        return self._cached_answer(
            "raw:" + query.cache_key(),
            self._tags(query.collection, query.populate) | set(entry_tags),
            lambda: self._raw_page(query),
        )

    def _raw_page(self, query: Query) -> dict:
        found = self._upstream(lambda: self.upstream.find(query))
        return {**found, "_media": sorted(_media_ids(found["data"]))}

    def _cached_answer(self, key: str, tags: set[str], load) -> dict:
        """A cached answer in objects of its own (decoded anew), so locks can be written in."""
        return self.cache.fetch(key, tags, load, tags_of=_tags_found).value

    def _tags(self, collection: str | None, populate: dict) -> set[str]:
        """The content types an answer is made of: purging any of them purges the answer."""
        tags = {collection} if collection else set()

        def walk(content_attributes: dict, spec: dict):
            for name, nested in spec.items():
                attribute = content_attributes.get(name, {})
                if attribute.get("type") == "relation":
                    target = self.model.types[attribute["target"]]
                    tags.add(target.rest_path)
                    walk(target.attributes, nested)
                elif attribute.get("type") == "component":
                    walk(self.model.components[attribute["component"]], nested)

        if collection:
            walk(self.model.by_path(collection).attributes, populate)
        return tags

    def _upstream(self, call):
        try:
            return call()
        except UpstreamError as error:
            raise ApiError(502, "cms_error", "The content service refused the request.") from error

    def _locked(self, answer, rights: Rights):
        return apply_locks(answer, rights.may_play, lambda marker: priced(marker, rights))

    # Whole collections ------------------------------------------------------------------

    def entries(self, collection: str, populate: dict, ids: tuple[int, ...] = ()) -> Iterator[dict]:
        """Every published entry of ``collection`` (or those of ``ids``) as the upstream has
        it, page by page and past the cache: what the search index is built from."""
        filters = (Filter("id", tuple(sorted(ids))),) if ids else ()
        start = 0
        while True:
            query = Query(
                collection,
                start=start,
                limit=MAX_LIMIT,
                sort=(("id", "asc"),),
                filters=filters,
                populate=populate,
            )
            found = self._upstream(lambda: self.upstream.find(query))  # noqa: B023 - called now
            yield from found["data"]
            start += MAX_LIMIT
            if start >= found["meta"]["pagination"]["total"] or not found["data"]:
                return

    def single_entry(self, rest_path: str, populate: dict) -> dict | None:
        """A single type's entry as the upstream has it (through the cache)."""
        return self._single(rest_path, populate)

    def chess_problems(self) -> list[Problem]:
        """Every key position, model game and exercise of the published content that the site
        drops, read past the cache (`flask --app bff cms check-chess`, for editors)."""
        problems: list[Problem] = []
        checking = Normalizer(report=problems.append)
        for lesson in self.entries("lessons", {"chapters": LEARNING}):
            checking.lesson(lesson)
        for chapter in self.entries("program-chapters", {"subchapters": LEARNING}):
            checking.program_chapter(chapter)
        for episode in self.entries("masterclass-episodes", LEARNING):
            checking.episode(episode, 0)
        return list(dict.fromkeys(problems))

    # Purchases --------------------------------------------------------------------------

    def offer(self, entity: str, entity_id: int) -> dict | None:
        """A purchasable item's title and list price (None: no such item), read through the
        cache like every answer: what checkout charges, never what a client says."""
        try:
            if entity == "program":
                item = self._detail("programs", entity_id, PROGRAM, self.normalize.program, None)
            elif entity == "video":
                item = self._detail("videos", entity_id, VIDEO, self.normalize.video, None)
            elif entity == "masterclass":
                masterclass = self._single("masterclass", MASTERCLASS)
                if not masterclass or masterclass["id"] != entity_id or not masterclass.get("iap"):
                    return None
                item = {
                    "title": masterclass["iap"].get("title") or masterclass.get("title"),
                    "_price": sale(entity, entity_id, masterclass),
                }
            else:
                return None
        except ApiError as error:
            if error.status == 404:
                return None
            raise
        return {"title": item.get("title"), "price": (item.get("_price") or {}).get("price")}


def priced(marker: dict, rights: Rights) -> dict:
    """What a purchasable item (its ``_price`` marker) shows this viewer: what it is, and its
    ``currentUserPrice``."""
    return {
        "entity": marker["entity"],
        "entityId": marker["entityId"],
        "currentUserPrice": current_user_price(marker["price"], rights),
    }


def _tags_found(value: dict) -> set[str]:
    """The tags a loaded answer adds to those known before: its images and, for a detail, the
    entries it shows."""
    return {f"media:{i}" for i in value["_media"]} | set(value.get("_entries", ()))


def _media_ids(entries: Iterable[dict]) -> set[int]:
    found: set[int] = set()

    def walk(node):
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            if "formats" in node and "url" in node and "id" in node:
                found.add(node["id"])
            for value in node.values():
                if isinstance(value, dict | list):
                    walk(value)

    walk(list(entries))
    return found
