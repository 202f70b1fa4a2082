"""Puzzle files loaded into the database: streamed, in batches of one transaction each,
idempotent (a puzzle already there is left as it is) and resumable (a stopped import goes on
after the last batch it committed)."""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import sqlite
from sqlalchemy.orm import Session

from .lichess_csv import PuzzleRow, open_rows, parse_many
from .models import Puzzle, PuzzleImport, PuzzleTheme

BATCH = 2000
# The puzzles the site ships with, made by cms-schema/tools/make_puzzles.py.
SEED = Path(__file__).with_name("seed.csv")
PROBLEMS_KEPT = 20
# A file this large (about 33,000 puzzles) is checked by several processes at once.
PARALLEL_FROM_BYTES = 5_000_000


@dataclass
class ImportReport:
    read: int = 0  # rows read by this run
    added: int = 0
    present: int = 0  # already in the database
    resumed_after: int = 0  # rows an earlier, stopped run of the same file had committed
    bad: int = 0
    problems: list[tuple[int, str]] = field(default_factory=list)  # the first few: line, why
    finished_before: datetime | None = None  # the file was imported whole already, then


def import_file(
    session: Session,
    path: Path,
    *,
    now: Callable[[], datetime],
    batch: int = BATCH,
    again: bool = False,
    progress: Callable[[int], None] = lambda read_bytes: None,
    jobs: int | None = None,
) -> ImportReport:
    """Import the puzzles of a Lichess-format file. ``again`` reads a file imported whole
    before once more (what is there already stays); ``progress`` hears the bytes read;
    ``jobs``: processes checking rows (None: one a CPU for a large file, else this one)."""
    source = f"{path.resolve()}:{path.stat().st_size}"
    mark = session.get(PuzzleImport, source) or PuzzleImport(source=source, rows_read=0)
    report = ImportReport()
    if mark.finished_at is not None and not again:
        report.finished_before = mark.finished_at
        return report
    if mark.finished_at is not None:
        mark.rows_read, mark.finished_at = 0, None
    session.add(mark)
    report.resumed_after = mark.rows_read
    rows, counted = open_rows(path)
    chunks = _chunks(rows, report.resumed_after, batch)
    for number, parsed, last in _parsed(chunks, jobs or _jobs_for(path)):
        good: list[PuzzleRow] = []
        for line, found in parsed:
            report.read += 1
            if isinstance(found, PuzzleRow):
                good.append(found)
                continue
            report.bad += 1
            if len(report.problems) < PROBLEMS_KEPT:
                report.problems.append((line, found))
        if last:
            mark.finished_at = now()
        _commit(session, good, mark, number, report)
        progress(counted.count)
    return report


Chunk = list[tuple[int, dict[str, str]]]


def _chunks(
    rows: Iterator[tuple[int, dict[str, str]]], skip: int, batch: int
) -> Iterator[tuple[int, Chunk, bool]]:
    """The rows after the first ``skip`` in batches: (rows read so far, the batch, whether it is
    the last); the last may be empty."""
    chunk: Chunk = []
    number = 0
    for number, row in enumerate(rows, start=1):
        if number <= skip:
            continue
        chunk.append(row)
        if len(chunk) == batch:
            yield number, chunk, False
            chunk = []
    yield number, chunk, True


def _jobs_for(path: Path) -> int:
    """Processes to check rows in: one for a small file, one a CPU for a large one."""
    return (os.cpu_count() or 1) if path.stat().st_size >= PARALLEL_FROM_BYTES else 1


