"""The chess positions the seed's images show, by theme, and which theme a piece of content is.

Each theme holds real positions (seed_positions.json): openings after their moves, textbook
endgames (Lucena, Philidor, the opposition...), tactical motifs with the move drawn as arrows,
strategic structures with their key squares, and the final positions of famous games.
generate_media.py draws them with python-chess; nothing here is random, so the images are the
same on every run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import chess


@dataclass(frozen=True)
class Position:
    """One board to draw: a FEN (or moves from the start), arrows and highlighted squares."""

    name: str
    fen: str = chess.STARTING_FEN
    moves: str = ""  # SAN moves played from `fen`; the last one is highlighted
    arrows: tuple[str, ...] = ()  # "d5c7": from-square, to-square
    marks: tuple[str, ...] = ()  # squares to tint, e.g. an outpost
    flipped: bool = False  # seen from Black's side
    words: tuple[str, ...] = ()  # other words a title may name it by ("lucena")

    def board(self) -> chess.Board:
        board = chess.Board(self.fen)
        for san in self.moves.split():
            board.push_san(san)
        return board


# Lesson categories and program topics, by name, to a theme.
TOPIC_THEMES = {
    "openings": "openings",
    "opening repertoire": "openings",
    "middlegame strategy": "strategy",
    "positional play": "strategy",
    "tactics": "tactics",
    "tactical vision": "tactics",
    "endgames": "endgames",
    "endgame technique": "endgames",
    "attack and defence": "attack",
    "calculation and visualization": "calculation",
    "tournament preparation": "calculation",
    "documentaries": "classics",
}

# For content without a topic (articles, episodes, videos): the first theme whose words occur
# in its title (and its chapter's), in this order; "classics" otherwise.
KEYWORDS = (
    ("endgames", r"endgame|ending|opposition|king activity|convert|grinding|saving lost"),
    ("openings", r"opening|repertoire|1\.e4|1\.d4|gambit|surprise|must-win"),
    ("tactics", r"tactic|mating|\bmate\b|sacrifice|combination|fork"),
    ("strategy", r"pawn structure|quiet move|minority|bishop|knight|plan|positional|edge|tension"),
    ("attack", r"attack|defend|initiative|king safety"),
    ("calculation", r"calculat|visuali|analys|blitz|deep enough|pressure"),
)


# The positions themselves are data, kept in seed_positions.json beside this file: a theme's
# name to its list of positions, each an object with the fields of Position ("arrows" and
# "marks" as lists of squares). Checked as it is read, so a mistyped square or an illegal move
# is named there rather than drawn wrong.
POSITIONS_FILE = Path(__file__).resolve().with_name("seed_positions.json")
_TEXTS = ("name", "fen", "moves")
_LISTS = ("arrows", "marks", "words")


class PositionError(ValueError):
    """An entry of the positions file that cannot be drawn, named by its theme and place."""


def _squares(where: str, field_name: str, values: tuple[str, ...], size: int) -> None:
    for value in values:
        parts = [value[i : i + 2] for i in range(0, len(value), 2)]
        if len(value) != 2 * size or any(part not in chess.SQUARE_NAMES for part in parts):
            shape = "a square" if size == 1 else "two squares, from and to"
            raise PositionError(f"{where}: {field_name}: {value!r} is not {shape}")


def _position(where: str, entry: object) -> Position:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise PositionError(f"{where}: not an object with a name")
    where = f"{where} {entry['name']!r}"
    unknown = sorted(entry.keys() - {*_TEXTS, *_LISTS, "flipped"})
    if unknown:
        raise PositionError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for name in _TEXTS:
        if not isinstance(entry.get(name, ""), str):
            raise PositionError(f"{where}: {name} is not a string")
    for name in _LISTS:
        values = entry.get(name, [])
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise PositionError(f"{where}: {name} is not a list of strings")
    if not isinstance(entry.get("flipped", False), bool):
        raise PositionError(f"{where}: flipped is not true or false")
    position = Position(
        entry["name"],
        fen=entry.get("fen", chess.STARTING_FEN),
        moves=entry.get("moves", ""),
        arrows=tuple(entry.get("arrows", ())),
        marks=tuple(entry.get("marks", ())),
        flipped=entry.get("flipped", False),
        words=tuple(entry.get("words", ())),
    )
    _squares(where, "arrows", position.arrows, 2)
    _squares(where, "marks", position.marks, 1)
    try:
        position.board()
    except ValueError as error:  # a bad FEN, or a move that is not legal there
        raise PositionError(f"{where}: {error}") from None
    return position


def load_themes(path: Path = POSITIONS_FILE) -> dict[str, tuple[Position, ...]]:
    """Every theme's positions, in the file's order; every theme a title can fall to has some."""
    value = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(value, dict):
        raise PositionError(f"{path.name}: not an object of themes")
    themes: dict[str, tuple[Position, ...]] = {}
    for theme, entries in value.items():
        if not isinstance(entries, list):
            raise PositionError(f"{path.name}: {theme}: not a list of positions")
        themes[theme] = tuple(
            _position(f"{path.name}: {theme}[{index}]", entry)
            for index, entry in enumerate(entries)
        )
    needed = {*TOPIC_THEMES.values(), *(theme for theme, _ in KEYWORDS), "classics"}
    for theme in sorted(needed):
        if not themes.get(theme):
            raise PositionError(f"{path.name}: no positions for the theme {theme!r}")
    return themes


THEMES = load_themes()

# The diagram of each lesson, by the lesson's title: the position its title names (a lesson on
# active rooks shows active rooks, not a theme's next position). An entry is either
# {"position": "<name>"}, one of the themes' positions, or a position of its own with the fields
# of Position. "flipped": true only for a lesson about Black's play; its image says so.
LESSONS_FILE = Path(__file__).resolve().with_name("lesson_diagrams.json")


def load_lesson_diagrams(
    path: Path = LESSONS_FILE, themes: dict[str, tuple[Position, ...]] | None = None
) -> dict[str, Position]:
    """Every lesson title's diagram, checked as it is read."""
    by_name = {p.name: p for found in (themes or THEMES).values() for p in found}
    value = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(value, dict):
        raise PositionError(f"{path.name}: not an object of lesson titles")
    out = {}
    for title, entry in value.items():
        where = f"{path.name}: {title!r}"
        if isinstance(entry, dict) and set(entry) == {"position"}:
            if entry["position"] not in by_name:
                raise PositionError(f"{where}: no position named {entry['position']!r}")
            out[title] = by_name[entry["position"]]
        else:
            out[title] = _position(where, entry)
    return out


