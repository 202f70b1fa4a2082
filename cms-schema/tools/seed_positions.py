"""The chess positions the seed's images show, by theme, and which theme a piece of content is.

Each theme holds real positions: openings after their moves, textbook endgames (Lucena,
Philidor, the opposition...), tactical motifs with the move drawn as arrows, strategic
structures with their key squares, and the final positions of famous games. generate_media.py
draws them with python-chess; nothing here is random, so the images are the same on every run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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


def _opening(name: str, moves: str, flipped: bool = False) -> Position:
    return Position(name, moves=moves, flipped=flipped)


OPENINGS = (
    _opening("Ruy Lopez, closed", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6"),
    _opening("Sicilian Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", flipped=True),
    _opening("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"),
    _opening("King's Indian Defence", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5", flipped=True),
    _opening("Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6"),
    _opening("French Winawer", "e4 e6 d4 d5 Nc3 Bb4 e5 c5", flipped=True),
    _opening("Caro-Kann, classical", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6", flipped=True),
    _opening("English Opening", "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6"),
    _opening("Nimzo-Indian Defence", "d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3"),
    _opening("Queen's Gambit Accepted", "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5"),
)

ENDGAMES = (
    Position(
        "Lucena position",
        "1K6/1P1k4/8/8/8/8/r7/2R5 w - - 0 1",
        arrows=("c1c4",),
        words=("lucena", "building a bridge"),
    ),
    Position(
        "Philidor position",
        "4k3/8/1r6/4PK2/8/8/8/7R b - - 0 1",
        marks=("b6",),
        words=("philidor", "third-rank defence", "third rank defence"),
    ),
    Position("The opposition", "8/8/4k3/8/4K3/4P3/8/8 w - - 0 1", marks=("e4", "e6")),
    Position(
        "Reti's study",
        "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
        arrows=("h8g7",),
        words=("reti", "réti"),
    ),
    Position(
        "Saavedra position",
        "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1",
        arrows=("c6c7",),
        words=("saavedra", "underpromotion"),
    ),
    Position("Wrong rook pawn", "7k/8/6K1/7P/8/3B4/8/8 w - - 0 1", marks=("h8",)),
    Position(
        "Vancura position",
        "8/8/R4pk1/P7/8/6K1/r7/8 b - - 0 1",
        arrows=("a2f2",),
        words=("vancura",),
    ),
    Position("Outside passed pawn", "8/5kpp/8/P7/8/6PP/5K2/8 w - - 0 1", arrows=("a5a8",)),
    Position("Bishop and knight mate", "7k/8/5NK1/8/8/8/8/5B2 w - - 0 1", marks=("h8", "a1")),
)

TACTICS = (
    Position(
        "Knight fork",
        "r3k2r/pp3ppp/2n5/3N4/8/8/PPP2PPP/R3K2R w KQkq - 0 1",
        arrows=("d5c7", "c7e8", "c7a8"),
    ),
    Position(
        "Absolute pin",
        "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R w KQkq - 0 1",
        arrows=("b4e1",),
        words=("pin",),
    ),
    Position("Back-rank mate", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", arrows=("d1d8",)),
    Position("Smothered mate", "6rk/5Npp/8/8/8/8/6PP/6K1 b - - 0 1", marks=("h8",)),
    Position(
        "Greek gift",
        "r1bq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R2QK2R w KQ - 0 1",
        arrows=("d3h7",),
    ),
    Position("Skewer", "8/8/4k3/8/8/8/1q6/4K2B w - - 0 1", arrows=("h1e4", "e4b7")),
    Position(
        "Discovered attack",
        "r2qkb1r/ppp2ppp/2n5/3np3/8/3B1N2/PPPP1PPP/RNBQR1K1 w kq - 0 1",
        arrows=("d3b5", "e1e5"),
    ),
    Position(
        "Legal's mate",
        "r2q1bnr/ppp1kBpp/2np4/4N3/4P3/2N4P/PPPP1PP1/R1BbK2R w KQ - 1 8",
        arrows=("c3d5",),
    ),
)

STRATEGY = (
    Position(
        "Isolated queen's pawn",
        "r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
        marks=("d4", "d5"),
    ),
    Position(
        "Minority attack",
        "r1q1r1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ2PPP/1R3RK1 w - - 0 13",
        arrows=("b2b4", "b4b5"),
    ),
    Position(
        "Knight outpost",
        "r2q1rk1/1p2bppp/p2p1n2/3Np3/4P3/8/PPP1BPPP/R2Q1RK1 w - - 0 13",
        marks=("d5",),
    ),
    Position(
        "Good knight, bad bishop",
        "4k3/1b3pp1/1p2p2p/1P1pP3/3P1N2/6P1/5P1P/6K1 w - - 0 30",
        marks=("f4", "b7"),
    ),
    Position(
        "Open file",
        "2r2rk1/pp3ppp/2n1p3/8/3P4/P3PN2/1P3PPP/2R2RK1 w - - 0 18",
        arrows=("c1c7",),
    ),
    Position(
        "Hanging pawns",
        "r2q1rk1/pb2bppp/1pn1pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
        marks=("c5", "d5"),
        flipped=True,
    ),
    Position(
        "Bishop pair",
        "r3r1k1/pp3ppp/2p5/8/2B5/1P3P2/PB4PP/R4RK1 w - - 0 20",
        arrows=("b2g7", "c4f7"),
    ),
)

ATTACK = (
    Position(
        "Pawn storm, opposite castling",
        "r4rk1/pp2ppbp/3p1np1/q7/3NP1P1/2N1BP2/PPPQ3P/2KR1B1R w - - 0 12",
        arrows=("h2h4", "h4h5"),
    ),
    Position(
        "Exchange sacrifice",
        "2r2rk1/pp1qppbp/3p1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 14",
        arrows=("c8c3",),
        flipped=True,
    ),
    Position(
        "Rook lift",
        "r1b2rk1/pp1nqppp/4p3/3pP3/3P4/3B1R2/PP3PPP/R2Q2K1 w - - 0 16",
        arrows=("f3h3", "d1h5"),
    ),
    Position(
        "Defending the king",
        "r4rk1/1bq1bppp/p3pn2/1p6/3N1P2/P1N1B3/1PP1B1PP/R2Q1R1K b - - 0 15",
        arrows=("f6d5",),
        flipped=True,
    ),
    Position(
        "Attack on h7",
        "r1bq1rk1/pp1nbppp/2p1p3/3pP1N1/3P3Q/2PB4/PP3PPP/R1B2RK1 w - - 0 12",
        arrows=("d3h7", "h4h7"),
    ),
    Position(
        "Anderssen's Immortal, the end",
        "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23",
        marks=("d8",),
    ),
)

CALCULATION = (
    Position("Saavedra, the rook's try", "8/2P5/1K6/8/8/8/3r4/k7 w - - 0 1", arrows=("c7c8",)),
    Position(
        "Morphy's Opera Game, the end",
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17",
        marks=("e8", "d8"),
    ),
    Position(
        "A forcing line",
        "r1b2rk1/ppq1bppp/2n1pn2/3p4/2PP4/2NBPN2/PPQ2PPP/R1B2RK1 w - - 0 10",
        arrows=("c4d5", "c3b5"),
    ),
    Position("Zugzwang", "8/8/8/8/8/1k6/1p6/1K6 w - - 0 1", marks=("b1", "b3")),
    Position("Triangulation", "8/8/2k5/2p5/2P5/3K4/8/8 w - - 0 1", arrows=("d3d2", "d2c3")),
    Position(
        "Candidate moves",
        "r2q1rk1/pp1bbppp/2n1pn2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
        arrows=("f3e5", "d1c2", "f4g3"),
    ),
)

CLASSICS = (
    Position(
        "Byrne-Fischer 1956, 17...Be6",
        "r3r1k1/pp3pbp/1qp1b1p1/2B5/2BP4/Q1n2N2/P4PPP/3R1K1R w - - 0 18",
        arrows=("c5b6", "e6c4"),
    ),
    Position(
        "Morphy's Opera Game, 16.Qb8+",
        "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16",
        arrows=("b3b8",),
    ),
    Position(
        "The Evergreen Game",
        "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24",
        marks=("f8", "e7"),
    ),
    _opening("Berlin Defence", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5"),
    _opening("Catalan Opening", "d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O O-O dxc4 Qc2 a6"),
    Position(
        "Anderssen's Immortal Game",
        "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23",
        arrows=("e7d8",),
    ),
)

THEMES: dict[str, tuple[Position, ...]] = {
    "openings": OPENINGS,
    "strategy": STRATEGY,
    "tactics": TACTICS,
    "endgames": ENDGAMES,
    "attack": ATTACK,
    "calculation": CALCULATION,
    "classics": CLASSICS,
}

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

    def put(self, key: str | None, theme: str, title: str = "") -> None:
        if key:
            self.themes.setdefault(key, theme)
            self.titles.setdefault(key, title)

    def theme(self, key: str) -> str:
        return self.themes.get(key, "classics")

    def title(self, key: str) -> str:
        return self.titles.get(key, "")
