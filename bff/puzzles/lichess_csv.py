"""The Lichess puzzle database's CSV form (CC0), read row by row and checked.

Columns: PuzzleId, FEN, Moves, Rating, RatingDeviation, Popularity, NbPlays, Themes, GameUrl,
OpeningTags. ``FEN`` is the position before the opponent's move; ``Moves`` the line in UCI,
space-separated, the opponent's move first and the solver's last. The file may be plain or
compressed with Zstandard (``.zst``, as Lichess publishes it).
"""

from __future__ import annotations

import csv
import io
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .. import rules

COLUMNS = (
    "PuzzleId",
    "FEN",
    "Moves",
    "Rating",
    "RatingDeviation",
    "Popularity",
    "NbPlays",
    "Themes",
    "GameUrl",
    "OpeningTags",
)
# The words of /content/puzzles/<word> routes: no puzzle may be named so (it could not be opened).
RESERVED_IDS = ("daily", "themes")
ALNUM = "A-Za-z0-9"


def _id_pattern() -> str:
    """5 to 16 letters and digits, but none of RESERVED_IDS: written without lookaheads, which
    not every JSON Schema tool reads (a reserved word of length n is left out by taking, of the
    n-character ids, those that leave the word at one of its letters)."""
    every = string.ascii_letters + string.digits
    lengths = []
    for length in range(5, 17):
        words = [word for word in RESERVED_IDS if len(word) == length]
        if not words:
            lengths.append(f"[{ALNUM}]{{{length}}}")
            continue
        (word,) = words  # one reserved word a length
        for at in range(length):
            rest = length - at - 1
            other = "".join(char for char in every if char != word[at])
            lengths.append(word[:at] + f"[{other}]" + (f"[{ALNUM}]{{{rest}}}" if rest else ""))
    return "^(?:" + "|".join(lengths) + ")$"


PUZZLE_ID_PATTERN = _id_pattern()
PUZZLE_ID = re.compile(PUZZLE_ID_PATTERN)
WORD = re.compile(r"\A[A-Za-z0-9_]{1,40}\Z")
MAX_MOVES = 40


class BadRow(ValueError):
    """A row that cannot be a puzzle; its message says why."""


@dataclass(frozen=True)
class PuzzleRow:
    id: str
    fen: str
    moves: tuple[str, ...]
    rating: int
    deviation: int
    popularity: int
    plays: int
    themes: tuple[str, ...]
    game_url: str
    opening_tags: tuple[str, ...]


class CountingReader(io.RawIOBase):
    """A binary stream that counts the bytes read through it (for a progress bar)."""

    def __init__(self, raw: IO[bytes]):
        self.raw = raw
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        data = self.raw.read(len(buffer))
        buffer[: len(data)] = data
        self.count += len(data)
        return len(data)


def open_rows(path: Path) -> tuple[Iterator[tuple[int, dict[str, str]]], CountingReader]:
    """The file's rows with their line numbers, and the counter of the file's bytes read so far.
    A file without the header row is refused."""
    counted = CountingReader(path.open("rb"))
    source: IO[bytes] = io.BufferedReader(counted)
    if path.suffix == ".zst":
        import zstandard

        source = zstandard.ZstdDecompressor().stream_reader(source, read_across_frames=True)
    text = io.TextIOWrapper(source, encoding="utf-8", newline="")
    reader = csv.DictReader(text)
    if tuple(reader.fieldnames or ()) != COLUMNS:
        text.close()
        raise BadRow(f"the first row must name the columns {','.join(COLUMNS)}")

    def rows() -> Iterator[tuple[int, dict[str, str]]]:
        with text:
            for row in reader:
                yield reader.line_num, row

    return rows(), counted


def parse(row: dict[str, str]) -> PuzzleRow:
    """The puzzle a row holds; BadRow when any of it is wrong (never half of it)."""
    if None in row or any(value is None for value in row.values()):
        raise BadRow("it does not have ten columns")
    puzzle_id = row["PuzzleId"].strip()
    if not PUZZLE_ID.match(puzzle_id):
        raise BadRow("PuzzleId must be 5 to 16 letters and digits, and not daily or themes")
    fen = row["FEN"].strip()
    moves = tuple(row["Moves"].split())
    if not 2 <= len(moves) <= MAX_MOVES or len(moves) % 2:
        raise BadRow(
            "Moves must be an even number of moves: the opponent's first, the solver's last"
        )
    checked = rules.line_of(fen, list(moves))
    if isinstance(checked, str):
        raise BadRow(checked)
    themes = tuple(row["Themes"].split())
    tags = tuple(row["OpeningTags"].split())
    if not all(WORD.match(word) for word in (*themes, *tags)):
        raise BadRow("Themes and OpeningTags must be words of letters, digits and _")
    url = row["GameUrl"].strip()
    if url and not re.match(r"\Ahttps://[^\s]{1,190}\Z", url):
        raise BadRow("GameUrl must be empty or an https:// address")
    return PuzzleRow(
        id=puzzle_id,
        fen=fen,
        moves=moves,
        rating=_number(row, "Rating", 0, 4000),
        deviation=_number(row, "RatingDeviation", 0, 1000),
        popularity=_number(row, "Popularity", -100, 100),
        plays=_number(row, "NbPlays", 0, 10**9),
        themes=themes,
        game_url=url,
        opening_tags=tags,
    )


def parse_many(rows: list[tuple[int, dict[str, str]]]) -> list[tuple[int, PuzzleRow | str]]:
    """Each row (with its line) parsed: the puzzle, or why the row is bad."""
    found: list[tuple[int, PuzzleRow | str]] = []
    for line, row in rows:
        try:
            found.append((line, parse(row)))
        except BadRow as problem:
            found.append((line, str(problem)))
    return found


def _number(row: dict[str, str], column: str, low: int, high: int) -> int:
    try:
        value = int(row[column])
    except ValueError:
        raise BadRow(f"{column} must be a whole number") from None
    if not low <= value <= high:
        raise BadRow(f"{column} must be between {low} and {high}")
    return value
