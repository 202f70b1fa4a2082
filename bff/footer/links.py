"""The footer: social links from the CMS footer single type, and the newsletter state."""

from __future__ import annotations

import logging
from typing import Any

from ..cms.catalogue import Catalogue
from ..cms.editorial_pages import single_page
from ..platform.errors import ApiError

log = logging.getLogger(__name__)

NETWORKS = ("facebook", "instagram", "youtube", "twitter")


def social_urls(footer: dict[str, Any] | None) -> dict[str, str | None]:
    footer = footer or {}
    return {network: footer.get(f"{network}_url") or None for network in NETWORKS}


def footer_content(catalogue: Catalogue) -> dict[str, Any] | None:
    """The footer single type through the catalogue (cached like all content); None if empty."""
    try:
        return single_page(catalogue, "footer", {})
    except ApiError as error:
        if error.status == 404:
            return None
        raise
