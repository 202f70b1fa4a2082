"""Puzzle files loaded into the database: streamed, in batches of one transaction each,
idempotent (a puzzle already there is left as it is) and resumable (a stopped import goes on
after the last batch it committed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from .lichess_csv import BadRow, PuzzleRow, open_rows, parse
from .models import Puzzle, PuzzleImport, PuzzleTheme

BATCH = 2000
# The puzzles the site ships with, made by cms-schema/tools/make_puzzles.py.
SEED = Path(__file__).with_name("seed.csv")
PROBLEMS_KEPT = 20


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
) -> ImportReport:
    """Import the puzzles of a Lichess-format file. ``again`` reads a file imported whole
    before once more (what is there already stays); ``progress`` hears the bytes read."""
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
    pending: list[PuzzleRow] = []
    number = 0
    for number, (line, raw) in enumerate(rows, start=1):
        if number <= report.resumed_after:
            continue
        report.read += 1
        try:
            pending.append(parse(raw))
        except BadRow as problem:
            report.bad += 1
            if len(report.problems) < PROBLEMS_KEPT:
                report.problems.append((line, str(problem)))
        if report.read % batch == 0:
            _commit(session, pending, mark, number, report)
            pending = []
            progress(counted.count)
    mark.finished_at = now()
    _commit(session, pending, mark, number, report)
    progress(counted.count)
    return report


def _commit(
    session: Session, rows: list[PuzzleRow], mark: PuzzleImport, read: int, report: ImportReport
) -> None:
    """One batch and how far the file is read, in one transaction."""
    added = _insert(session, rows)
    report.added += added
    report.present += len({row.id for row in rows}) - added
    mark.rows_read = read
    session.commit()


def _insert(session: Session, rows: list[PuzzleRow]) -> int:
    """Insert the puzzles not there yet and their themes; how many were new."""
    if not rows:
        return 0
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    unique = {row.id: row for row in rows}
    new_ids = set(
        session.scalars(
            insert(Puzzle).on_conflict_do_nothing(index_elements=["id"]).returning(Puzzle.id),
            [
                {
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
                for row in unique.values()
            ],
        )
    )
    themes = [
        {"theme": theme, "puzzle_id": row.id, "rating": float(row.rating)}
        for row in unique.values()
        if row.id in new_ids
        for theme in dict.fromkeys(row.themes)
    ]
    if themes:
        session.execute(sa.insert(PuzzleTheme), themes)
    return len(new_ids)
