"""`flask --app bff puzzles import`: Lichess-format files, plain or Zstandard, streamed in
batches; bad rows reported and skipped whole; idempotent and resumable."""

from __future__ import annotations

import csv

import sqlalchemy as sa
import zstandard

from bff.app_context import app_context
from bff.platform.extensions import db
from bff.puzzles import importer
from bff.puzzles.lichess_csv import COLUMNS
from bff.puzzles.models import Puzzle, PuzzleImport, PuzzleTheme

from .builders import LONGER, MATE

GOOD = [
    [
        "00sHx",
        MATE[0],
        MATE[1],
        "1280",
        "75",
        "93",
        "1012",
        "mate mateIn1 opening",
        "https://lichess.org/abc#6",
        "Italian_Game",
    ],
    ["00sJ9", LONGER[0], LONGER[1], "1610", "80", "85", "640", "opening short", "", ""],
]
BAD = [
    ["bad1x", "not a fen", "e2e4 e7e5", "1500", "80", "90", "10", "short", "", ""],  # FEN
    ["bad2x", MATE[0], "c6d4 f3f8", "1500", "80", "90", "10", "short", "", ""],  # illegal
    ["bad3x", MATE[0], "c6d4", "1500", "80", "90", "10", "short", "", ""],  # odd length
    ["bad4x", MATE[0], MATE[1], "lots", "80", "90", "10", "short", "", ""],  # rating
    ["bad5x", MATE[0], MATE[1], "1500", "80", "90", "10", "mate <script>", "", ""],  # theme
]


def write(path, rows):
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    return path


def puzzles(app) -> dict[str, list[str]]:
    with app.app_context():
        rows = db.session.execute(sa.select(Puzzle.id, Puzzle.themes)).all()
        themes = db.session.execute(sa.select(PuzzleTheme.puzzle_id, PuzzleTheme.theme)).all()
    found = {puzzle_id: [] for puzzle_id, _ in rows}
    for puzzle_id, theme in themes:
        found[puzzle_id].append(theme)
    return {key: sorted(value) for key, value in found.items()}


def test_good_rows_come_in_whole_and_bad_ones_are_reported(app, tmp_path):
    source = write(tmp_path / "puzzles.csv", [GOOD[0], *BAD, GOOD[1]])
    result = app.test_cli_runner().invoke(args=["puzzles", "import", str(source)])
    assert result.exit_code == 0, result.output
    assert "2 puzzles added, 0 already there, 5 bad rows skipped" in result.output
    assert "line 3: illegal FEN 'not a fen'" in result.output
    assert "line 4: move 2 'f3f8' is not legal in" in result.output
    assert "line 5: Moves must be an even number of moves" in result.output
    assert "line 6: Rating must be a whole number" in result.output
    assert "line 7: Themes and OpeningTags must be words" in result.output
    assert puzzles(app) == {
        "00sHx": ["mate", "mateIn1", "opening"],
        "00sJ9": ["opening", "short"],
    }
    with app.app_context():
        kept = db.session.get(Puzzle, "00sHx")
        assert (kept.rating, kept.popularity, kept.plays) == (1280, 93, 1012)
        assert kept.game_url == "https://lichess.org/abc#6"


def test_importing_again_changes_nothing(app, tmp_path):
    source = write(tmp_path / "puzzles.csv", GOOD)
    runner = app.test_cli_runner()
    runner.invoke(args=["puzzles", "import", str(source)])
    with app.app_context():
        db.session.get(Puzzle, "00sHx").rating = 1333.0  # rated since
        db.session.commit()
    again = runner.invoke(args=["puzzles", "import", str(source)])
    assert "was imported whole on" in again.output
    forced = runner.invoke(args=["puzzles", "import", "--again", str(source)])
    assert "0 puzzles added, 2 already there, 0 bad rows skipped" in forced.output
    with app.app_context():
        assert db.session.get(Puzzle, "00sHx").rating == 1333.0