LESSON_DIAGRAMS = load_lesson_diagrams()


def theme_of_topic(name: str) -> str:
    return TOPIC_THEMES.get(name.strip().lower(), "classics")


def theme_of_words(*texts: str) -> str:
    words = " ".join(texts).lower()
    for theme, pattern in KEYWORDS:
        if re.search(pattern, words):
            return theme
    return "classics"


def named_in(positions: tuple[Position, ...], text: str) -> Position | None:
    """The position a title names, by its name ("the opposition", "minority attack"), by one of
    its words ("Philidor"), or, for an opening, by its first move ("Why I play 1.e4")."""
    title = text.lower()
    for position in positions:
        first = position.moves.split()[:1]
        names = (position.name.lower(), *position.words)
        if first:
            names += (f"1.{first[0].lower()}",)
        # A word's start, not its end: "back-rank mate" names "Back-rank mates" too.
        if any(re.search(rf"(?<!\w){re.escape(name)}", title) for name in names):
            return position
    return None


@dataclass
class Subjects:
    """Media key -> theme (and the title of the content), read from the seed content."""

    themes: dict[str, str] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    lessons: dict[str, str] = field(default_factory=dict)  # a lesson's thumbnail: its title
    presented: dict[str, str] = field(default_factory=dict)  # a card's key: the person on it

    def put(self, key: str | None, theme: str, title: str = "") -> None:
        if key:
            self.themes.setdefault(key, theme)
            self.titles.setdefault(key, title)

    def theme(self, key: str) -> str:
        return self.themes.get(key, "classics")

    def title(self, key: str) -> str:
        return self.titles.get(key, "")
