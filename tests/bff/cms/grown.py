"""The tools of cms-schema/tools for tests: the catalogue grower, for tests that need more content
than the seed, the seed check, the seed push and its verification, and the chess tools (engine
checks, famous games, the practice put on the seed, the lessons' practice written by hand, the
puzzle rater)."""

from __future__ import annotations

import sys
from pathlib import Path

from bff.platform.config import REPO_ROOT, SEED_PATH

TOOLS = REPO_ROOT / "cms-schema" / "tools"
sys.path.insert(0, str(TOOLS))
import check_seed  # noqa: E402
import chess_checks  # noqa: E402
import drills  # noqa: E402
import elo_fit  # noqa: E402
import grow_catalogue  # noqa: E402
import motifs  # noqa: E402
import practice  # noqa: E402
import practice_engine  # noqa: E402
import practice_figures  # noqa: E402
import practice_topics  # noqa: E402
import push_seed  # noqa: E402
import puzzle_solvers  # noqa: E402
import rate_puzzles  # noqa: E402
import seed_games  # noqa: E402
import seed_practice  # noqa: E402
import verify_push  # noqa: E402

SCHEMA = REPO_ROOT / "cms-schema" / "src"


def grown(out: Path, factor: int) -> Path:
    """The seed grown ``factor`` times into ``out``."""
    grow_catalogue.grow(SEED_PATH, out, factor, SCHEMA)
    return out


__all__ = [
    "chess_checks",
    "drills",
    "elo_fit",
    "check_seed",
    "grow_catalogue",
    "grown",
    "motifs",
    "practice",
    "practice_engine",
    "practice_figures",
    "practice_topics",
    "puzzle_solvers",
    "push_seed",
    "rate_puzzles",
    "seed_games",
    "seed_practice",
    "verify_push",
]
