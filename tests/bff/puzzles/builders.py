"""Puzzles for the tests: real positions with legal lines, at the ratings a test needs."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from itertools import count

from bff.platform.extensions import db
from bff.puzzles.models import DailyPuzzle, Puzzle, PuzzleTheme

# After 1.e4 e5 2.Bc4 Nc6 3.Qf3, Black's 3...Nd4 lets 4.Qxf7 mate.
MATE = ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "c6d4 f3f7")
# A legal line with two moves of the solver's (the Two Knights: 4.Ng5 d5 5.exd5 Nxd5), for the
# mechanics of longer lines; not a sound puzzle.
LONGER = (
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "f3g5 d7d5 e4d5 f6d5",
)
_ids = count(1)
# The tests' day: the application's clock starts at its noon (conftest.clock).
NOON = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def data(response) -> dict:
    """The ``data`` of a 200 answer."""
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["data"]


def solve(client, headers, puzzle, attempt_id, solved=True, moves=None):
    """Sends an attempt at ``puzzle`` (as served): its line by default, solved."""
    moves = puzzle["moves"][1:] if moves is None else moves
    return client.post(
        f"/content/puzzles/{puzzle['id']}/attempts",
        json={"attempt_id": attempt_id, "moves": moves, "solved": solved, "seconds": 12},
        headers=headers,
    )


def add_puzzle(
    app,
    rating: float = 1500,
    themes: tuple[str, ...] = ("mate", "mateIn1", "opening"),
    line: tuple[str, str] = MATE,
    puzzle_id: str | None = None,
    popularity: int = 90,
) -> str:
    """A puzzle in the database; its id."""
    puzzle_id = puzzle_id or f"t{next(_ids):05d}"
    fen, moves = line
    with app.app_context():
        db.session.add(
            Puzzle(
                id=puzzle_id,
                fen=fen,
                moves=moves,
                rating=float(rating),
                deviation=80.0,
                volatility=0.06,
                popularity=popularity,
                plays=100,
                themes=" ".join(themes),
                game_url="",
                opening_tags="",
            )
        )
        for theme in themes:
            db.session.add(PuzzleTheme(theme=theme, puzzle_id=puzzle_id, rating=float(rating)))
        db.session.commit()
    return puzzle_id


def daily_aside(app, first: date, days: int = 30) -> str:
    """A puzzle of its own made the day's puzzle from ``first`` on: 'next' leaves the day's
    puzzle out, so a test's puzzles stay for 'next'. Its id."""
    puzzle_id = add_puzzle(app, rating=1500, themes=("mate",), puzzle_id="daily01")
    with app.app_context():
        for offset in range(days):
            db.session.add(DailyPuzzle(day=first + timedelta(days=offset), puzzle_id=puzzle_id))
        db.session.commit()
    return puzzle_id
