"""Puzzle runs, as Lichess's Puzzle Storm and Puzzle Streak: puzzles served by the server one
after another, rising in difficulty, each answered and scored here.

A timed run lasts three minutes, and each solved puzzle adds three seconds to its clock; it ends
when the clock is out or at the third mistake. A streak run has no clock and ends at the first
mistake. The server chooses the puzzles (from 800 up, a band of 200 points that rises by 100
every three puzzles; never the day's puzzle; puzzles the member played in the last month left
out while there are others) and serves a few ahead without their solutions. The client sends
the moves played so far: a right move that does not end the line is answered with the reply
(nothing recorded), a miss or a solve is recorded under the client's answer id. Only the puzzle
due next in the run counts, and only within the server's clock (a few seconds of grace for an
answer on its way), so the score cannot be made up by the client.

Runs are not rated (as on Lichess): they move neither the member's puzzle rating nor the
puzzles', nor the free member's five puzzles of the day; a free member has one run a day, a Pro
member as many as they like. A missed puzzle enters the member's review.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import review, rules
from ..access.clock import iso
from ..platform.errors import ApiError
from . import answers, days, lookup
from .models import Puzzle, PuzzleRound
from .players import player
from .run_models import PuzzleRun, PuzzleRunPuzzle
from .themes import name_of

TIMED, STREAK = "timed", "streak"
MODES = (TIMED, STREAK)
TIMED_FOR = timedelta(minutes=3)
SOLVE_BONUS = timedelta(seconds=3)  # added to a timed run's clock by each solved puzzle
MAX_MISTAKES = {TIMED: 3, STREAK: 1}
# An answer that left the client before the clock ran out may arrive a little after.
GRACE = timedelta(seconds=5)
AHEAD = 5  # puzzles served and not answered yet, at most
FIRST_BAND, BAND_STEP, BAND_WIDTH, PER_BAND = 800, 100, 200, 3
RECENTLY = timedelta(days=30)
FREE_RUNS_PER_DAY = 1
WIDER = (0, 200, 400, 800, 4000)  # how far past its band a puzzle is looked for, in turn


@dataclass(frozen=True)
class Answer:
    answer_id: str
    puzzle_id: str
    moves: list[str]  # the solver's moves and the replies, after the opponent's first move


def band_of(place: int) -> tuple[int, int]:
    """The ratings a run's puzzle at ``place`` (0, 1, ...) is chosen between."""
    low = FIRST_BAND + BAND_STEP * (place // PER_BAND)
    return low, low + BAND_WIDTH


def start(
    session: Session, user_id: int, mode: str, *, is_pro: bool, now: datetime, rng: random.Random
) -> dict[str, Any]:
    """Start a run (403 puzzle_run_allowance_spent for a free member's second of the day) and
    answer it with its first puzzles, committed."""
    player(session, user_id, lock=True)  # one start or answer of a member at a time
    if not is_pro and runs_started(session, user_id, now.date()) >= FREE_RUNS_PER_DAY:
        raise ApiError(403, "puzzle_run_allowance_spent", available_at=iso(days.tomorrow(now)))
    run = PuzzleRun(
        id=uuid.uuid4().hex,
        user_id=user_id,
        mode=mode,
        day=now.date(),
        started_at=now,
        ends_at=now + TIMED_FOR if mode == TIMED else None,
        score=0,
        mistakes=0,
    )
    session.add(run)
    session.flush()
    _serve(session, run, now, rng)
    found = run_answer(session, run, now)
    session.commit()
    return found


def runs_started(session: Session, user_id: int, day: date) -> int:
    return int(
        session.scalar(
            sa.select(sa.func.count())
            .select_from(PuzzleRun)
            .where(PuzzleRun.user_id == user_id, PuzzleRun.day == day)
        )
        or 0
    )


def state(session: Session, user_id: int, run_id: str, now: datetime) -> dict[str, Any]:
    """The run as it stands (a timed run past its clock and its grace is ended), committed."""
    run = _run(session, user_id, run_id)
    _close_if_out(run, now)
    found = run_answer(session, run, now)
    session.commit()
    return found


def answer(
    session: Session,
    user_id: int,
    run_id: str,
    sent: Answer,
    *,
    now: datetime,
    rng: random.Random,
) -> dict[str, Any]:
    """Check an answer against the puzzle's solution and score it, committed. A right move
    short of the line's end answers the reply and records nothing; a miss or a solve is
    recorded once (the same answer id and moves answer the same again). Refused: a puzzle the
    run did not serve (400 puzzle_run_not_served), one served but not due now (409
    puzzle_run_out_of_order), an answer after the run's end (409 puzzle_run_over), an answer id
    used for other moves (409 puzzle_run_answer_conflict)."""
    player(session, user_id, lock=True)  # one answer of a member at a time: none counts twice
    run = _run(session, user_id, run_id)
    rows = _rows(session, run.id)
    earlier = next((row for row in rows if row.answer_id == sent.answer_id), None)
    if earlier is not None:
        if earlier.puzzle_id != sent.puzzle_id or (earlier.moves or "") != " ".join(sent.moves):
            raise ApiError(409, "puzzle_run_answer_conflict")
        return _answered(session, run, earlier, None, now)
    if _close_if_out(run, now):
        session.commit()
    if run.ended_at is not None:
        raise ApiError(409, "puzzle_run_over")
    due = next((row for row in rows if row.answer_id is None), None)
    if due is None or due.puzzle_id != sent.puzzle_id:
        if any(row.puzzle_id == sent.puzzle_id for row in rows):
            raise ApiError(409, "puzzle_run_out_of_order")
        raise ApiError(400, "puzzle_run_not_served")
    puzzle = lookup.get(session, due.puzzle_id)
    line = puzzle.moves.split()
    if len(sent.moves) % 2 == 0:
        raise ApiError(
            400, "validation_failed", fields={"moves": "The moves end with a move of the solver's."}
        )
    try:
        verdict = rules.judge(rules.after(puzzle.fen, line[:1]), line[1:], sent.moves)
    except rules.NotPlayable as problem:
        raise ApiError(400, "validation_failed", fields={"moves": str(problem)}) from None
    if not verdict.solved and not verdict.failed:
        # A right move with more to come: its reply, nothing recorded.
        return _answered(session, run, None, line[1 + len(sent.moves)], now)
    due.answer_id, due.answered_at = sent.answer_id, now
    due.solved, due.moves = verdict.solved, " ".join(sent.moves)[:400]
    if verdict.solved:
        run.score += 1
        if run.ends_at is not None:
            run.ends_at += SOLVE_BONUS
    else:
        run.mistakes += 1
        review.record(session, user_id, review.PUZZLE, puzzle.id, solved=False, now=now)
    if run.mistakes >= MAX_MISTAKES[run.mode]:
        run.ended_at = now
    elif run.ends_at is not None and now >= run.ends_at:
        run.ended_at = run.ends_at  # answered within the grace: it counts, and ends the run
    else:
        _serve(session, run, now, rng)
    session.flush()
    found = _answered(session, run, due, None, now)
    session.commit()
    return found


def best(session: Session, user_id: int, now: datetime) -> dict[str, Any]:
    """The member's best score of each mode, today (UTC) and of all time (null: none yet)."""
    return {mode: best_of(session, user_id, mode, now) for mode in MODES}


def best_of(session: Session, user_id: int, mode: str, now: datetime) -> dict[str, Any]:
    """The member's best score of one mode, today and of all time: one statement, as each run
    answered carries it (a round trip is most of a start's time on a busy host)."""
    today, all_time = session.execute(
        sa.select(
            sa.func.max(PuzzleRun.score).filter(PuzzleRun.day == now.date()),
            sa.func.max(PuzzleRun.score),
        ).where(PuzzleRun.user_id == user_id, PuzzleRun.mode == mode)
    ).one()
    return {"today": today, "all_time": all_time}


def run_answer(session: Session, run: PuzzleRun, now: datetime) -> dict[str, Any]:
    """The run as the API answers it: its clock, score, the puzzles served and not answered yet
    (without their solutions), the ones missed (with them) and the member's best of its mode."""
    rows = _rows(session, run.id)
    over = run.ended_at is not None or (run.ends_at is not None and now >= run.ends_at)
    waiting = [row for row in rows if row.answer_id is None] if not over else []
    missed = [row for row in rows if row.answer_id is not None and not row.solved]
    puzzles = {
        puzzle.id: puzzle
        for puzzle in session.scalars(
            sa.select(Puzzle).where(Puzzle.id.in_([row.puzzle_id for row in waiting + missed]))
        )
    }
    return {
        "id": run.id,
        "mode": run.mode,
        "rated": False,
        "now": iso(now),
        "started_at": iso(run.started_at),
        "ends_at": iso(run.ends_at),
        "ended_at": iso(run.ended_at if run.ended_at is not None or not over else run.ends_at),
        "over": over,
        "score": run.score,
        "mistakes": run.mistakes,
        "mistakes_allowed": MAX_MISTAKES[run.mode],
        "played": sum(1 for row in rows if row.answer_id is not None),
        "puzzles": [_unsolved(puzzles[row.puzzle_id], row.place) for row in waiting],
        "missed": [answers.puzzle_answer(puzzles[row.puzzle_id]) for row in missed],
        "best": best_of(session, run.user_id, run.mode, now),
    }


def _unsolved(puzzle: Puzzle, place: int) -> dict[str, Any]:
    """A puzzle served in a run: its position and the opponent's first move, not the rest."""
    white_to_move = puzzle.fen.split()[1] == "w"
    return {
        "id": puzzle.id,
        "place": place,
        "fen": puzzle.fen,
        "first_move": puzzle.moves.split()[0],
        "solver": "black" if white_to_move else "white",
        "rating": round(puzzle.rating),
        "themes": [{"theme": theme, "name": name_of(theme)} for theme in puzzle.themes.split()],
    }


def _answered(
    session: Session,
    run: PuzzleRun,
    row: PuzzleRunPuzzle | None,
    reply: str | None,
    now: datetime,
) -> dict[str, Any]:
    """An answer's outcome: the verdict on the puzzle (with its solution once it is decided),
    and the run as it stands."""
    if row is None:
        verdict, solution = "continue", None
    else:
        verdict = "solved" if row.solved else "missed"
        solution = lookup.get(session, row.puzzle_id).moves.split()
    return {
        "verdict": verdict,
        "reply": reply,
        "solution": solution,
        "run": run_answer(session, run, now),
    }


def _run(session: Session, user_id: int, run_id: str) -> PuzzleRun:
    run = session.get(PuzzleRun, run_id)
    if run is None or run.user_id != user_id:
        raise ApiError(404, "not_found", "We couldn't find that run.")
    return run


def _rows(session: Session, run_id: str) -> list[PuzzleRunPuzzle]:
    return list(
        session.scalars(
            sa.select(PuzzleRunPuzzle)
            .where(PuzzleRunPuzzle.run_id == run_id)
            .order_by(PuzzleRunPuzzle.place)
        )
    )


def _close_if_out(run: PuzzleRun, now: datetime) -> bool:
    """End a timed run whose clock and grace are out (at its clock's end); whether it did."""
    if run.ended_at is None and run.ends_at is not None and now > run.ends_at + GRACE:
        run.ended_at = run.ends_at
        return True
    return False


def _serve(session: Session, run: PuzzleRun, now: datetime, rng: random.Random) -> None:
    """Serve puzzles until AHEAD wait unanswered (fewer when the puzzles run out; none left to
    answer ends the run). Flushed."""
    rows = _rows(session, run.id)
    in_run = {row.puzzle_id for row in rows}
    daily_id = lookup.daily(session, now.date()).id
    place = len(rows)
    waiting = sum(1 for row in rows if row.answer_id is None)
    while waiting < AHEAD:
        found = _choose(session, run.user_id, place, in_run | {daily_id}, now, rng)
        if found is None:
            break
        session.add(PuzzleRunPuzzle(run_id=run.id, place=place, puzzle_id=found))
        in_run.add(found)
        place, waiting = place + 1, waiting + 1
    if waiting == 0:  # every puzzle there is was served in this run
        run.ended_at = now
    session.flush()


def _choose(
    session: Session,
    user_id: int,
    place: int,
    left_out: set[str],
    now: datetime,
    rng: random.Random,
) -> str | None:
    """A puzzle for ``place``: at a random rating in its band, the nearest above (then below)
    the member did not play lately; looked for further from the band, then among puzzles
    played lately, when there is none."""
    low, high = band_of(place)
    target = rng.uniform(low, high)
    since = now - RECENTLY
    played_lately = sa.or_(
        sa.select(PuzzleRound.id)
        .where(
            PuzzleRound.user_id == user_id,
            PuzzleRound.puzzle_id == Puzzle.id,
            PuzzleRound.served_at >= since,
        )
        .exists(),
        sa.select(PuzzleRunPuzzle.place)
        .join(PuzzleRun, PuzzleRun.id == PuzzleRunPuzzle.run_id)
        .where(
            PuzzleRun.user_id == user_id,
            PuzzleRunPuzzle.puzzle_id == Puzzle.id,
            PuzzleRun.day >= since.date(),
        )
        .exists(),
    )
    for avoid_recent in (True, False):
        for wider in WIDER:
            base = sa.select(Puzzle.id).where(Puzzle.id.not_in(sorted(left_out)))
            if avoid_recent:
                base = base.where(~played_lately)
            above = session.scalar(
                base.where(Puzzle.rating >= target, Puzzle.rating < high + wider)
                .order_by(Puzzle.rating)
                .limit(1)
            )
            if above is not None:
                return above
            below = session.scalar(
                base.where(Puzzle.rating < target, Puzzle.rating >= low - wider)
                .order_by(Puzzle.rating.desc())
                .limit(1)
            )
            if below is not None:
                return below
    return None