def test_a_zstandard_file_streams(app, tmp_path):
    plain = write(tmp_path / "puzzles.csv", GOOD)
    packed = tmp_path / "lichess_db_puzzle.csv.zst"
    packed.write_bytes(zstandard.ZstdCompressor().compress(plain.read_bytes()))
    result = app.test_cli_runner().invoke(args=["puzzles", "import", str(packed)])
    assert "2 puzzles added" in result.output
    assert set(puzzles(app)) == {"00sHx", "00sJ9"}


def test_a_stopped_import_goes_on_after_its_last_batch(app, tmp_path):
    rows = [
        [f"p{number:04d}", MATE[0], MATE[1], str(1000 + number), "80", "50", "1", "mate", "", ""]
        for number in range(25)
    ]
    source = write(tmp_path / "big.csv", rows)
    with app.app_context():
        stop_after = 2  # batches

        def stop(read_bytes: int, calls=[0]) -> None:  # noqa: B006 - counts calls
            calls[0] += 1
            if calls[0] == stop_after:
                raise KeyboardInterrupt

        try:
            importer.import_file(
                db.session(), source, now=app_context().clock, batch=10, progress=stop
            )
        except KeyboardInterrupt:
            db.session.rollback()
        mark = db.session.scalar(sa.select(PuzzleImport))
        assert (mark.rows_read, mark.finished_at) == (20, None)
        report = importer.import_file(db.session(), source, now=app_context().clock, batch=10)
        assert (report.resumed_after, report.read, report.added) == (20, 5, 5)
    assert len(puzzles(app)) == 25


def test_a_file_without_the_columns_is_refused(app, tmp_path):
    source = tmp_path / "other.csv"
    source.write_text("id,fen\n1,x\n")
    result = app.test_cli_runner().invoke(args=["puzzles", "import", str(source)])
    assert result.exit_code != 0
    assert "the first row must name the columns PuzzleId,FEN,Moves" in str(result.exception)


def test_the_seed_is_sound_and_loads(app):
    result = app.test_cli_runner().invoke(args=["puzzles", "seed"])
    assert result.exit_code == 0, result.output
    assert " 0 bad rows skipped" in result.output
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Puzzle)) >= 1


def test_a_puzzle_id_twice_is_the_first_ones_within_a_batch_and_across_batches(app, tmp_path):
    # On PostgreSQL a batch is copied (COPY) into a table of its own, then moved into the
    # puzzles; on SQLite it is inserted: the same outcome either way.
    first = ["dup01", MATE[0], MATE[1], "1280", "75", "93", "1012", "mate mateIn1", "", ""]
    second = ["dup01", LONGER[0], LONGER[1], "1610", "80", "85", "640", "short", "", ""]
    other = ["dup02", LONGER[0], LONGER[1], "1610", "80", "85", "640", "opening short", "", ""]
    source = write(tmp_path / "twice.csv", [first, second, other, second, first])
    with app.app_context():
        report = importer.import_file(db.session(), source, now=app_context().clock, batch=3)
        assert (report.read, report.added, report.present, report.bad) == (5, 2, 3, 0)
        kept = db.session.get(Puzzle, "dup01")
        assert (kept.fen, kept.rating, kept.themes) == (MATE[0], 1280, "mate mateIn1")
    assert puzzles(app) == {"dup01": ["mate", "mateIn1"], "dup02": ["opening", "short"]}


def test_rows_checked_by_several_processes_come_in_as_by_one(app, tmp_path):
    rows = [
        [f"j{number:04d}", MATE[0], MATE[1], str(1000 + number), "80", "50", "1", "mate", "", ""]
        for number in range(30)
    ]
    rows[7] = BAD[1]  # line 9: an illegal move
    rows[23] = BAD[0]  # line 25: not a FEN
    source = write(tmp_path / "parallel.csv", rows)
    with app.app_context():
        report = importer.import_file(
            db.session(), source, now=app_context().clock, batch=4, jobs=2
        )
        assert (report.read, report.added, report.bad) == (30, 28, 2)
        assert [line for line, _ in report.problems] == [9, 25]
        assert report.problems[1][1] == "illegal FEN 'not a fen'"
        mark = db.session.scalar(sa.select(PuzzleImport))
        assert mark.rows_read == 30 and mark.finished_at is not None
    assert len(puzzles(app)) == 28
