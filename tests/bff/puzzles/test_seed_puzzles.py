"""The puzzles the site ships with (bff/puzzles/seed.csv, made by cms-schema/tools/make_puzzles.py)
are sound: every row is a legal Lichess-format puzzle, and Stockfish finds the solver's moves the
only good ones in a sample of them (the maker checked every step of every line at the same depth;
the whole file would take too long here)."""

from __future__ import annotations

import csv
import multiprocessing

import pytest

from bff import rules
from bff.puzzles import importer
from bff.puzzles.lichess_csv import parse

from ..cms.grown import chess_checks

SAMPLE = 40  # puzzles, spread over the file
AT_LEAST = 2000  # puzzles the site ships with


def seed_rows() -> list[dict[str, str]]:
    with importer.SEED.open(newline="") as seed:
        return list(csv.DictReader(seed))


def test_every_seed_puzzle_is_a_legal_lichess_row():
    rows = seed_rows()
    assert len(rows) >= AT_LEAST
    puzzles = [parse(row) for row in rows]  # BadRow if not
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    assert all(puzzle.themes for puzzle in puzzles)


_engine = None


def _start() -> None:
    global _engine
    _engine = chess_checks.open_engine()


def _check(row: dict[str, str]) -> tuple[str, list[str]]:
    line = row["Moves"].split()
    start = rules.after(row["FEN"], line[:1])
    return row["PuzzleId"], chess_checks.check_line(_engine, start, line[1:])


@pytest.mark.engine
def test_stockfish_finds_the_solvers_moves_the_only_good_ones(stockfish):
    rows = seed_rows()
    sample = rows[:: max(1, len(rows) // SAMPLE)][:SAMPLE]
    with multiprocessing.get_context("fork").Pool(2, initializer=_start) as processes:
        results = processes.map(_check, sample, chunksize=2)
    problems = [f"{puzzle}: {found}" for puzzle, found in results if found]
    assert problems == [], "\n".join(problems)
