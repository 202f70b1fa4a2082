"""The catalogue: every /cms answer, from query to cache to normalised shape to viewer locks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from ..access.rights import Rights
from ..platform.errors import ApiError
from .chess_content import Problem
from .content_cache import ContentCache
from .content_types import Model
from .listings import DEFAULT_SORT, VIDEO_CATEGORIES, Listing
from .locked import locked_error
from .locks import lock_for
from .normalize import Normalizer, sale
from .populate import (
    ARTICLE,
    ARTICLE_CARD,
    EPISODE,
    LEARNING,
    LESSON,
    MASTERCLASS,
    MASTERCLASS_CHAPTERS,
    PROGRAM,
    PROGRAM_CHAPTER,
    VIDEO,
    VIDEO_CARD,
)
from .query import MAX_LIMIT, Filter, ListArgs, Query
from .upstream import Upstream, UpstreamError


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
        return lock_for(self._page(query, shape).items, rights)

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
            page = self.fetch_raw(query)
            entries += page["data"]
            if not page["data"] or len(entries) >= page["meta"]["pagination"]["total"]:
                return entries

    def stamps(self, collection: str, item_id: int) -> dict[str, str | None]:
        """When one entry was created, published and last updated (what a page's structured data
        dates), read through the cache; empty when there is no such entry."""
        query = Query(collection, limit=1, filters=(Filter("id", (item_id,)),))
        found = self.fetch_raw(query, entry_tags=(f"{collection}:{item_id}",))["data"]
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
        return lock_for(answer, rights)

    def masterclass_episodes(self, limit: int, rights: Rights) -> list[dict]:
        """The masterclass's first ``limit`` episodes, in order, locked for the viewer."""
        masterclass = self._single("masterclass", MASTERCLASS)
        if masterclass is None:
            return []
        answer = self.normalize.masterclass(masterclass, self._masterclass_chapters())
        episodes = [e for chapter in answer["chapters"] for e in chapter["episodes"]]
        return lock_for(episodes[:limit], rights)

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
        return self.fetch_raw(query)["data"]

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
        return lock_for(self._page(query, self.normalize.video_card).items, rights)

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
            self.model.types_in(query.collection, query.populate),
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
        tags = self.model.types_in(None, populate) | {
            collection if by_slug else f"{collection}:{item_id}"
        }

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
        answer = lock_for(item, rights)
        if answer.get("locked"):
            owner = whole(answer) if whole else None
            if owner is not None:
                owner = lock_for(owner, rights)
            raise ApiError(403, "content_locked", **locked_error(collection, answer, owner))
        return answer

    def _single(self, rest_path: str, populate: dict) -> dict | None:
        return self._cached_answer(
            f"single:{rest_path}:{Query(rest_path, populate=populate).cache_key()}",
            self.model.types_in(rest_path, populate),
            lambda: self._single_raw(rest_path, populate),
        )["entry"]

    def _single_raw(self, rest_path, populate) -> dict:
        found = self._upstream(lambda: self.upstream.single(rest_path, populate))
        entry = found["data"] if found else None
        return {"entry": entry, "_media": sorted(_media_ids([entry] if entry else []))}

    def fetch_raw(self, query: Query, entry_tags: Iterable[str] = ()) -> dict:
        """A page of entries as the upstream stores them, through the cache."""
        return self._cached_answer(
            "raw:" + query.cache_key(),
            self.model.types_in(query.collection, query.populate) | set(entry_tags),
            lambda: self._raw_page(query),
        )

    def _raw_page(self, query: Query) -> dict:
        found = self._upstream(lambda: self.upstream.find(query))
        return {**found, "_media": sorted(_media_ids(found["data"]))}

    def _cached_answer(self, key: str, tags: set[str], load) -> dict:
        """A cached answer in objects of its own (decoded anew), so locks can be written in."""
        return self.cache.fetch(key, tags, load, tags_of=_tags_found).value

    def _upstream(self, call):
        try:
            return call()
        except UpstreamError as error:
            raise ApiError(502, "cms_error", "The content service refused the request.") from error

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
