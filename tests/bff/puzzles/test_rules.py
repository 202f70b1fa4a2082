"""Lines held against a solution: the moves as given, or a mate at the line's last move."""

from __future__ import annotations

import pytest

from bff.rules import NotPlayable, board_of, judge, line_of

# White mates at once with Qxf7 (Bc4 guards it); Bxf7+ is only a check.
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
# A back-rank mate either rook gives: Ra8 or Re8.
TWO_MATES = "6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1"
TWO_KNIGHTS = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
LINE = ["f3g5", "d7d5", "e4d5", "f6d5"]


def test_the_solution_solves_and_another_move_fails():
    assert judge(SCHOLAR, ["h5f7"], ["h5f7"]).solved
    wrong = judge(SCHOLAR, ["h5f7"], ["c4f7"])
    assert (wrong.solved, wrong.failed) == (False, True)
    assert not judge(SCHOLAR, ["h5f7"], []).solved


def test_any_mate_solves_at_the_end_of_a_line():
    assert judge(TWO_MATES, ["a1a8"], ["e1e8"]).solved
    assert judge(TWO_MATES, ["a1a8"], ["e1e7"]).failed


def test_a_line_played_part_way_is_not_solved_and_not_failed():
    assert judge(TWO_KNIGHTS, LINE, LINE).solved
    halfway = judge(TWO_KNIGHTS, LINE, LINE[:3])
    assert (halfway.solved, halfway.failed) == (False, False)


def test_moves_that_cannot_have_been_played():
    with pytest.raises(NotPlayable, match="not the line's reply"):
        judge(TWO_KNIGHTS, LINE, ["f3g5", "h7h6"])
    with pytest.raises(NotPlayable, match="not legal"):
        judge(SCHOLAR, ["h5f7"], ["h5h9"])
    with pytest.raises(NotPlayable, match="more moves"):
        judge(SCHOLAR, ["h5f7"], ["h5f7", "e8e7"])


def test_lines_and_positions_read():
    mated = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    assert line_of(SCHOLAR, ["h5f7", "e8f7"]) == f"move 2 'e8f7' is not legal in {mated!r}"
    empty = "8/8/8/8/8/8/8/8 w - - 0 1"
    assert line_of(empty, []) == f"illegal FEN {empty!r}"
    board, moves = line_of(SCHOLAR, ["h5f7"])
    assert moves == ["h5f7"] and board.fen() == SCHOLAR
    assert board_of("not a fen") is None
