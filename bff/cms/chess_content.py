"""Key positions, model games and exercises of the content, checked with python-chess when read.

Editors write them in the CMS (docs/content-gateway.md: positions, model games and exercises): a
position with an illegal FEN, an exercise with an illegal FEN or move or a line of even length
(the learner moves first and last) is dropped and reported as a ``Problem``; a PGN is parsed
into the ``game`` tree the client replays. This runs where the normalised answer is built, so
once per cached answer, never per request.
"""

from __future__ import annotations

import hashlib
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
    """The ``positions``, ``pgn``, ``game``, ``exercises`` and ``drill`` of a chapter,
    subchapter or episode as the CMS gives it, checked."""
    pgn, lines = entry.get("pgn") or None, entry.get("drill") or None
    return {
        "positions": positions(entry.get("positions"), where, report),
        "pgn": pgn,
        "game": game(pgn, where, report) if pgn else None,
        "exercises": exercises(entry.get("exercises"), where, report),
        "drill": drill(lines, entry.get("drill_side"), where, report) if lines else None,
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

        def reported(reason: str, key: str = key) -> None:
            report(where.problem(reason, key))

        found.append(
            {
                "id": exercise_id(where.type, where.id, key),
                "key": key,
                "fen": board.fen(),
                "prompt": exercise.get("prompt") or None,
                "source": _text(exercise.get("source")),
                "hint": exercise.get("hint") or None,
                "explanation": exercise.get("explanation") or None,
                "moves": line,
                "comments": comments(exercise.get("comments"), len(line), reported),
                "alternatives": branches(
                    exercise.get("alternatives"), board, line, "alternative", reported
                ),
                "mistakes": branches(exercise.get("mistakes"), board, line, "mistake", reported),
                "solved": False,
            }
        )
    return found


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def comments(raw: Any, length: int, report: Callable[[str], None]) -> list[str | None]:
    """One comment (or None) per move of the line; a list of another length or with something
    other than text in it is reported and left out whole, since its comments would sit on the
    wrong moves."""
    if raw is None:
        return [None] * length
    if not isinstance(raw, list) or len(raw) != length:
        report(f"comments: a list of {length} entries (one per move of the line) is needed")
        return [None] * length
    if not all(c is None or isinstance(c, str) for c in raw):
        report("comments: each entry is a text or null")
        return [None] * length
    return [_text(c) for c in raw]


def branches(
    raw: Any, start: chess.Board, line: list[str], kind: str, report: Callable[[str], None]
) -> list[dict]:
    """The alternatives (moves as good as the line's) or the mistakes (a wrong move and its
    refutation) of an exercise, each leaving the line at a learner's move ``at``. One that cannot
    be played there is reported and left out; the exercise stays."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        report(f"{kind}s: a list is needed")
        return []
    found: list[dict] = []
    for number, entry in enumerate(raw, start=1):
        checked = branch(entry, start, line, kind, found)
        if isinstance(checked, str):
            report(f"{kind} {number}: {checked}")
            continue
        found.append(checked)
    return found


def branch(
    entry: Any, start: chess.Board, line: list[str], kind: str, found: list[dict]
) -> dict | str:
    """One alternative or mistake as the API serves it, or why it is not one."""
    if not isinstance(entry, dict):
        return "an object with at, moves and comment is needed"
    at, moves = entry.get("at"), entry.get("moves")
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(line) or at % 2:
        return f"at {at!r} is not one of the learner's moves (0, 2, 4... below {len(line)})"
    if isinstance(moves, str):
        moves = moves.split()
    if not isinstance(moves, list) or not moves or len(moves) > MAX_LINE:
        return "no moves"
    if kind == "alternative" and len(moves) % 2 == 0:
        return "an alternative ends with the learner's move, so it has an odd number of moves"
    board = start.copy()
    for move in line[:at]:
        board.push_uci(move)
    checked = rules.line_of(board.fen(), moves)
    if isinstance(checked, str):
        return checked
    uci = checked[1]
    if uci[0] == line[at]:
        return f"{uci[0]} is the line's own move"
    if any(other["at"] == at and other["moves"][0] == uci[0] for other in found):
        return f"{uci[0]} is given twice at move {at}"
    return {"at": at, "moves": uci, "comment": _text(entry.get("comment"))}


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
    """A PGN as the client replays it: its known headers, the start FEN and the main line, each
    move with its SAN, the FEN after it, its comment and the variations that replace it. None
    (reported) when it cannot be read."""
    parsed = _read_pgn(pgn, where, report, "the PGN")
    if parsed is None:
        return None
    return {
        # Only what is known: PGN's "?" (and python-chess's "?" for a tag the PGN left out)
        # would show a reader "? - ?" or "????"; a partial date ("1858.??.??") stays.
        "headers": {name: value for name, value in parsed.headers.items() if value.strip("?.")},
        "fen": parsed.board().fen(),
        "comment": parsed.comment or None,
        "moves": _line(parsed, parsed.variations[0] if parsed.variations else None, 0),
    }


def _read_pgn(pgn: str, where: Where, report: Report, what: str) -> chess.pgn.Game | None:
    """A PGN read whole, or None (reported) when it is too long or cannot be read."""
    if len(pgn) > MAX_PGN:
        report(where.problem(f"{what} is longer than {MAX_PGN} characters"))
        return None
    try:
        parsed = chess.pgn.read_game(io.StringIO(pgn))
    except (ValueError, KeyError) as error:  # a broken header or FEN tag
        report(where.problem(f"{what} cannot be read: {error}"))
        return None
    if parsed is None:
        report(where.problem(f"{what} holds no game"))
        return None
    if parsed.errors:
        report(where.problem(f"{what} cannot be read: {parsed.errors[0]}"))
        return None
    return parsed


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


# Lines to drill ---------------------------------------------------------------------------------

LINE_PREFIX = "line-"  # the key of a drill's line: 'line-' and eight hex digits of its moves
MAX_DRILL_LINES = 64
SIDES = {"white": chess.WHITE, "black": chess.BLACK}


def is_line(exercise: dict) -> bool:
    """A line of a drill, played and judged as an exercise but scheduled in review every time."""
    return str(exercise.get("key", "")).startswith(LINE_PREFIX)


def drill(pgn: Any, side: Any, where: Where, report: Report) -> dict | None:
    """A repertoire or a technique as lines to drill: the PGN's main line and every side line,
    each from the start (its ``FEN`` tag or the initial position) to its last move of the
    learner's side. Each line is an exercise: ``fen`` where the learner first moves, ``before``
    the moves that lead there, ``moves`` from there (the learner's first and last) with their
    ``comments``, and a ``name``. None (reported) when the PGN or side cannot be read."""
    if side not in SIDES:
        report(where.problem(f"drill: the side is {side!r}, not white or black"))
        return None
    parsed = _read_pgn(str(pgn), where, report, "drill")
    if parsed is None:
        return None
    lines: list[dict] = []
    keys: set[str] = set()
    for path in _paths(parsed):
        line = _drill_line(parsed, path, SIDES[side], where)
        if line is None or line["key"] in keys:
            continue
        keys.add(line["key"])
        lines.append(line)
        if len(lines) == MAX_DRILL_LINES:
            report(where.problem(f"drill: more than {MAX_DRILL_LINES} lines, the rest left out"))
            break
    return {"side": side, "fen": parsed.board().fen(), "lines": lines}


def _paths(parsed: chess.pgn.Game) -> list[list[chess.pgn.ChildNode]]:
    """Every line of the tree from its first move to a last one, the main line first (without
    recursion: a long line is a deep tree)."""
    found: list[list[chess.pgn.ChildNode]] = []
    stack: list[tuple[chess.pgn.GameNode, list[chess.pgn.ChildNode], int]] = [(parsed, [], 0)]
    while stack:
        node, path, depth = stack.pop()
        sides = []  # the lines leaving this one, in the order they leave it
        while node.variations and depth <= MAX_VARIATION_DEPTH:
            sides += [(side, [*path, side], depth + 1) for side in node.variations[1:]]
            node = node.variations[0]
            path = [*path, node]
        if path:
            found.append(path)
        stack += reversed(sides)
    return found


def _drill_line(
    parsed: chess.pgn.Game, path: list[chess.pgn.ChildNode], learner: chess.Color, where: Where
) -> dict | None:
    """One line of a drill, or None when the learner has no move in it."""
    theirs = [n for n, node in enumerate(path) if node.parent.board().turn == learner]
    if not theirs:
        return None
    first, last = theirs[0], theirs[-1]
    uci = [node.move.uci() for node in path[: last + 1]]
    digest = hashlib.sha1(" ".join([parsed.board().fen(), *uci]).encode(), usedforsecurity=False)
    key = LINE_PREFIX + digest.hexdigest()[:8]
    return {
        "id": exercise_id(where.type, where.id, key),
        "key": key,
        "name": _line_name(path[: last + 1]),
        "fen": path[first].parent.board().fen(),
        "before": uci[:first],
        "moves": uci[first:],
        "comments": [node.comment or None for node in path[first : last + 1]],
        "solved": False,
    }


def _line_name(path: list[chess.pgn.ChildNode]) -> str:
    """'Main line', or the side line named by the move where it last leaves another line."""
    leaving = [node for node in path if node is not node.parent.variations[0]]
    if not leaving:
        return "Main line"
    node = leaving[-1]
    board = node.parent.board()
    number = board.fullmove_number
    return f"Side line {number}{'.' if board.turn == chess.WHITE else '...'}{node.san()}"
