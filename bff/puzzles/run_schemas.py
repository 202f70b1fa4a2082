"""/content/puzzles/runs request and answer schemas."""

from __future__ import annotations

import marshmallow as ma

from ..platform.fields import ATTEMPT_ID_PATTERN, DATE_TIME, answered, needed
from ..platform.openapi import Schema, envelope
from ..rules import UCI_PATTERN
from .lichess_csv import MAX_MOVES, PUZZLE_ID_PATTERN
from .runs import MODES
from .schemas import SIDES, PuzzleAnswer, ThemeName

F = ma.fields

VERDICTS = ("continue", "solved", "missed")


class RunBody(Schema):
    mode = needed(
        F.String,
        "timed: three minutes, three seconds more for each puzzle solved, over at the third"
        " mistake; streak: no clock, over at the first mistake",
        validate=ma.validate.OneOf(MODES),
    )


class RunPuzzle(Schema):
    id = answered(F.String)
    place = answered(F.Integer, "Its place in the run: 0, 1, ...")
    fen = answered(F.String, "The position before the opponent's move")
    first_move = answered(
        F.String, "The opponent's move (UCI), played first; the solution is not sent"
    )
    solver = answered(F.String, "The side that solves", validate=ma.validate.OneOf(SIDES))
    rating = answered(F.Integer)
    themes = answered(F.List, cls_or_instance=F.Nested(ThemeName))


class Best(Schema):
    today = answered(F.Integer, "The best score of the UTC day", nullable=True)
    all_time = answered(F.Integer, nullable=True)


class RunAnswer(Schema):
    id = answered(F.String)
    mode = answered(F.String, validate=ma.validate.OneOf(MODES))
    rated = answered(F.Boolean, "Always false: runs move no rating")
    now = answered(F.String, "The server's time: a client sets its clock by it", metadata=DATE_TIME)
    started_at = answered(F.String, metadata=DATE_TIME)
    ends_at = answered(
        F.String,
        "When a timed run's clock is out (each solved puzzle moves it on); null for a streak",
        nullable=True,
        metadata=DATE_TIME,
    )
    ended_at = answered(
        F.String, "When the run ended; null while it goes on", nullable=True, metadata=DATE_TIME
    )
    over = answered(F.Boolean)
    score = answered(F.Integer, "Puzzles solved")
    mistakes = answered(F.Integer)
    mistakes_allowed = answered(F.Integer, "The run is over at this many mistakes")
    played = answered(F.Integer, "Puzzles answered so far (solved or missed)")
    puzzles = answered(
        F.List,
        "The puzzles served and not answered yet, in order (none once the run is over): answer"
        " the first",
        cls_or_instance=F.Nested(RunPuzzle),
    )
    missed = answered(
        F.List,
        "The puzzles missed so far, with their solutions, to replay (each is in the review)",
        cls_or_instance=F.Nested(PuzzleAnswer),
    )
    best = answered(F.Nested, "The member's best score of this mode", nested=Best)


class RunAnswerBody(Schema):
    answer_id = needed(
        F.String,
        "The client's id for this answer (a UUID, say): a new one for each answer; sending a"
        " recorded one again with the same moves answers the same",
        validate=ma.validate.Regexp(ATTEMPT_ID_PATTERN),
    )
    puzzle_id = needed(F.String, validate=ma.validate.Regexp(PUZZLE_ID_PATTERN))
    moves = needed(
        F.List,
        "The moves played after the opponent's first move, in UCI, ending with the solver's"
        " latest move: the solver's and the replies the server gave",
        cls_or_instance=F.String(validate=ma.validate.Regexp(UCI_PATTERN)),
        validate=ma.validate.Length(min=1, max=MAX_MOVES),
    )


class RunAnswerOutcome(Schema):
    verdict = answered(
        F.String,
        "continue: right, the line goes on (play the reply, then send the moves again);"
        " solved; missed",
        validate=ma.validate.OneOf(VERDICTS),
    )
    reply = answered(F.String, "The opponent's reply (UCI) when the line goes on", nullable=True)
    solution = answered(
        F.List,
        "The whole line once the puzzle is solved or missed",
        nullable=True,
        cls_or_instance=F.String(),
    )
    run = answered(F.Nested, nested=RunAnswer)


class RunsBest(Schema):
    timed = answered(F.Nested, nested=Best)
    streak = answered(F.Nested, nested=Best)


class ExportedRun(Schema):
    mode = answered(F.String, validate=ma.validate.OneOf(MODES))
    started_at = answered(F.String, metadata=DATE_TIME)
    ended_at = answered(F.String, nullable=True, metadata=DATE_TIME)
    score = answered(F.Integer)
    mistakes = answered(F.Integer)


RunEnvelope = envelope(RunAnswer, name="PuzzleRunEnvelope")
RunAnswerEnvelope = envelope(RunAnswerOutcome, name="PuzzleRunAnswerEnvelope")
RunsBestEnvelope = envelope(RunsBest, name="PuzzleRunsBestEnvelope")
