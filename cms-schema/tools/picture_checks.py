"""Checks that the seed's pictures show what their content says (check_seed.py runs them).

- Every lesson's thumbnail shows the diagram its title names (lesson_diagrams.json), a legal
  position with coordinates, seen from White's side unless the position is about Black's play
  (orientation "black", the image labelled). The pieces and squares its title names are on
  the board: a lesson on rooks shows a rook, "King and pawn endings" only kings and pawns,
  "Opposite-coloured bishop endings" one bishop each on squares of opposite colours, "Sacrifices
  on f7 and f2" the squares f7 and f2 taken, marked or reached by an arrow.
- Every picture of a board has coordinates, and shows Black's side only when its position is
  Black's.
- Every person (teacher, trainer, author, a testimonial's member) has a portrait that is their
  monogram, never a chess piece.
- Every lesson sits in the category its title is listed under (seed_text.LESSON_TOPICS).
- Every arrow drawn from a piece is a way that piece can go: a knight's jump, a line a bishop,
  rook or queen moves along with nothing in between (an arrow from an empty square is a plan's
  next step, and a pawn's arrow its run up the board).
"""

from __future__ import annotations

import re

import chess
from seed_positions import LESSON_DIAGRAMS, Position

COPY_SUFFIX = re.compile(r" \(\d+\)$")
PIECE_WORDS = {
    "rook": chess.ROOK,
    "bishop": chess.BISHOP,
    "knight": chess.KNIGHT,
    "queen": chess.QUEEN,
    "pawn": chess.PAWN,
}
SQUARE = re.compile(r"(?<![\w-])([a-h][1-8])(?!\w)")


def title_problems(title: str, position: Position) -> list[str]:
    """What the title names that the diagram does not show."""
    board = position.board()
    problems = []
    if not board.is_valid():
        problems.append(f"{position.name!r} is not a legal position ({board.status()!r})")
    lowered = title.lower()
    for word, piece_type in PIECE_WORDS.items():
        if re.search(rf"(?<!\w){word}", lowered) and not board.pieces_mask(
            piece_type, chess.WHITE
        ) | board.pieces_mask(piece_type, chess.BLACK):
            problems.append(f"the title names a {word} and {position.name!r} has none")
    if "king and pawn" in lowered:
        others = {p.piece_type for p in board.piece_map().values()} - {chess.KING, chess.PAWN}
        if others:
            problems.append(f"a king and pawn ending, and {position.name!r} has other pieces")
    if "opposite-coloured bishop" in lowered:
        white = list(board.pieces(chess.BISHOP, chess.WHITE))
        black = list(board.pieces(chess.BISHOP, chess.BLACK))
        colour = chess.BB_LIGHT_SQUARES
        if not (
            len(white) == len(black) == 1
            and bool(colour & chess.BB_SQUARES[white[0]])
            != bool(colour & chess.BB_SQUARES[black[0]])
        ):
            problems.append(f"{position.name!r} has no bishops of opposite colours")
    shown = {square for arrow in position.arrows for square in (arrow[:2], arrow[2:])}
    shown |= set(position.marks)
    for name in SQUARE.findall(title):
        if name not in shown and board.piece_at(chess.parse_square(name)) is None:
            problems.append(f"the title names {name} and {position.name!r} does not show it")
    return problems


