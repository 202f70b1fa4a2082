"""index.html with a route's head in place of the build's default title and description, and its
first screen before the client's root."""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

from ..cms.rendered import Rendered
from ..platform.web import Shell

# The build's own title and description (html-webpack-plugin may drop the quotes).
_TITLE = re.compile(r"<title>.*?</title>", re.DOTALL | re.IGNORECASE)
_DESCRIPTION = re.compile(
    r"""<meta\s+name=["']?description["']?\s+content=(?:"[^"]*"|'[^']*'|[^\s>]+)\s*/?>""",
    re.IGNORECASE,
)
_HEAD_END = re.compile(r"</head>", re.IGNORECASE)
# The element the client renders into (html-webpack-plugin may drop the quotes).
_ROOT = re.compile(r"""<div\s+id=["']?root["']?\s*>""", re.IGNORECASE)


@lru_cache(maxsize=4)
def _split(shell: Shell) -> tuple[str, str]:
    """The shell before and after where a head goes: where its title was, else before
    </head>."""
    html = _DESCRIPTION.sub("", shell.html, count=1)
    found = _TITLE.search(html) or _HEAD_END.search(html)
    if found is None:
        return html, ""
    end = found.end() if found.group(0).lower().startswith("<title") else found.start()
    return html[: found.start()], html[end:]


@lru_cache(maxsize=4)
def _split_body(after_head: str) -> tuple[str, str]:
    """The rest of the shell before and after where the first screen goes: just before the
    client's root (the end of the document when it has none)."""
    found = _ROOT.search(after_head)
    at = found.start() if found else len(after_head)
    return after_head[:at], after_head[at:]


def filled(shell: Shell, head: str, first_screen: str = "") -> Rendered:
    """The shell with ``head`` and ``first_screen`` in it, and its ETag."""
    before, after = _split(shell)
    middle, rest = _split_body(after)
    body = (before + head + middle + first_screen + rest).encode()
    return Rendered(body, hashlib.blake2b(body, digest_size=16).hexdigest())
