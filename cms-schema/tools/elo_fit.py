"""Maximum likelihood ratings of solvers and puzzles from counts of attempts, under the Elo
model P(solve) = 1 / (1 + 10^((puzzle - solver) / 400)), some solvers held at known ratings.

Plain Python: the puzzles only meet solvers, never each other, so the fit alternates one-variable
Newton steps, every puzzle given the solvers, then every free solver given the puzzles, and the
free solvers' standard errors come from the Hessian's Schur complement (the puzzles' block is
diagonal), so nothing larger than the free solvers' matrix is ever inverted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

C = math.log(10) / 400  # the model's slope on the rating scale
# A puzzle every solver solves (or none does) has no finite estimate, nor has a free solver
# that solves every puzzle: a wide prior around 1500 on both keeps them finite and far out, and
# barely moves an estimate the attempts tell about.
PRIOR_MEAN, PRIOR_SD = 1500.0, 800.0
STEP_LIMIT = 200.0  # at most this many points a Newton step, so a flat start cannot overshoot


@dataclass(frozen=True)
class Fit:
    solvers: dict[str, float]
    errors: dict[str, float]  # standard error of each free solver (0 for one held)
    puzzles: dict[str, float]
    iterations: int


Counts = Mapping[tuple[str, str], tuple[int, int]]  # (solver, puzzle) -> (attempts, solved)


def _p(solver: float, puzzle: float) -> float:
    return 1 / (1 + math.exp(C * (puzzle - solver)))


def fit(
    counts: Counts,
    held: Mapping[str, float],
    start: float = 1500.0,
    tolerance: float = 0.01,
    max_iterations: int = 500,
) -> Fit:
    solvers = {s: float(held.get(s, start)) for s, _ in counts}
    puzzles = {p: start for _, p in counts}
    by_puzzle: dict[str, list[tuple[str, int, int]]] = {p: [] for p in puzzles}
    by_solver: dict[str, list[tuple[str, int, int]]] = {s: [] for s in solvers}
    for (s, p), (n, won) in counts.items():
        by_puzzle[p].append((s, n, won))
        by_solver[s].append((p, n, won))
    free = [s for s in solvers if s not in held]
    iterations = 0
    while iterations < max_iterations:
        iterations += 1
        moved = 0.0
        for p, games in by_puzzle.items():
            # The puzzle's log-likelihood rises with failures: d/dp = C * sum(expected - solved).
            gradient = (PRIOR_MEAN - puzzles[p]) / PRIOR_SD**2
            curvature = 1 / PRIOR_SD**2
            for s, n, won in games:
                e = _p(solvers[s], puzzles[p])
                gradient += C * (n * e - won)
                curvature += C * C * n * e * (1 - e)
            step = max(-STEP_LIMIT, min(STEP_LIMIT, gradient / curvature))
            puzzles[p] += step
            moved = max(moved, abs(step))
        for s in free:
            gradient = (PRIOR_MEAN - solvers[s]) / PRIOR_SD**2
            curvature = 1 / PRIOR_SD**2
            for p, n, won in by_solver[s]:
                e = _p(solvers[s], puzzles[p])
                gradient += C * (won - n * e)
                curvature += C * C * n * e * (1 - e)
            step = max(-STEP_LIMIT, min(STEP_LIMIT, gradient / curvature))
            solvers[s] += step
            moved = max(moved, abs(step))
        if moved < tolerance:
            break
    return Fit(solvers, _errors(solvers, puzzles, by_puzzle, free), puzzles, iterations)


def _errors(
    solvers: dict[str, float],
    puzzles: dict[str, float],
    by_puzzle: dict[str, list[tuple[str, int, int]]],
    free: list[str],
) -> dict[str, float]:
    """Standard errors of the free solvers: the inverse of the Schur complement of the
    negative log-likelihood's Hessian, A - B D^-1 B^T (A: free solvers, D: puzzles, diagonal)."""
    index = {s: i for i, s in enumerate(free)}
    k = len(free)
    schur = [[(1 / PRIOR_SD**2 if i == j else 0.0) for j in range(k)] for i in range(k)]
    for p, games in by_puzzle.items():
        d = 1 / PRIOR_SD**2
        b = [0.0] * k
        for s, n, _ in games:
            e = _p(solvers[s], puzzles[p])
            q = C * C * n * e * (1 - e)
            d += q
            if s in index:
                schur[index[s]][index[s]] += q
                b[index[s]] -= q
        for i in range(k):
            for j in range(k):
                schur[i][j] -= b[i] * b[j] / d
    inverse = _inverse(schur)
    errors = {s: 0.0 for s in solvers}
    for s, i in index.items():
        errors[s] = math.sqrt(inverse[i][i]) if inverse[i][i] > 0 else math.inf
    return errors


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small matrix (the free solvers', two or three)."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-15:
            return [[math.inf] * n for _ in range(n)]
        work[col], work[pivot] = work[pivot], work[col]
        scale = work[col][col]
        work[col] = [x / scale for x in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]
