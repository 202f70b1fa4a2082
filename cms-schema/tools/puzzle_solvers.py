"""The solvers that rate_puzzles.py plays puzzles with: Stockfish held to a strength, and how an
attempt at a puzzle is judged (as the site judges a member's).

Stockfish 15.1 weakens itself (src/search.cpp, struct Skill) from a level derived from UCI_Elo,
level = ((UCI_Elo - 1346.6) / 143.4) ^ (1 / 0.806), clamped to 0..20: it searches MultiPV 4 (at
least), and when the iteration at depth 1 + int(level) is done it picks one of those moves,
each move's score pushed by a deterministic term and a random one that both grow as the level
falls (its PRNG is seeded from the clock once per process, so picks vary from search to search).
Once that depth is done the pick is made, so searching deeper only costs time: each search is
limited to that depth, and to a node cap that only the deepest levels reach (below).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import chess
import chess.engine

# The node cap of one solver move. UCI_Elo 2300 (depth 11) needs about 140,000 nodes at most
# on the seed's positions, 2700 (depth 17) often more than a million, 2850 (depth 19) two
# million and 2.5 s a move here. 400,000 nodes (about half a second on one core) lets every
# level up to 2500 reach its own pick depth in nearly every position; the top anchor is cut
# short in the most complex ones, which makes it a little weaker than its UCI_Elo there (the
# calibration's free fit shows how much). 2850 is left out: its moves would cost 2 s each for
# the few puzzles no 2700 solves.
NODE_CAP = 400_000
ANCHOR_ELOS = (1350, 1500, 1700, 1900, 2100, 2300, 2500, 2700)
# Skill Level 0 picks among this many moves instead of four. On its own that is no weaker than
# UCI_Elo 1350 (a trial fitted it at 1383 ± 80): the level's random push already reaches past
# the fourth move at most positions, and a mate (or a gap far beyond a pawn) is never passed by.
# So the weak solvers also play a uniformly random legal move some of the time, which is what
# lets them miss a mate in one: 30 % fitted at about 1210 and 70 % at about 990 in a trial on
# the seed, so a third one at 90 % reaches further down, and 60 % bridges the two.
WEAK_MULTIPV = 8
WEAK_NOISE = (0.3, 0.6, 0.9)


def skill_level(elo: int) -> float:
    """Stockfish 15.1's Skill level for a UCI_Elo (search.cpp, Skill::Skill)."""
    return min(20.0, max(0.0, ((elo - 1346.6) / 143.4) ** (1 / 0.806)))


@dataclass(frozen=True)
class Solver:
    """One solver: the engine options it plays with, how many moves it picks among, how deep
    it looks, how often it plays a random legal move instead, and its rating when anchored
    (None: fitted by the calibration)."""

    name: str
    options: tuple[tuple[str, object], ...]
    multipv: int
    depth: int
    noise: float = 0.0
    anchor: int | None = None


def anchored(elo: int) -> Solver:
    return Solver(
        name=f"elo{elo}",
        options=(("UCI_LimitStrength", True), ("UCI_Elo", elo), ("Skill Level", 20)),
        multipv=4,
        depth=1 + int(skill_level(elo)),
        anchor=elo,
    )


def weak(name: str, noise: float) -> Solver:
    """Skill Level 0 (weakness 120, Stockfish's weakest) at depth 1, picking among
    WEAK_MULTIPV moves, and a random legal move ``noise`` of the time."""
    return Solver(
        name=name,
        options=(("UCI_LimitStrength", False), ("Skill Level", 0)),
        multipv=WEAK_MULTIPV,
        depth=1,
        noise=noise,
    )


SOLVERS: tuple[Solver, ...] = (
    *(weak(f"skill0-random{round(noise * 100)}", noise) for noise in reversed(WEAK_NOISE)),
    *(anchored(elo) for elo in ANCHOR_ELOS),
)


Choose = Callable[[chess.Board], chess.Move]


def attempt(fen: str, moves: list[str], choose: Choose) -> bool:
    """Whether a solver solves the puzzle, judged as the site judges a member: the opponent's
    first move is played, then at each of the solver's turns its move is right when it is the
    line's, or at the line's last move any move that mates; one wrong move fails; the
    opponent's replies are the line's."""
    board = chess.Board(fen)
    board.push_uci(moves[0])
    for step in range(1, len(moves), 2):
        move = choose(board)
        last = step == len(moves) - 1
        if move.uci() != moves[step]:
            if not (last and board.is_legal(move)):
                return False
            board.push(move)
            return board.is_checkmate()
        board.push(move)
        if not last:
            board.push_uci(moves[step + 1])
    return True


class EngineSolvers:
    """One Stockfish process (Threads 1, Hash 16) that plays as any of the solvers."""

    def __init__(self, path: str, rng: random.Random | None = None) -> None:
        self.engine = chess.engine.SimpleEngine.popen_uci(path)
        self.engine.configure({"Threads": 1, "Hash": 16})
        self.rng = rng or random.Random()  # noqa: S311 - a solver's noise, not a secret
        self.current: Solver | None = None

    def close(self) -> None:
        self.engine.quit()

    def chooser(self, solver: Solver) -> Choose:
        if solver != self.current:
            self.engine.configure(dict(solver.options))
            self.current = solver

        def choose(board: chess.Board) -> chess.Move:
            if solver.noise and self.rng.random() < solver.noise:
                return self.rng.choice(list(board.legal_moves))
            limit = chess.engine.Limit(depth=solver.depth, nodes=NODE_CAP)
            with self.engine.analysis(board, limit, multipv=solver.multipv) as analysis:
                best = analysis.wait().move
            assert best is not None
            return best

        return choose

    def attempt(self, solver: Solver, fen: str, moves: list[str]) -> bool:
        return attempt(fen, moves, self.chooser(solver))


def expected_solve(solver_rating: float, puzzle_rating: float) -> float:
    """The Elo model's chance that a solver solves a puzzle (the puzzle is the opponent)."""
    return 1 / (1 + math.pow(10, (puzzle_rating - solver_rating) / 400))
