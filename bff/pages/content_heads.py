"""The head of each page, from the cached content as a guest sees it.

Detail pages read their item unlocked and lock it for a guest here (``apply_locks``): a locked
item still has its public card (title, description, picture) but never a video-host id. Only
fields named below reach the head.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

from ..access.rights import GUEST
from ..cms.catalogue import Catalogue
from ..cms.editorial_pages import single_page
from ..cms.locks import apply_locks
from ..cms.populate import IMAGE
from ..platform.errors import ApiError
from . import static_heads, structured_data
from .head import SITE_NAME, Head, Image
from .paths import WITHOUT_CONTENT, Resolved
from .static_heads import PageText

# Wide enough for a large card on every network; pictures narrower than this go out as they are.
SOCIAL_WIDTH = 1200
SITE_IMAGE = ("/icon-512.png", 512, 512)
# The first steps of a detail page's trail (after Home).
LESSONS = ("Lessons", "/lessons")
PROGRAMS = ("Programs", "/programs")


class Heads:
    """The heads of one site: its public address and its catalogue."""

    def __init__(self, catalogue: Catalogue, base: str):
        self.catalogue = catalogue
        self.base = base

    def url(self, path: str) -> str:
        return self.base + path

    def head(self, page: Resolved) -> Head:
        """The page's head; ApiError 404 for an item that does not exist."""
        builder = getattr(self, f"_{page.kind}")
        head: Head = builder(page)
        return head

    # Pages without content -----------------------------------------------------------------

    def static(self, text: PageText, path: str | None, indexable: bool = True) -> Head:
        return Head(
            title=text.title,
            description=text.description,
            canonical=self.url(path) if path else None,
            image=self._site_image(),
            indexable=indexable,
        )

    def not_found(self) -> Head:
        return self.static(static_heads.NOT_FOUND, None, indexable=False)

    def fallback(self, page: Resolved) -> Head:
        """The head of a page whose content cannot be read now: its section's own."""
        if page.kind in WITHOUT_CONTENT:
            return self.head(page)
        section = {
            "article": "/articles",
            "lesson": "/lessons",
            "episode": "/masterclass",
            "program": "/programs",
            "program_chapter": "/programs",
        }.get(page.kind, "/home")
        return self.static(static_heads.BY_PATH[section], page.key)

    def _static(self, page: Resolved) -> Head:
        text = static_heads.BY_PATH[page.key]
        return self.static(text, page.key, page.key not in static_heads.NOT_INDEXED)

    def _not_found(self, page: Resolved) -> Head:
        return self.not_found()

    def _register(self, page: Resolved) -> Head:
        text = static_heads.register(str(page.item))
        return self.static(text, page.key if page.key != "/register/*" else None)

    def _legal(self, page: Resolved) -> Head:
        text = static_heads.legal(str(page.item))
        assert text is not None  # noqa: S101 - resolve() names known pages only
        return self.static(text, page.key)

    def _home(self, page: Resolved) -> Head:
        text = static_heads.HOME
        try:
            hub = single_page(self.catalogue, "home-hub", {"hero_image": IMAGE})
        except ApiError as error:
            if error.status != 404:
                raise
            hub = {}  # no home content yet: the page is there all the same
        return Head(
            title=text.title,
            description=text.description,
            canonical=self.url("/home"),
            image=self._image(hub.get("hero_image")),
            structured=[
                structured_data.organization(self.base),
                structured_data.website(self.base),
            ],
        )

    # Detail pages --------------------------------------------------------------------------

    def _article(self, page: Resolved) -> Head:
        assert page.item is not None  # noqa: S101 - a detail always names its item
        item = self.catalogue.article(page.item)
        url = self.url(f"/articles/{item['id']}")
        title, description = item.get("title") or "", item.get("lede") or item.get("title") or ""
        image = self._image(item.get("hero_image"))
        stamps = self.catalogue.stamps("articles", item["id"])
        published = item.get("date_posted") or stamps.get("publishedAt")
        author = (item.get("author") or {}).get("name")
        extra = (("article:published_time", published),) if published else ()
        return Head(
            title=title,
            description=description,
            canonical=url,
            image=image,
            og_type="article",
            extra_properties=extra,
            structured=[
                structured_data.article(
                    url,
                    title,
                    description,
                    image,
                    published,
                    stamps.get("updatedAt"),
                    author,
                    self.base,
                ),
                self._trail(("Articles", "/articles"), (title, url)),
            ],
        )

    def _lesson(self, page: Resolved) -> Head:
        item, title = for_guest(self.catalogue.lesson, page)
        description = " ".join(
            text for text in (item.get("description_short"), item.get("description")) if text
        )
        titled = f"learn chess online - {title}"
        return self._detail_head(item, titled, description, "lessons", "thumbnail", LESSONS)

    def _program(self, page: Resolved) -> Head:
        item, title = for_guest(self.catalogue.program, page)
        described = item.get("description") or title
        return self._detail_head(item, title, described, "program", "hero_image", PROGRAMS)

    def _program_chapter(self, page: Resolved) -> Head:
        item, title = for_guest(self.catalogue.program_chapter, page)
        program = item.get("program") or {}
        trail = [PROGRAMS]
        if program.get("id"):
            trail.append((program.get("title") or "", f"/program/{program['id']}"))
        described = item.get("description") or title
        return self._detail_head(item, title, described, "program-chapter", None, *trail)

    def _video(self, page: Resolved) -> Head:
        item, title = for_guest(self.catalogue.video, page)
        described = item.get("subhead") or title
        return self._detail_head(item, title, described, "videos", "hero_image", video_of="videos")

    def _episode(self, page: Resolved) -> Head:
        item, title = for_guest(self.catalogue.episode, page)
        return self._detail_head(
            item,
            f"{title} - Masterclass",
            item.get("description") or title,
            "masterclass/chapter",
            "thumbnail",
            ("Masterclass", "/masterclass"),
            video_of="masterclass-episodes",
        )

    # Pieces --------------------------------------------------------------------------------

    def _detail_head(
        self,
        item: dict[str, Any],
        title: str,
        description: str,
        section: str,
        picture: str | None,
        *trail: tuple[str, str],
        video_of: str | None = None,
    ) -> Head:
        """A content item's head: its address (/<section>/<id>), its ``picture`` field's image
        (the site's when it has none), the trail to it, and what it is to search engines: a
        course (free unless it is Pro's), or a video of the ``video_of`` collection."""
        url = self.url(f"/{section}/{item['id']}")
        image = self._image(item.get(picture)) if picture else None
        name = item.get("title") or title
        head: dict[str, Any] = {}
        if video_of is None:
            free = item.get("subscription_level") != "pro"
            described = structured_data.course(url, name, description, image, free, self.base)
        else:
            stamps = self.catalogue.stamps(video_of, item["id"])
            published = stamps.get("publishedAt") or stamps.get("createdAt")
            described = structured_data.video(
                url, name, description, image, published, item.get("duration")
            )
            head["og_type"] = "video.other"
        return Head(
            title=title,
            description=description,
            canonical=url,
            image=image or self._site_image(),
            structured=[described, self._trail(*trail, (name, url))],
            **head,
        )

    def _trail(self, *steps: tuple[str, str]) -> dict[str, Any]:
        """Home, then ``steps`` (name, path or absolute address)."""
        return structured_data.breadcrumbs(
            [("Home", self.url("/home"))]
            + [(name, where if "://" in where else self.url(where)) for name, where in steps]
        )

    def _image(self, media: dict[str, Any] | None) -> Image | None:
        return social_image(media, self.base)

    def _site_image(self) -> Image:
        path, width, height = SITE_IMAGE
        return Image(self.url(path), width, height, SITE_NAME, large=False)


def for_guest(
    read: Callable[[int, None], dict[str, Any]], page: Resolved
) -> tuple[dict[str, Any], str]:
    """The page's item as a guest may see it (locked when it is Pro's, without video-host ids),
    and its title: what both its head and its first screen show."""
    locked: dict[str, Any] = apply_locks(read(int(page.item or 0), None), GUEST.may_play)
    return locked, locked.get("title") or ""


def social_image(media: dict[str, Any] | None, base: str) -> Image | None:
    """A picture for a large card: the smallest of its sizes at least SOCIAL_WIDTH wide, else the
    widest; its address absolute (on ``base`` when the CMS gives a path)."""
    if not media or not media.get("url"):
        return None
    sizes = [media, *(media.get("formats") or {}).values()]
    sizes = [size for size in sizes if size.get("url")]
    wide = [s for s in sizes if (s.get("width") or 0) >= SOCIAL_WIDTH]
    if wide:
        chosen = min(wide, key=lambda s: s.get("width") or 0)
    else:
        chosen = max(sizes, key=lambda s: s.get("width") or 0)
    return Image(
        url=urljoin(base + "/", chosen["url"]),
        width=chosen.get("width"),
        height=chosen.get("height"),
        alt=media.get("alternativeText"),
    )
