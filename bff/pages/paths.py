"""The client's routes (client/src/app/routes.tsx) as the server reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import static_heads

# A detail page's path: its list (or section) and what the client calls it.
DETAILS = {
    "articles": "article",
    "lessons": "lesson",
    "masterclass/chapter": "episode",
    "videos": "video",
    "program": "program",
    "program-chapter": "program_chapter",
}
_DETAIL = re.compile(r"^/({})/([^/]+)/?$".format("|".join(map(re.escape, DETAILS))))
_NUMBER = re.compile(r"^[1-9][0-9]{0,9}$")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Resolved:
    """``kind``: "home", "static", "not_found" or a detail's kind; ``key`` names the page for
    the memo (the same for every path that shows the same head); ``item`` a detail's id (an
    article's may be its slug); ``queried``: the address carries a query (a list's filters, sort
    or pages, which the client reads)."""

    kind: str
    key: str
    item: int | str | None = None
    queried: bool = False


NOT_FOUND = Resolved("not_found", "/404")
# Kinds of page whose head comes from no content: the same for the life of a build.
WITHOUT_CONTENT = frozenset({"static", "register", "legal", "not_found"})


def resolve(path: str) -> Resolved:
    trimmed = path.rstrip("/") or "/"
    if trimmed in ("/", "/home"):
        return Resolved("home", "/home")
    if trimmed in static_heads.BY_PATH:
        return Resolved("static", trimmed)
    detail = _DETAIL.match(path)
    if detail:
        section, raw = detail.groups()
        kind = DETAILS[section]
        if _NUMBER.match(raw):
            return Resolved(kind, f"/{section}/{int(raw)}", int(raw))
        if kind == "article" and _SLUG.match(raw):
            return Resolved(kind, f"/{section}/{raw}", raw)
        return NOT_FOUND
    parts = trimmed.split("/")
    if len(parts) == 3 and parts[1] == "register":
        known = parts[2] in static_heads.REGISTER_TYPES
        return Resolved("register", trimmed if known else "/register/*", parts[2])
    if len(parts) == 3 and parts[1] == "legal" and static_heads.legal(parts[2]):
        return Resolved("legal", trimmed, parts[2])
    return NOT_FOUND
