"""The BFF's chess rules (python-chess) on the cases the CMS's save check is tested on
(cms-schema/tests/chess-cases.json, with chess.js in chess-rules.test.mjs): a position, line or
PGN the CMS accepts is one the site serves, and one it refuses is one the site would drop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bff.cms import chess_content
from bff.rules import board_of

CASES = json.loads(
    (Path(__file__).parents[3] / "cms-schema" / "tests" / "chess-cases.json").read_text()
)


class _Where:
    def problem(self, reason: str, key: str | None = None) -> str:
        return reason


@pytest.mark.parametrize("case", CASES["positions"], ids=lambda case: case["about"])
def test_positions(case):
    assert (board_of(case["fen"]) is not None) == case["legal"]


@pytest.mark.parametrize("case", CASES["lines"], ids=lambda case: case["about"])
def test_lines(case):
    checked = chess_content.line_of(case["fen"], case["moves"])
    assert (not isinstance(checked, str)) == case["legal"], checked


@pytest.mark.parametrize("case", CASES["games"], ids=lambda case: case["about"])
def test_games(case):
    problems: list[str] = []
    read = chess_content._read_pgn(case["pgn"], _Where(), problems.append, "the PGN")
    assert (read is not None) == case["legal"], problems


def test_both_sides_have_legal_and_illegal_cases():
    for kind in ("positions", "lines", "games"):
        assert {case["legal"] for case in CASES[kind]} == {True, False}, kind
