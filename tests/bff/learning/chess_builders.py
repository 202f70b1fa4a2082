"""Content with key positions, model games and exercises: the seed, copied, with a few real
positions written into a free and a Pro lesson, program and episode (and some broken entries
the site must drop)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bff.cms.upstream import SEED_PATH

FREE_LESSON, PRO_LESSON = 5, 1
FREE_PROGRAM, PRO_PROGRAM = 2, 1
FREE_CHAPTER, PRO_CHAPTER = 10, 1  # program chapters: 10 of the free program, 1 of the Pro one
FREE_EPISODE, PRO_EPISODE = 1, 2
# Exercises of the lessons' first chapters, by their ids (lesson_chapter:<lesson>:<chapter>:<key>).
FREE_E1 = f"lesson_chapter:{FREE_LESSON}:1:e1"
FREE_E2 = f"lesson_chapter:{FREE_LESSON}:1:e2"
PRO_E1 = f"lesson_chapter:{PRO_LESSON}:1:e1"


# Qh5xf7 mates: the fork of the two knights gone wrong.
FORK = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# Either rook mates on the back rank.
BACK_RANK = "7k/6pp/8/8/8/8/8/RR5K w - - 0 1"

FREE_PGN = """[Event "A model game"]
[Site "Here"]
[Date "1858.??.??"]
[White "White"]
[Black "Black"]
[Result "1-0"]

{The opening} 1. e4 {Into the centre} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bc4 1-0
"""
# Everything of the Pro content that a viewer without rights must never get: the markers.
PRO_SECRETS = (
    "PRO-ONLY-EVENT",
    "PRO-ONLY-DRILL",
    "PRO-ONLY-COMMENT",
    "PRO-ONLY-HINT",
    "PRO-ONLY-EXPLANATION",
    "PRO-ONLY-LINE-COMMENT",
    "PRO-ONLY-ALSO-GOOD",
    "PRO-ONLY-MISTAKE",
)
PRO_PGN = """[Event "PRO-ONLY-EVENT"]
[Result "*"]

1. d4 {PRO-ONLY-COMMENT} d5 *
"""
PRO_LINE = "a1a8"  # moves only Pro content uses


def free_exercises() -> list[dict]:
    return [
        {
            "key": "e1",
            "fen": FORK,
            "moves": "h5f7",
            "prompt": "White to play and win",
            "hint": "Look at f7",
            "explanation": "The queen takes on f7 with mate",
        },
        {
            "key": "e2",
            "fen": START,
            "moves": "e2e4 e7e5 g1f3",
            "prompt": "Develop",
            "source": "Training position",
            "comments": ["Take the centre", None, "Develop towards it"],
            "alternatives": [
                {"at": 0, "moves": "d2d4 d7d5 c2c4", "comment": "The queen's pawn is as good"},
                {"at": 2, "moves": "b1c3", "comment": "Also good: the other knight"},
                # Broken ones, dropped: a reply's place, a line ending on a reply, the line's
                # own move, an illegal move, the same move twice.
                {"at": 1, "moves": "d7d5", "comment": "At a reply"},
                {"at": 0, "moves": "c2c4 e7e5", "comment": "Ends on a reply"},
                {"at": 0, "moves": "e2e4", "comment": "The line's own move"},
                {"at": 2, "moves": "e1e3", "comment": "Illegal"},
                {"at": 2, "moves": "b1c3", "comment": "Twice"},
            ],
            "mistakes": [
                {"at": 0, "moves": "f2f3 e7e5", "comment": "Weakens the king"},
                {"at": 4, "moves": "a2a3", "comment": "Past the line"},
            ],
        },
        {"key": "bad-move", "fen": START, "moves": "e2e5", "prompt": "Illegal"},
        {"key": "even", "fen": START, "moves": "e2e4 e7e5", "prompt": "Even"},
        {"key": "bad-fen", "fen": "not a fen", "moves": "e2e4", "prompt": "No position"},
        {"key": "e1", "fen": START, "moves": "d2d4", "prompt": "Twice"},
    ]


def pro_exercises() -> list[dict]:
    return [
        {
            "key": "e1",
            "fen": BACK_RANK,
            "moves": PRO_LINE,
            "prompt": "Mate in one",
            "hint": "PRO-ONLY-HINT",
            "explanation": "PRO-ONLY-EXPLANATION",
            "comments": ["PRO-ONLY-LINE-COMMENT"],
            "alternatives": [{"at": 0, "moves": "b1b8", "comment": "PRO-ONLY-ALSO-GOOD"}],
            "mistakes": [{"at": 0, "moves": "a1a7 g7g6", "comment": "PRO-ONLY-MISTAKE"}],
        }
    ]


# A repertoire as Black against 1.d4: the main line and two side lines.
DRILL_PGN = """[Event "Against 1.d4"]

