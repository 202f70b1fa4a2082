"""index.html with a route's head in place of the build's default title and description."""

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


def filled(shell: Shell, head: str) -> Rendered:
    """The shell with ``head`` in it, and its ETag."""
    before, after = _split(shell)
    body = (before + head + after).encode()
    return Rendered(body, hashlib.blake2b(body, digest_size=16).hexdigest())
