"""The embedded content store: the seed content of cms-schema/seed, served without a CMS."""

from __future__ import annotations

from pathlib import Path


class EmbeddedStore:
    kind = "embedded"

    def __init__(self, seed_path: Path):
        self.seed_path = seed_path

    def ping(self) -> None:
        if not self.seed_path.is_dir():
            raise RuntimeError(f"seed content not found at {self.seed_path}")
