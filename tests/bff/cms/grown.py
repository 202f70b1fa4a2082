"""The tools of cms-schema/tools for tests: the catalogue grower, for tests that need more content
than the seed, the seed check and the seed push."""

from __future__ import annotations

import sys
from pathlib import Path

from bff.platform.config import REPO_ROOT, SEED_PATH

TOOLS = REPO_ROOT / "cms-schema" / "tools"
sys.path.insert(0, str(TOOLS))
import check_seed  # noqa: E402
import grow_catalogue  # noqa: E402
import push_seed  # noqa: E402

SCHEMA = REPO_ROOT / "cms-schema" / "src"


def grown(out: Path, factor: int) -> Path:
    """The seed grown ``factor`` times into ``out``."""
    grow_catalogue.grow(SEED_PATH, out, factor, SCHEMA)
    return out


__all__ = ["check_seed", "grow_catalogue", "grown", "push_seed"]
