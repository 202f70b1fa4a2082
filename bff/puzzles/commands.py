"""`flask --app bff puzzles import FILE` and `puzzles seed`
(docs/learning-and-puzzles.md, puzzles)."""

from __future__ import annotations

from pathlib import Path

import click
from flask import Flask

from ..access.clock import clock
from ..platform.extensions import db
from . import importer


def register(app: Flask) -> None:
    @app.cli.group("puzzles")
    def puzzles_group() -> None:
        """Puzzles in the Lichess puzzle database's form (docs/learning-and-puzzles.md, puzzles)."""

    @puzzles_group.command("import")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--batch", default=importer.BATCH, show_default=True, help="Rows a transaction")
    @click.option("--again", is_flag=True, help="Read a file imported whole before once more")
    @click.option(
        "--jobs",
        type=click.IntRange(min=1),
        help="Processes checking rows (default: one a CPU for a file over 5 MB, else one)",
    )
    def import_puzzles(file: Path, batch: int, again: bool, jobs: int | None) -> None:
        """Import the puzzles of a Lichess-format CSV file, plain or .zst: those already there
        stay as they are, bad rows are reported and skipped, and a stopped import goes on where
        it stopped."""
        _import(file, batch, again, jobs)

    @puzzles_group.command("seed")
    def seed_puzzles() -> None:
        """Import the puzzles the site ships with (bff/puzzles/seed.csv), once."""
        _import(importer.SEED, importer.BATCH, again=False)

    def _import(file: Path, batch: int, again: bool, jobs: int | None = None) -> None:
        with click.progressbar(length=file.stat().st_size, label=f"Importing {file.name}") as bar:
            seen = [0]

            def advance(read_bytes: int) -> None:
                bar.update(read_bytes - seen[0])
                seen[0] = read_bytes

            report = importer.import_file(
                db.session(),
                file,
                now=clock,
                batch=batch,
                again=again,
                progress=advance,
                jobs=jobs,
            )
        if report.finished_before is not None:
            click.echo(
                f"{file.name} was imported whole on {report.finished_before:%Y-%m-%d}"
                " (--again reads it once more)"
            )
            return
        if report.resumed_after:
            click.echo(f"Went on after row {report.resumed_after:,}, read before")
        for line, problem in report.problems:
            click.echo(f"line {line}: {problem}", err=True)
        if report.bad > len(report.problems):
            click.echo(f"... and {report.bad - len(report.problems):,} more bad rows", err=True)
        click.echo(
            f"{report.added:,} puzzles added, {report.present:,} already there,"
            f" {report.bad:,} bad rows skipped"
        )