1. d4 d5 {Claim the centre at once} 2. c4 e6 {The Queen's Gambit Declined} (2... c6 {The Slav}
3. Nf3 Nf6) 3. Nc3 Nf6 (3... Be7) 4. Bg5 Be7 *
"""
PRO_DRILL_PGN = """[Event "Against 1.e4"]

1. e4 c5 {PRO-ONLY-DRILL} 2. Nf3 d6 *
"""
# The keys of DRILL_PGN's lines, played as Black: the main line, 2...c6 and 3...Be7.
DRILL_LINES = 3


def drill(free: bool) -> dict:
    return {"drill": DRILL_PGN if free else PRO_DRILL_PGN, "drill_side": "black"}


POSITIONS = [
    {"at": 30, "fen": FORK, "caption": "The fork"},
    {"at": 60, "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "caption": "No kings"},
]


def learning(free: bool) -> dict:
    return {
        "positions": POSITIONS,
        "pgn": FREE_PGN if free else PRO_PGN,
        "exercises": free_exercises() if free else pro_exercises(),
    }


PRACTICE = ("positions", "pgn", "exercises")


def _edit(folder: Path, name: str, change) -> None:
    path = folder / f"{name}.json"
    entries = json.loads(path.read_text())
    for entry in entries:
        change(entry)
    path.write_text(json.dumps(entries))


def seed_without_practice(folder: Path) -> Path:
    """The seed copied into ``folder`` (media linked, not copied) with no key position, model
    game or exercise anywhere: for tests of what videos alone count, whatever practice the seed
    has."""
    shutil.copytree(SEED_PATH, folder, ignore=shutil.ignore_patterns("media"))
    (folder / "media").symlink_to(SEED_PATH / "media")

    def bare(item: dict) -> None:
        for name in PRACTICE:
            item.pop(name, None)

    _edit(folder, "lessons", lambda lesson: [bare(part) for part in lesson["chapters"]])
    _edit(folder, "program-chapters", lambda ch: [bare(part) for part in ch["subchapters"]])
    _edit(folder, "masterclass-episodes", bare)
    return folder


def seed_with_exercises(folder: Path) -> Path:
    """The seed copied into ``folder`` with the content above and no other practice."""
    seed_without_practice(folder)

    def edit(name: str, change) -> None:
        _edit(folder, name, change)

    def lessons(lesson: dict) -> None:
        if lesson["id"] in (FREE_LESSON, PRO_LESSON):
            lesson["chapters"][0].update(learning(lesson["id"] == FREE_LESSON))
        if lesson["id"] == FREE_LESSON:  # the second chapter: one exercise, no game
            lesson["chapters"][1]["exercises"] = free_exercises()[1:2]

    def chapters(chapter: dict) -> None:
        if chapter["id"] in (FREE_CHAPTER, PRO_CHAPTER):
            chapter["subchapters"][0].update(learning(chapter["id"] == FREE_CHAPTER))
            chapter["subchapters"][0].update(drill(chapter["id"] == FREE_CHAPTER))
        if chapter["id"] == FREE_CHAPTER:  # a broken drill, dropped
            chapter["subchapters"][1].update({"drill": "1. e4 e5 2. Ke3 *", "drill_side": "white"})

    def episodes(episode: dict) -> None:
        if episode["id"] in (FREE_EPISODE, PRO_EPISODE):
            episode.update(learning(episode["id"] == FREE_EPISODE))

    edit("lessons", lessons)
    edit("program-chapters", chapters)
    edit("masterclass-episodes", episodes)
    return folder