def arrow_problems(position: Position) -> list[str]:
    """Arrows a piece cannot follow: blocked lines, a knight's arrow that is not its jump. The
    arrows are a sequence (a piece that moved clears the way for the next arrow: the rook
    lift, the discovered attack); a line through one piece to another of its side is a pin or
    an x-ray, and stands."""
    board = position.board()
    problems = []
    for arrow in position.arrows:
        start, end = chess.parse_square(arrow[:2]), chess.parse_square(arrow[2:])
        piece = board.piece_at(start)
        if piece is None or piece.piece_type in (chess.PAWN, chess.KING):
            continue
        if piece.piece_type == chess.KNIGHT:
            if not chess.BB_KNIGHT_ATTACKS[start] & chess.BB_SQUARES[end]:
                problems.append(f"{position.name!r}: {arrow} is no knight's move")
        else:
            alone = chess.BaseBoard.empty()
            alone.set_piece_at(start, piece)
            blockers = chess.SquareSet(chess.between(start, end) & board.occupied)
            target = board.piece_at(end)
            pin = (
                len(blockers) == 1
                and target is not None
                and target.piece_type in (chess.KING, chess.QUEEN, chess.ROOK)
                and board.color_at(next(iter(blockers))) == target.color
            )
            if not alone.attacks_mask(start) & chess.BB_SQUARES[end]:
                problems.append(f"{position.name!r}: {arrow} is not a line the piece moves along")
            elif blockers and not pin:
                problems.append(f"{position.name!r}: {arrow} is blocked")
        board.remove_piece_at(start)
        board.set_piece_at(end, piece)
    return problems


def lesson_diagram_problems(lessons: list[dict], art: dict[str, dict]) -> list[str]:
    """Lessons whose picture is not their title's diagram, or does not show what it names."""
    problems = []
    for lesson in lessons:
        where = f"api::lesson.lesson#{lesson['id']} {lesson['title']!r}"
        title = COPY_SUFFIX.sub("", lesson["title"])
        diagram = LESSON_DIAGRAMS.get(title)
        record = art.get(lesson.get("thumbnail") or "", {})
        if diagram is None:
            problems.append(f"{where}: no diagram in lesson_diagrams.json")
            continue
        if record.get("position") != diagram.name or record.get("fen") != diagram.board().fen():
            problems.append(f"{where}: its picture is not its diagram {diagram.name!r}")
        expected = "black" if diagram.flipped else "white"
        if record.get("orientation") != expected:
            problems.append(f"{where}: seen from {record.get('orientation')}, not {expected}")
        problems += [f"{where}: {problem}" for problem in title_problems(title, diagram)]
        problems += [f"{where}: {problem}" for problem in arrow_problems(diagram)]
    return problems


def board_picture_problems(art: dict[str, dict], flipped: set[str]) -> list[str]:
    """Boards without coordinates, or turned to Black's side for a position that is White's."""
    problems = []
    for key, record in sorted(art.items()):
        if "fen" not in record:
            continue
        if record.get("coordinates") is not True:
            problems.append(f"media {key}: the board has no coordinates")
        orientation = record.get("orientation")
        if orientation not in ("white", "black"):
            problems.append(f"media {key}: no orientation")
        elif (orientation == "black") != (record.get("position") in flipped):
            problems.append(f"media {key}: seen from {orientation}'s side unannounced")
    return problems


def portrait_problems(people: list[tuple[str, str | None]], art: dict[str, dict]) -> list[str]:
    """People (name, media key) without a monogram portrait of their own."""
    problems = []
    for name, key in people:
        record = art.get(key or "")
        if not record:
            problems.append(f"{name}: no portrait")
        elif record.get("theme") != "portrait" or "piece" in record or "fen" in record:
            problems.append(f"{name}: the portrait {key} is not a monogram")
        elif record.get("person") != name:
            problems.append(f"{name}: the portrait {key} is {record.get('person')!r}'s")
    return problems


def category_problems(lessons: list[dict], categories: dict[int, str], topics: list) -> list[str]:
    """Lessons filed under a category other than the one their title is listed under."""
    listed = {title: category for category, entries in topics for title, *_ in entries}
    problems = []
    for lesson in lessons:
        title = COPY_SUFFIX.sub("", lesson["title"])
        expected = listed.get(title)
        actual = categories.get(lesson.get("lesson_category"))
        if expected is not None and actual != expected:
            problems.append(
                f"api::lesson.lesson#{lesson['id']} {lesson['title']!r}: under {actual!r}, "
                f"its topic is {expected!r}"
            )
    return problems
