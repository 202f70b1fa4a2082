"""Text as the index sees it: folded accents and case, words, and the one-edit neighbourhood."""

import pytest

from bff.search.text import deletions, indexed_text, one_edit_apart, vocabulary, words


def test_words_are_lower_case_without_accents():
    assert words("Réti's Opening: Ærøskøbing Łódź 1.e4") == [
        "reti",
        "s",
        "opening",
        "aeroskobing",
        "lodz",
        "1",
        "e4",
    ]
    assert indexed_text("The Philidor", None, "DÉFENCE") == "the philidor defence"


@pytest.mark.parametrize(
    ("typed", "word", "near"),
    [
        ("philidor", "philidor", True),
        ("phildor", "philidor", True),  # a letter dropped
        ("philidorr", "philidor", True),  # one added
        ("philodor", "philidor", True),  # one changed
        ("phiildor", "philidor", True),  # two swapped
        ("phlidior", "philidor", False),  # two edits
        ("philid", "philidor", False),  # a prefix is not a typo
    ],
)
def test_one_edit_apart(typed, word, near):
    assert one_edit_apart(typed, word) is near
    assert one_edit_apart(word, typed) is near


def test_words_one_edit_apart_share_a_deletion():
    for typed in ("phildor", "philidorr", "philodor", "phiildor"):
        assert deletions(typed) & deletions("philidor")


def test_vocabulary_keeps_words_a_typo_may_lead_to():
    assert vocabulary(["the rook e4 pawn endgame", "x" * 65]) == {"rook", "pawn", "endgame"}
