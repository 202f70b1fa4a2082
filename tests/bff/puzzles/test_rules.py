"""Lines held against a solution: the moves as given, or a mate instead."""

from __future__ import annotations

from bff.rules import line_problem, position, solves

# White mates at once with Qxf7 (Bc4 guards it); Bxf7+ is only a check.
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
# A back-rank mate either rook gives: Ra8 or Re8.
TWO_MATES = "6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1"


def test_the_solution_solves_and_another_move_does_not():
    assert solves(SCHOLAR, ["h5f7"], ["h5f7"])
    assert not solves(SCHOLAR, ["h5f7"], ["c4f7"])
    assert not solves(SCHOLAR, ["h5f7"], [])


def test_any_mate_solves_at_the_end_of_a_line():
    assert solves(TWO_MATES, ["a1a8"], ["a1a8"])
    assert solves(TWO_MATES, ["a1a8"], ["e1e8"])
    assert not solves(TWO_MATES, ["a1a8"], ["e1e7"])


def test_a_reply_other_than_the_lines_solves_nothing():
    line = ["f3g5", "d7d5", "e4d5", "f6d5"]
    start = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    assert solves(start, line, line)
    assert not solves(start, line, ["f3g5", "h7h6", "e4d5", "f6d5"])
    assert not solves(start, line, line[:3])


def test_illegal_and_unreadable_moves():
    assert line_problem(SCHOLAR, ["h5f7", "e8f7"]) == "move 2 (e8f7) is not legal in the position"
    assert line_problem(SCHOLAR, ["Qxf7"]) == "move 1 ('Qxf7') is not a UCI move"
    assert line_problem("8/8/8/8/8/8/8/8 w - - 0 1", []) == "the FEN is not a legal position"
    assert not solves(SCHOLAR, ["h5f7"], ["h5h9"])
    assert position("not a fen") is None
