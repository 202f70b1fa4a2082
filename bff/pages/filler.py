"""index.html filled for a route: what the web host sends for every client route.

Cost: a filled page is kept rendered (``RenderedAnswers``, the memo of the /cms answers) under
its route and the build of index.html, for as long as the content it was made from is current:
a purge by the CMS's webhook drops it as it drops the answers, and a CDN is told its tags as it is
an answer's (``Surrogate-Key`` and ``Cache-Tag``). Unknown ids answer 404 with the
not-found page's head; a CMS that cannot answer gives the section's own head (the client shows
what it can), never an error page. The body carries the page's first screen (first_screen.py),
made from the same content as the head, kept and purged with it.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import lru_cache

from ..app_context import app_context
from ..cms.rendered import Rendered
from ..cms.upstream import UpstreamUnavailable
from ..platform.errors import ApiError
from ..platform.web import FilledPage, Shell
from .content_heads import Heads
from .first_screen import FirstScreens, frame, reads_content
from .head import Head, head_html
from .paths import NOT_FOUND, WITHOUT_CONTENT, Resolved, resolve
from .shell import filled

log = logging.getLogger(__name__)


def fill_page(path: str, shell: Shell, query: str = "") -> FilledPage:
    page = resolve(path)
    if query and reads_content(page):
        # A list's filters, sort or pages: its first cards are the client's to choose.
        page = replace(page, queried=True)
    if page.kind == "not_found":
        return _page(404, _kept(NOT_FOUND, shell))
    try:
        return _page(200, _kept(page, shell))
    except ApiError as error:
        if error.status == 404:
            return _page(404, _kept(NOT_FOUND, shell))
        log.warning("No content for the head of %s: %s", path, error.code)
    except UpstreamUnavailable:
        pass  # logged by the content cache
    return _page(200, filled(shell, head_html(_heads().fallback(page)), frame()))


def _kept(page: Resolved, shell: Shell) -> Rendered:
    heads = _heads()
    if page.kind in WITHOUT_CONTENT and not reads_content(page):
        return _without_content(page, shell, heads.base)

    screens = FirstScreens(heads.catalogue)

    def build() -> tuple[Head, str]:
        return heads.head(page), screens.screen(page)

    def render(built: tuple[Head, str]) -> Rendered:
        head, screen = built
        return filled(shell, head_html(head), screen)

    return app_context().rendered.get(
        ("page", page.key, page.queried, shell.version), build, render
    )


@lru_cache(maxsize=256)
def _without_content(page: Resolved, shell: Shell, base: str) -> Rendered:
    heads = _heads()
    return filled(shell, head_html(heads.head(page)), FirstScreens(heads.catalogue).screen(page))


def _heads() -> Heads:
    context = app_context()
    return Heads(context.catalogue, context.settings.public_base_url)


def _page(status: int, rendered: Rendered) -> FilledPage:
    return FilledPage(status, rendered.body, rendered.etag, rendered.gzipped, rendered.tags)
