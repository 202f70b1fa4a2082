"""Stockfish's view of the hand-written exercises, for practice.py: whether the line's moves are
the best, which other moves are as good, whether each mistake is one.

The rules (practice/README.md, "What the engine checks"): scores are turned into Lichess's
winning chances, from -1 (lost) to +1 (won), for the side to move. At a learner's move:

- a move is **as good** as the line's when, the line's move mating, it mates as fast or faster;
  otherwise when it is in the same outcome class (won, balanced, lost) or a better one and
  loses less than AS_GOOD in winning chances;
- the line's move must be the best or as good as the best: in a line that ends in mate, no
  move mates faster; in another, no move is better by AS_GOOD or more (a long mate the line
  stops short of counts as a won position);
- a mistake is **clearly worse** when it changes the outcome class, loses MISTAKE or more in
  winning chances, or, in a line that ends in mate, mates no more.

Every search is kept in practice/engine-cache.json by position (FEN) and depth, and the file is
committed: a second run, CI and the seed's tests read it and start no engine. A position missing
from it without Stockfish installed is a problem, never a silent pass.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
from practice import DRAW_WORDS, PRACTICE_DIR, Exercise

CACHE_FILE = PRACTICE_DIR / "engine-cache.json"
STOCKFISH = "/usr/games/stockfish"
DEPTH = 18
MULTIPV = 5  # moves searched at once; more when all of them are as good as the line's
MAX_MULTIPV = 20
HASH_MB = 64
AS_GOOD = 0.1  # winning chances lost that still count as "as good" (Lichess: an inaccuracy)
MISTAKE = 0.2  # winning chances lost that make a clear mistake (Lichess: a mistake)
WON = 0.5  # winning chances from which a position counts as won (about three pawns up)
BARE_WIN = re.compile(r"to move and win$", re.IGNORECASE)
# A key position's caption: what it sets the side to move ("White to move and win"), and words
# that say a game is decided ("wins", "mate", "resigned"...), which a caption must use when it
# shows a middlegame already won or lost.
TASK = re.compile(r"\b(White|Black) to move and (\w+)", re.IGNORECASE)
DECIDED_WORDS = re.compile(
    r"\b(?:wins?|winning|won|lose|loses|losing|lost|mates?|mating|mated|checkmate|decisive|"
    r"decides|resign(?:s|ed)?|crushing|collapses?|trapped|falls?|zugzwang|overwhelming|"
    r"breakthrough|material|sacrifice[sd]?|combination)\b|#",
    re.IGNORECASE,
)
MIDDLEGAME_PIECES = 7  # knights, bishops, rooks and queens of both sides; fewer is an ending


@dataclass(frozen=True)
class Score:
    """A search's score for the side to move: a mate (moves, negative when mated) or
    centipawns."""

    mate: int | None = None
    cp: int | None = None

    @classmethod
    def parse(cls, text: str) -> Score:
        kind, value = text.split()
        return cls(mate=int(value)) if kind == "mate" else cls(cp=int(value))

    @classmethod
    def of(cls, score: chess.engine.PovScore, turn: chess.Color) -> Score:
        pov = score.pov(turn)
        if pov.is_mate():
            return cls(mate=pov.mate())
        return cls(cp=pov.score())

    def __str__(self) -> str:
        return f"mate {self.mate}" if self.mate is not None else f"cp {self.cp}"

    def chances(self) -> float:
        """Lichess's winning chances, -1 to 1."""
        if self.mate is not None:
            return 1.0 if self.mate > 0 else -1.0
        cp = max(-1000, min(1000, self.cp or 0))
        return 2 / (1 + math.exp(-0.00368208 * cp)) - 1

    def outcome(self) -> int:
        """1 won, 0 balanced, -1 lost."""
        chances = self.chances()
        return 1 if chances >= WON else -1 if chances <= -WON else 0

    def mates(self) -> bool:
        return self.mate is not None and self.mate > 0

    def describe(self) -> str:
        if self.mate is not None:
            return f"mate in {self.mate}" if self.mate > 0 else f"mated in {-self.mate}"
        return f"{(self.cp or 0) / 100:+.1f}"


def as_good(score: Score, reference: Score) -> bool:
    """Whether a move scored `score` is as good as (or better than) the line's `reference`: a
    mate as fast or faster when the line's move mates, else close() to it."""
    if reference.mates():
        return score.mates() and score.mate <= reference.mate
    return close(score, reference)


def close(score: Score, reference: Score) -> bool:
    """The same outcome class or a better one, and less than AS_GOOD of the chances lost (a
    mate counts as a won position here)."""
    if score.outcome() < reference.outcome():
        return False
    return score.chances() > reference.chances() - AS_GOOD


