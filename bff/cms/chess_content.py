"""Key positions, model games and exercises of the content, checked with python-chess when read.

Editors write them in the CMS (docs/content-gateway.md: positions, model games and exercises): a
position with an illegal FEN, an exercise with an illegal FEN or move or a line of even length
(the learner moves first and last) is dropped and reported as a ``Problem``; a PGN is parsed
into the ``game`` tree the client replays. This runs where the normalised answer is built, so
once per cached answer, never per request.
"""

from __future__ import annotations

import io
import logging
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import chess
import chess.pgn

from .. import rules
from ..rules import board_of

log = logging.getLogger(__name__)

KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,31}\Z")
MAX_LINE = 60  # moves of an exercise's line; longer is not an exercise
MAX_PGN = 100_000  # characters of a model game: larger is not parsed
MAX_VARIATION_DEPTH = 12  # variations inside variations: deeper ones are left out


@dataclass(frozen=True)
class Problem:
    """An entry editors must fix: where it is and why it was dropped."""

    type: str  # lesson_chapter, program_subchapter, masterclass_episode
    id: str  # the item's id as learning names it ('12:3', '5')
    chapter: str | None  # the chapter's or episode's title
    key: str | None  # the exercise's key; None for a position or the PGN
    reason: str

    def __str__(self) -> str:
        what = f"exercise {self.key}" if self.key else "entry"
        return f"{self.type} {self.id} ({self.chapter or 'untitled'}): {what}: {self.reason}"


Report = Callable[[Problem], None]


class LogOnce:
    """Logs each problem once per worker, however often an answer is rebuilt (a cache purge or
    expiry rebuilds it: the same content logs nothing new)."""

    def __init__(self, size: int = 4096):
        self._seen: OrderedDict[Problem, None] = OrderedDict()
        self._size = size

    def __call__(self, problem: Problem) -> None:
        if problem in self._seen:
            self._seen.move_to_end(problem)
            return
        self._seen[problem] = None
        if len(self._seen) > self._size:
            self._seen.popitem(last=False)
        log.warning("Content dropped: %s", problem)


def exercise_id(item_type: str, item_id: str, key: str) -> str:
    """An exercise's id: its item's type and id, and its key ('lesson_chapter:12:3:e1')."""
    return f"{item_type}:{item_id}:{key}"


@dataclass(frozen=True)
class Where:
    """The item whose positions, game and exercises are read, for ids and problems."""

    type: str
    id: str
    chapter: str | None

    def problem(self, reason: str, key: str | None = None) -> Problem:
        return Problem(self.type, self.id, self.chapter, key, reason)


def learning_fields(entry: dict, where: Where, report: Report) -> dict[str, Any]:
    """The ``positions``, ``pgn``, ``game`` and ``exercises`` of a chapter, subchapter or
    episode as the CMS gives it, checked."""
    pgn = entry.get("pgn") or None
    return {
        "positions": positions(entry.get("positions"), where, report),
        "pgn": pgn,
        "game": game(pgn, where, report) if pgn else None,
        "exercises": exercises(entry.get("exercises"), where, report),
    }


def positions(raw: Iterable[dict] | None, where: Where, report: Report) -> list[dict]:
    found = []
    for number, position in enumerate(raw or [], start=1):
        board = board_of(position.get("fen"))
        if board is None:
            report(where.problem(f"position {number}: illegal FEN {position.get('fen')!r}"))
            continue
        at = position.get("at")
        found.append(
            {
                "at": at if isinstance(at, int) and at >= 0 else None,
                "fen": board.fen(),
                "caption": position.get("caption") or None,
            }
        )
    return found


def exercises(raw: Iterable[dict] | None, where: Where, report: Report) -> list[dict]:
    found = []
    keys: set[str] = set()
    for number, exercise in enumerate(raw or [], start=1):
        key = exercise.get("key")
        if not isinstance(key, str) or not KEY.match(key):
            report(where.problem(f"exercise {number}: key {key!r} is not a-z, 0-9 and -"))
            continue
        if key in keys:
            report(where.problem("the key is used twice in this chapter", key))
            continue
        checked = line_of(exercise.get("fen"), exercise.get("moves"))
        if isinstance(checked, str):
            report(where.problem(checked, key))
            continue
        keys.add(key)
        board, line = checked
        found.append(
            {
                "id": exercise_id(where.type, where.id, key),
                "key": key,
                "fen": board.fen(),
                "prompt": exercise.get("prompt") or None,
                "hint": exercise.get("hint") or None,
                "explanation": exercise.get("explanation") or None,
                "moves": line,
                "solved": False,
            }
        )
    return found


def line_of(fen: Any, moves: Any) -> tuple[chess.Board, list[str]] | str:
    """An exercise's start and its line in UCI, or why it is not one."""
    if board_of(fen) is None:
        return f"illegal FEN {fen!r}"
    if not isinstance(moves, str) or not moves.split():
        return "no moves"
    line = moves.split()
    if len(line) > MAX_LINE:
        return f"a line of {len(line)} moves (at most {MAX_LINE})"
    if len(line) % 2 == 0:
        return f"a line of {len(line)} moves: the learner moves last, so it must be odd"
    return rules.line_of(fen, line)


# Model games -----------------------------------------------------------------------------------


def game(pgn: str, where: Where, report: Report) -> dict | None:
    """A PGN as the client replays it: headers, the start FEN and the main line, each move with
    its SAN, the FEN after it, its comment and the variations that replace it. None (reported)
    when it cannot be read."""
    if len(pgn) > MAX_PGN:
        report(where.problem(f"the PGN is longer than {MAX_PGN} characters"))
        return None
    try:
        parsed = chess.pgn.read_game(io.StringIO(pgn))
    except (ValueError, KeyError) as error:  # a broken header or FEN tag
        report(where.problem(f"the PGN cannot be read: {error}"))
        return None
    if parsed is None:
        report(where.problem("the PGN holds no game"))
        return None
    if parsed.errors:
        report(where.problem(f"the PGN cannot be read: {parsed.errors[0]}"))
        return None
    return {
        "headers": dict(parsed.headers),
        "fen": parsed.board().fen(),
        "comment": parsed.comment or None,
        "moves": _line(parsed, parsed.variations[0] if parsed.variations else None, 0),
    }


def _line(parent: chess.pgn.GameNode, first: chess.pgn.ChildNode | None, depth: int) -> list:
    """The moves from ``first`` on along the main line, each with the alternatives to it."""
    moves = []
    node = first
    while node is not None:
        alternatives = parent.variations[1:] if parent.variations[0] is node else []
        moves.append(
            {
                "uci": node.move.uci(),
                "san": node.san(),
                "fen": node.board().fen(),
                "comment": node.comment or None,
                "variations": [_line(parent, alt, depth + 1) for alt in alternatives]
                if depth < MAX_VARIATION_DEPTH
                else [],
            }
        )
        parent, node = node, (node.variations[0] if node.variations else None)
    return moves
