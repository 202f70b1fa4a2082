"""Where content comes from: Strapi v5 over REST, or the embedded store of cms-schema/seed."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from ...config import REPO_ROOT, Settings
from .embedded import EmbeddedStore
from .strapi import StrapiUpstream

SEED_PATH = REPO_ROOT / "cms-schema" / "seed"


class Upstream(Protocol):
    kind: str

    def ping(self) -> None:
        """Raise unless content can be read."""


def make_upstream(settings: Settings, seed_path: Path = SEED_PATH) -> Upstream:
    if settings.cms_url:
        return StrapiUpstream(settings.cms_url, settings.cms_token, timeout=settings.cms_timeout)
    return EmbeddedStore(seed_path)