def clearly_worse(score: Score, reference: Score, mating: bool) -> bool:
    """Whether a move scored `score` is a clear mistake next to the line's `reference`: in a
    line that ends in mate, it mates no more; else it loses the outcome class or MISTAKE of the
    chances."""
    if mating and reference.mates():
        return not score.mates()
    if score.outcome() < reference.outcome():
        return True
    return score.chances() <= reference.chances() - MISTAKE


class Oracle:
    """Searches through the cache; Stockfish (one thread) only for what it does not hold."""

    def __init__(
        self,
        depth: int = DEPTH,
        cache_file: Path = CACHE_FILE,
        use_engine: bool = True,
        engine_path: str = STOCKFISH,
    ) -> None:
        self.depth = depth
        self.cache_file = cache_file
        self.use_engine = use_engine and Path(engine_path).exists()
        self.engine_path = engine_path
        self.engine: chess.engine.SimpleEngine | None = None
        self.cache: dict[str, dict] = load_cache(cache_file)
        self.changed: set[str] = set()

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *exc) -> None:
        self.save()
        if self.engine is not None:
            self.engine.quit()
            self.engine = None

    def key(self, board: chess.Board) -> str:
        return f"{board.fen()}|{self.depth}"

    def search(self, board: chess.Board, **limits) -> list[dict]:
        if not self.use_engine:
            raise Missing(board.fen())
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(self.engine_path)
            self.engine.configure({"Threads": 1, "Hash": HASH_MB})
        # A fresh game before each search: the same position gives the same answer every run.
        infos = self.engine.analyse(
            board, chess.engine.Limit(depth=self.depth), game=object(), **limits
        )
        return [info for info in infos if info.get("pv")]

    def top(self, board: chess.Board, multipv: int) -> list[tuple[chess.Move, Score]]:
        """The best `multipv` moves, best first."""
        key = self.key(board)
        entry = self.cache.get(key, {})
        if entry.get("multipv", 0) < multipv:
            infos = self.search(board, multipv=multipv)
            entry = {
                "multipv": multipv,
                "top": [
                    [info["pv"][0].uci(), str(Score.of(info["score"], board.turn))]
                    for info in infos
                ],
                "moves": entry.get("moves", {}),
            }
            self.cache[key] = entry
            self.changed.add(key)
        return [(chess.Move.from_uci(uci), Score.parse(text)) for uci, text in entry["top"]]

    def score(self, board: chess.Board, move: chess.Move) -> Score:
        """One move's score: from the best moves searched, or a search of that move alone."""
        key = self.key(board)
        entry = self.cache.get(key, {})
        for uci, text in entry.get("top", []):
            if uci == move.uci():
                return Score.parse(text)
        if move.uci() not in entry.get("moves", {}):
            after = board.copy(stack=False)
            after.push(move)
            if after.is_checkmate():
                found = Score(mate=1)
            else:
                infos = self.search(board, multipv=1, root_moves=[move])
                found = Score.of(infos[0]["score"], board.turn)
            entry = self.cache.setdefault(key, {"multipv": 0, "top": [], "moves": {}})
            entry.setdefault("moves", {})[move.uci()] = str(found)
            self.changed.add(key)
        return Score.parse(self.cache[key]["moves"][move.uci()])

    def save(self) -> None:
        """Writes the new searches into the cache file, merged with what other runs wrote."""
        if not self.changed:
            return
        lock = Path(tempfile.gettempdir()) / "practice-engine-cache.lock"
        with lock.open("w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            on_disk = load_cache(self.cache_file)
            for key in self.changed:
                mine, theirs = self.cache[key], on_disk.get(key)
                if theirs and theirs.get("multipv", 0) > mine.get("multipv", 0):
                    mine = {**theirs, "moves": {**mine.get("moves", {}), **theirs["moves"]}}
                elif theirs:
                    mine = {**mine, "moves": {**theirs.get("moves", {}), **mine.get("moves", {})}}
                on_disk[key] = mine
            text = json.dumps(
                {"positions": dict(sorted(on_disk.items()))}, indent=1, sort_keys=True
            )
            temporary = self.cache_file.with_suffix(".tmp")
            temporary.write_text(text + "\n", encoding="utf-8")
            os.replace(temporary, self.cache_file)
            self.cache.update(on_disk)
            self.changed.clear()


def position_problems(fen: str, caption: str, oracle: Oracle) -> list[str]:
    """A key position against its caption: a task it sets ("White to move and win") is the side
    to move's and true of the position; a middlegame already won or lost says so."""
    board = chess.Board(fen)
    if board.is_game_over():  # the final picture of a mate or a stalemate: nothing to weigh
        return [f"{task[0]!r} in a finished game"] if (task := TASK.search(caption)) else []
    try:
        _best, score = oracle.top(board, 1)[0]
    except Missing as missing:
        return [
            f"{missing} is not in practice/engine-cache.json: run practice.py check with Stockfish"
        ]
    problems = []
    if task := TASK.search(caption):
        side, aim = task[1].lower() == "white", task[2].lower()
        if side != board.turn:
            problems.append(f"{task[0]!r}, but {'White' if board.turn else 'Black'} is to move")
        elif aim in {"win", "mate"} and score.outcome() < 1:
            problems.append(f"{task[0]!r}, but the position is not won ({score.describe()})")
        elif aim in {"draw", "hold"} and score.outcome() < 0:
            problems.append(f"{task[0]!r}, but the position is lost ({score.describe()})")
        return problems
    pieces = chess.popcount(board.occupied & ~board.pawns & ~board.kings)
    if pieces >= MIDDLEGAME_PIECES and score.outcome() != 0 and not DECIDED_WORDS.search(caption):
        winner = board.turn if score.outcome() > 0 else not board.turn
        problems.append(
            f"a middlegame {'White' if winner else 'Black'} has already won"
            f" ({score.describe()} for the side to move), and the caption does not say so"
        )
    return problems


class Missing(Exception):
    """A position the cache does not hold, and no engine to search it."""


def load_cache(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8")).get("positions", {})


def exercise_problems(exercise: Exercise, oracle: Oracle) -> list[str]:
    """What Stockfish finds wrong with an exercise: a line's move that is not the best, moves
    as good that `also` lacks, `also` moves that are worse, mistakes that are not."""
    try:
        return _problems(exercise, oracle)
    except Missing as missing:
        return [
            exercise.where.at(
                "engine",
                f"{missing} is not in practice/engine-cache.json: run practice.py check with "
                "Stockfish installed",
            )
        ]


def _problems(exercise: Exercise, oracle: Oracle) -> list[str]:
    where = exercise.where
    mating = exercise.mates()
    problems = []
    for ply in range(0, len(exercise.moves), 2):
        board = exercise.board(ply)
        legal = board.legal_moves.count()
        line_move = exercise.moves[ply]
        san = board.san(line_move)
        here = f"line[{ply}] {san}"
        reference = oracle.score(board, line_move)
        if ply == len(exercise.moves) - 1:
            problems += [where.at("prompt", p) for p in _prompt(exercise, reference)]
        if legal == 1:
            continue
        multipv = min(MULTIPV, legal)
        while True:
            top = oracle.top(board, multipv)
            good = [m for m, s in top if m != line_move and as_good(s, reference)]
            # All the moves asked for are as good: there may be more beyond them.
            every = len(top) >= multipv and all(m == line_move or m in good for m, _ in top)
            if not every or multipv >= min(legal, MAX_MULTIPV):
                break
            multipv = min(legal, MAX_MULTIPV, multipv * 2)
        best_move, best = top[0]
        # A line that stops before the mate only has to keep the win: a faster mate elsewhere
        # is a move as good, not a better one.
        best_enough = as_good(reference, best) if mating else close(reference, best)
        if best_move != line_move and not best_enough:
            problems.append(
                where.at(
                    here,
                    f"not the best move: {board.san(best_move)} is better "
                    f"({best.describe()} against {reference.describe()})",
                )
            )
        also = {v.moves[0] for v in exercise.also if v.at == ply}
        missing = [m for m in good if m not in also]
        if missing:
            more = " and maybe more" if len(good) == len(top) - 1 and multipv < legal else ""
            names = ", ".join(f"{board.san(m)} ({s.describe()})" for m, s in top if m in missing)
            problems.append(
                where.at(
                    here,
                    f"({reference.describe()}) moves as good that also (at {ply}) must list, or "
                    f"the position is not a good exercise: {names}{more}",
                )
            )
        for variation in exercise.also:
            if variation.at != ply:
                continue
            score = oracle.score(board, variation.moves[0])
            if not as_good(score, reference):
                problems.append(
                    where.at(
                        f"also at {ply} {board.san(variation.moves[0])}",
                        f"not as good as {san}: {score.describe()} against {reference.describe()}",
                    )
                )
        for variation in exercise.mistakes:
            if variation.at != ply:
                continue
            score = oracle.score(board, variation.moves[0])
            if not clearly_worse(score, reference, mating):
                problems.append(
                    where.at(
                        f"mistakes at {ply} {board.san(variation.moves[0])}",
                        f"not clearly worse than {san}: {score.describe()} against "
                        f"{reference.describe()}",
                    )
                )
    return problems


def _prompt(exercise: Exercise, reference: Score) -> list[str]:
    """Where the line ends (its last move scored `reference`): a balanced position for a drawing
    prompt, a won one for a bare "win"."""
    if DRAW_WORDS.search(exercise.prompt) and reference.outcome() != 0:
        return [f"{exercise.prompt!r}, but the line ends in {reference.describe()}"]
    if BARE_WIN.search(exercise.prompt) and reference.outcome() != 1:
        return [f"{exercise.prompt!r}, but the line ends in {reference.describe()}"]
    return []