def _parsed(
    chunks: Iterator[tuple[int, Chunk, bool]], jobs: int
) -> Iterator[tuple[int, Any, bool]]:
    """Each batch checked (lichess_csv.parse_many), in order: in this process, or with ``jobs``
    processes checking the next batches while this one is written."""
    if jobs <= 1:
        for number, chunk, last in chunks:
            yield number, parse_many(chunk), last
        return
    waiting: deque[tuple[int, Future[Any], bool]] = deque()
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for number, chunk, last in chunks:
            waiting.append((number, pool.submit(parse_many, chunk), last))
            if len(waiting) > 2 * jobs:  # a few batches ahead, never the whole file
                number, future, last = waiting.popleft()
                yield number, future.result(), last
        while waiting:
            number, future, last = waiting.popleft()
            yield number, future.result(), last


def _commit(
    session: Session, rows: list[PuzzleRow], mark: PuzzleImport, read: int, report: ImportReport
) -> None:
    """One batch and how far the file is read, in one transaction."""
    added = _insert(session, rows)
    report.added += added
    report.present += len(rows) - added  # in the database, or earlier in the file
    mark.rows_read = read
    session.commit()


def _insert(session: Session, rows: list[PuzzleRow]) -> int:
    """Insert the puzzles not there yet and their themes; how many were new. A puzzle id twice
    in a batch is the first one's."""
    if not rows:
        return 0
    unique: dict[str, PuzzleRow] = {}
    for row in rows:
        unique.setdefault(row.id, row)
    if session.get_bind().dialect.name == "postgresql":
        new_ids = _copied(session, list(unique.values()))
    else:
        new_ids = set(
            session.scalars(
                sqlite.insert(Puzzle)
                .on_conflict_do_nothing(index_elements=["id"])
                .returning(Puzzle.id),
                [_puzzle_values(row) for row in unique.values()],
            )
        )
        themes = _theme_values(unique.values(), new_ids)
        if themes:
            session.execute(sa.insert(PuzzleTheme), themes)
    return len(new_ids)


def _puzzle_values(row: PuzzleRow) -> dict[str, object]:
    return {
        "id": row.id,
        "fen": row.fen,
        "moves": " ".join(row.moves),
        "rating": float(row.rating),
        "deviation": float(row.deviation),
        "volatility": 0.06,
        "popularity": row.popularity,
        "plays": row.plays,
        "themes": " ".join(row.themes),
        "game_url": row.game_url,
        "opening_tags": " ".join(row.opening_tags),
    }


def _theme_values(rows: Iterable[PuzzleRow], new_ids: set[str]) -> list[dict[str, object]]:
    return [
        {"theme": theme, "puzzle_id": row.id, "rating": float(row.rating)}
        for row in rows
        if row.id in new_ids
        for theme in dict.fromkeys(row.themes)
    ]


def _copied(session: Session, rows: list[PuzzleRow]) -> set[str]:
    """PostgreSQL: the batch copied (COPY) into a table of the transaction's own, moved from
    there into the puzzles the way the other path inserts them (those there already stay), and
    the new ones' themes copied in; the ids of the new ones."""
    cursor = session.connection().connection.driver_connection.cursor()  # type: ignore[union-attr]
    cursor.execute(
        "CREATE TEMPORARY TABLE puzzle_import_batch"
        " (LIKE puzzles INCLUDING DEFAULTS) ON COMMIT DROP"
    )
    with cursor.copy(
        "COPY puzzle_import_batch (id, fen, moves, rating, deviation, volatility, popularity,"
        " plays, themes, game_url, opening_tags) FROM STDIN"
    ) as copy:
        for row in rows:
            copy.write_row(tuple(_puzzle_values(row).values()))
    cursor.execute(
        "INSERT INTO puzzles SELECT * FROM puzzle_import_batch"
        " ON CONFLICT (id) DO NOTHING RETURNING id"
    )
    new_ids = {found for (found,) in cursor.fetchall()}
    with cursor.copy("COPY puzzle_themes (theme, puzzle_id, rating) FROM STDIN") as copy:
        for theme in _theme_values(rows, new_ids):
            copy.write_row((theme["theme"], theme["puzzle_id"], theme["rating"]))
    cursor.execute("DROP TABLE puzzle_import_batch")
    return new_ids
