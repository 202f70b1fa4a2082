"""Text as the index and queries see it: folded, lower case, words, and one-edit neighbours."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# Letters NFKD does not take apart: written the way a reader without them would type them.
_FOLDED = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
)
_WORD = re.compile(r"[a-z0-9]+")

# A typo is forgiven in words at least this long (shorter ones match too much by one edit).
TYPO_MIN_LENGTH = 5
# The shortest word a typo may turn into: a five-letter word with one letter missing.
VOCABULARY_MIN_LENGTH = TYPO_MIN_LENGTH - 1
# Longer words are no one's typo (and the vocabulary's column holds no more).
VOCABULARY_MAX_LENGTH = 64


def normalise(text: str) -> str:
    """Lower case without accents: 'Réti' and 'reti' are one word."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_FOLDED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str | None) -> list[str]:
    """The words of ``text``, normalised, in order."""
    return _WORD.findall(normalise(text or ""))


def indexed_text(*parts: str | None) -> str:
    """What an index column holds: the normalised words of every part, space-separated."""
    return " ".join(word for part in parts for word in words(part))


def deletions(word: str) -> set[str]:
    """``word`` and every string one deletion away from it. Two words are at most one edit
    apart (a letter added, dropped, changed or two swapped) only if these sets meet, so a
    vocabulary stored under its words' deletions answers 'what is near this word' by lookup."""
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def vocabulary(texts: Iterable[str]) -> set[str]:
    """The words of the indexed ``texts`` that a typo may lead to."""
    return {
        w
        for text in texts
        for w in text.split()
        if VOCABULARY_MIN_LENGTH <= len(w) <= VOCABULARY_MAX_LENGTH
    }


def one_edit_apart(a: str, b: str) -> bool:
    """At most one insertion, deletion, substitution or swap of neighbours turns ``a`` into
    ``b`` (the restricted Damerau-Levenshtein distance is at most 1)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1 :]
    return a[i + 1 :] == b[i + 1 :] or (
        i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
    )
