"""Paths of this site: the only places a link or a payment may send a browser back to."""

from __future__ import annotations

import re

# One leading slash and no second one after it (`//host` is another site), no backslash (some
# browsers read it as a slash) and no control character anywhere. Written for the OpenAPI
# document too, which says it to clients.
PATTERN = r"^/(?![/\\])[^\\\x00-\x1f\x7f]*$"
MAX_LENGTH = 2048
_SITE_PATH = re.compile(PATTERN.removesuffix("$") + r"\Z")


def is_site_path(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_LENGTH and bool(_SITE_PATH.match(value))
