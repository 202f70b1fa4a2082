#!/usr/bin/env python3
"""Draws the seed's images: real chess positions on the brand's colours, as WebP files.

Each image shows a real position: a lesson the one its title names (lesson_diagrams.json: "The
Lucena position" the Lucena, "Active rooks in the endgame" an active rook), other content a
position of its theme (seed_positions.py), an opening after its moves, a tactic with the move
drawn. Boards have coordinates and are seen from White's side, unless the position is about
Black's play: then from Black's side, and the image says so. Portraits (the square images of
people) are monograms: the person's initials on a colour of their own, never a chess piece.
python-chess draws the board as SVG; the card around it is SVG too; rsvg-convert (Debian's
librsvg2-bin) rasterises it and Pillow writes WebP. Nothing is random: every choice comes from
the content and the media key, so the output is the same on every run.

Files land in seed/media/<key>/<format>.webp and are served at /media/<key>/<format>.webp, with
<format> one of original, medium, small, thumbnail. seed/media-art.json records what each image
shows and a digest of its drawing, so `--check` knows a stale image without rasterising again.

    python cms-schema/tools/generate_media.py            # redraw from seed/media.json
    python cms-schema/tools/generate_media.py --check    # exit 1 when files are missing/stale
"""

from __future__ import annotations

import argparse
import colorsys
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.svg
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import seed_text  # noqa: E402
from seed_positions import (  # noqa: E402
    LESSON_DIAGRAMS,
    THEMES,
    Position,
    Subjects,
    named_in,
    theme_of_topic,
    theme_of_words,
)

SEED_DIR = Path(__file__).resolve().parent.parent / "seed"
URL_PREFIX = "/media"
ART_FILE = "media-art.json"
EXT = "webp"
MIME = "image/webp"

# Strapi's default responsive breakpoints; the original is drawn 1000 px wide (Strapi makes a
# `large` format only for originals wider than 1000 px, so the seed has none either).
ORIGINAL_WIDTH = 1000
BREAKPOINTS = {"medium": 750, "small": 500}
THUMBNAIL_BOX = (245, 156)
SHAPES = {"wide": (16, 9), "square": (1, 1)}
# WebP quality by format: the small sizes cards show most stay crisp; the large ones, seldom
# shown at full size, give up a little so the whole seed/media stays near 7 MB.
WEBP_QUALITY = {"original": 45, "medium": 52, "small": 72, "thumbnail": 80}

# Brand colours (client/src/styles/tokens.css): violet #7446ff and the deep ink of the text.
BRAND_HUE = 254
ACCENT = "#ffc14d"  # the gold of arrows and marked squares, the one warm note on violet
MARK = "#ffd98a"  # a marked square: the gold, light and opaque (a see-through one turns brown)
# Each theme keeps near the brand's violet, so a list of mixed cards still reads as one brand.
THEME_HUES = {
    "openings": 254,
    "strategy": 244,
    "tactics": 266,
    "endgames": 236,
    "attack": 274,
    "calculation": 249,
    "classics": 259,
}
# The large, faint piece behind each board: the one a theme is about.
THEME_PIECES = {
    "openings": "N",
    "strategy": "B",
    "tactics": "N",
    "endgames": "K",
    "attack": "Q",
    "calculation": "R",
    "classics": "K",
}
COPY_SUFFIX = re.compile(r" \(\d+\)$")  # grow_catalogue.py's copies: "Title (2)"
# Text drawn on the images (the Black's-side label, monograms): a font Debian ships
# (fonts-dejavu-core), with generic fallbacks.
LABEL_FONT = "DejaVu Sans, Liberation Sans, sans-serif"
MONOGRAM_FONT = "DejaVu Serif, Liberation Serif, serif"
BLACK_SIDE_LABEL = "Seen from Black's side"


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def _hsl(hue: float, saturation: float, lightness: float) -> str:
    r, g, b = colorsys.hls_to_rgb((hue % 360) / 360, lightness, saturation)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def sizes(shape: str) -> dict[str, tuple[int, int]]:
    """Pixel size of the original and of each Strapi format for a shape."""
    ratio_w, ratio_h = SHAPES[shape]
    out = {"original": (ORIGINAL_WIDTH, round(ORIGINAL_WIDTH * ratio_h / ratio_w))}
    for name, width in BREAKPOINTS.items():
        out[name] = (width, round(width * ratio_h / ratio_w))
    box_w, box_h = THUMBNAIL_BOX
    scale = min(box_w / ratio_w, box_h / ratio_h)
    out["thumbnail"] = (round(ratio_w * scale), round(ratio_h * scale))
    return out


# What each image shows ------------------------------------------------------------------------


def _load(seed_dir: Path, name: str) -> list[dict]:
    path = seed_dir / f"{name}.json"
    if not path.exists():
        return []
    value = json.loads(path.read_text(encoding="utf-8"))
    return value if isinstance(value, list) else [value]


def subjects(seed_dir: Path) -> Subjects:
    """The theme of every media key, from the content that shows it."""
    found = Subjects()
    names = {
        kind: {row["id"]: row["name"] for row in _load(seed_dir, kind)}
        for kind in ("lesson-categories", "topics", "video-categories")
    }
    for lesson in _load(seed_dir, "lessons"):
        category = names["lesson-categories"].get(lesson.get("lesson_category"), "")
        found.put(lesson.get("thumbnail"), theme_of_topic(category), lesson["title"])
        if lesson.get("thumbnail"):
            found.lessons[lesson["thumbnail"]] = COPY_SUFFIX.sub("", lesson["title"])
    people = (("teachers", "thumbnail"), ("trainers", "thumbnail"), ("authors", "avatar"))
    for kind, picture in people:
        for person in _load(seed_dir, kind):
            found.put(person.get(picture), "portrait", person["name"])
    for masterclass in _load(seed_dir, "masterclass"):
        if masterclass.get("hero_image"):
            found.presented[masterclass["hero_image"]] = seed_text.CHAMPION
    for page in _load(seed_dir, "upgrade-page"):
        for testimonial in page.get("testimonials") or []:
            found.put(testimonial.get("avatar"), "portrait", testimonial["name"])
    for program in _load(seed_dir, "programs"):
        theme = theme_of_topic(names["topics"].get(program.get("topic"), ""))
        found.put(program.get("hero_image"), theme, program["title"])
        found.put(program.get("carousel_image"), theme, program["title"])
    for article in _load(seed_dir, "articles"):
        found.put(article.get("hero_image"), theme_of_words(article["title"]), article["title"])
    chapters = {row["id"]: row.get("title", "") for row in _load(seed_dir, "masterclass-chapters")}
    for episode in _load(seed_dir, "masterclass-episodes"):
        chapter = chapters.get(episode.get("chapter"), "")
        found.put(
            episode.get("thumbnail"), theme_of_words(episode["title"], chapter), episode["title"]
        )
    for video in _load(seed_dir, "videos"):
        words = (video["title"], video.get("subhead", ""))
        found.put(video.get("hero_image"), theme_of_words(*words), " ".join(words))
    return found


def initials(name: str) -> str:
    """A monogram's letters: the first and the last name's first letters ("Mei-Lin Zhao": MZ)."""
    words = [word for word in re.split(r"\s+", name.strip()) if word[:1].isalpha()]
    if not words:
        return "?"
    return (words[0][0] + (words[-1][0] if len(words) > 1 else "")).upper()


@dataclass(frozen=True)
class Art:
    """The drawing of one media key: its theme, position (none for a portrait) and colours."""

    key: str
    shape: str
    theme: str
    hue: float
    position: Position | None
    board_left: bool
    piece: str
    from_black: bool = False  # seen from Black's side: a position about Black's play
    person: str = ""  # a portrait's name

    def record(self) -> dict:
        out: dict = {"theme": self.theme}
        if self.position:
            out["position"] = self.position.name
            out["fen"] = self.position.board().fen()
            out["orientation"] = "black" if self.from_black else "white"
            out["coordinates"] = True
            if self.person:  # the person the card presents, beside the board
                out["person"] = self.person
                out["monogram"] = initials(self.person)
        else:
            out["person"] = self.person
            out["monogram"] = initials(self.person)
        return out

    def alternative_text(self) -> str:
        """What the picture shows, for its alt text."""
        if self.position is None:
            return f"Monogram of {self.person}: the initials {initials(self.person)}"
        side = "Black's" if self.from_black else "White's"
        diagram = f"hess diagram seen from {side} side: {self.position.name}"
        if self.person:
            return f"Monogram of {self.person} beside a c{diagram}"
        return f"C{diagram}"


def _group(key: str) -> str:
    """A program's hero and card show the same position: they stand for one program."""
    return re.sub(r"-(hero|card)$", "", key)


def plan(media: dict[str, dict], found: Subjects) -> dict[str, Art]:
    """Chooses every key's drawing. A title naming a position gets it; other keys of one theme
    take its positions in turn (in key order), so neighbouring cards of a list differ. The key's
    digest shifts the hue a little."""
    groups: dict[str, list[str]] = {}
    for key in sorted(media):
        if media[key]["shape"] != "square":
            group = _group(key)
            members = groups.setdefault(found.theme(key), [])
            if group not in members:
                members.append(group)
    out = {}
    for key, entry in sorted(media.items()):
        digest = _digest(key)
        theme = found.theme(key)
        if entry["shape"] == "square":
            # Each person a hue of their own, from their name, among the brand's cool colours
            # (teal to magenta): a row of portraits differs and still reads as one site.
            name = found.title(key) or key
            hue = 180 + _digest(name)[0] / 255 * 150
            out[key] = Art(key, "square", "portrait", hue, None, False, "", person=name)
            continue
        hue = THEME_HUES[theme] + (digest[0] % 5 - 2) * 3
        turn = groups[theme].index(_group(key))
        positions = THEMES[theme]
        position = LESSON_DIAGRAMS.get(found.lessons.get(key, ""))
        if position is None:
            position = named_in(positions, found.title(key)) or positions[turn % len(positions)]
        # Neighbours alternate sides, so two cards of one position never look alike; the
        # board itself is always seen from White's side unless the position is Black's.
        cycle = turn // len(positions)
        board_left = (turn % len(positions) + cycle) % 2 == 1
        out[key] = Art(
            key,
            entry["shape"],
            theme,
            hue,
            position,
            board_left,
            THEME_PIECES[theme],
            position.flipped,
            person=found.presented.get(key, ""),
        )
    return out


# Drawing -------------------------------------------------------------------------------------


def _piece_silhouette(symbol: str) -> str:
    """python-chess's piece drawing as one flat white shape (the ghost behind a board)."""
    drawing = chess.svg.piece(chess.Piece.from_symbol(symbol))
    inner = drawing[drawing.index(">", drawing.index("<svg")) + 1 : drawing.rindex("</svg>")]
    inner = re.sub(r'\s(id|class)="[^"]*"', "", inner)
    return re.sub(r"#000\b|#000000\b", "#fff", inner)


def _board(art: Art, size: float, x: float, y: float) -> str:
    position = art.position
    assert position is not None
    board = position.board()
    lastmove = board.peek() if board.move_stack else None
    colors = {
        "square light": _hsl(art.hue, 0.75, 0.95),
        "square dark": _hsl(art.hue, 0.52, 0.64),
        "square light lastmove": _hsl(art.hue - 30, 0.85, 0.86),
        "square dark lastmove": _hsl(art.hue - 30, 0.55, 0.58),
        "arrow green": ACCENT + "e6",
        "margin": _hsl(art.hue + 6, 0.45, 0.13),
        "coord": _hsl(art.hue, 0.6, 0.9),
    }
    drawing = chess.svg.board(
        board,
        orientation=not art.from_black,
        lastmove=lastmove,
        arrows=[
            chess.svg.Arrow(chess.parse_square(a[:2]), chess.parse_square(a[2:]))
            for a in position.arrows
        ],
        fill={chess.parse_square(square): MARK for square in position.marks},
        size=round(size),
        coordinates=True,
        colors=colors,
    )
    drawing = re.sub(r"<desc>.*?</desc>", "", drawing, flags=re.S)
    return drawing.replace("<svg ", f'<svg x="{x:.1f}" y="{y:.1f}" ', 1)


def _background(art: Art, width: int, height: int) -> str:
    """The brand ground: violet light from one corner into deep ink, and a soft glow."""
    top = _hsl(art.hue, 0.62, 0.42)
    bottom = _hsl(art.hue + 8, 0.55, 0.11)
    glow = _hsl(art.hue - 6, 0.9, 0.72)
    return (
        f'<defs><linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
        f'</linearGradient><radialGradient id="glow" cx=".5" cy=".5" r=".5">'
        f'<stop offset="0" stop-color="{glow}" stop-opacity=".55"/>'
        f'<stop offset="1" stop-color="{glow}" stop-opacity="0"/></radialGradient>'
        f'<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%">'
        f'<feGaussianBlur stdDeviation="{height * 0.03:.1f}"/></filter></defs>'
        f'<rect width="{width}" height="{height}" fill="url(#ground)"/>'
    )


def _card(art: Art, width: int, height: int) -> str:
    """A wide card: the board on one side, the theme's piece large and faint on the other."""
    size = height * 0.72
    margin = (height - size) / 2
    # On the right the board keeps clear of the corner where the site puts its lock badge.
    x = width * 0.14 if art.board_left else width - size - width * 0.17
    frame = size * 0.03
    ghost_scale = height * 0.9 / 45
    ghost_x = width * 0.93 - height * 0.9 if art.board_left else width * 0.07
    frame_colour = _hsl(art.hue + 6, 0.45, 0.13)
    return (
        _background(art, width, height)
        + f'<circle cx="{x + size / 2:.1f}" cy="{height / 2:.1f}" r="{size * 0.95:.1f}" '
        f'fill="url(#glow)"/>'
        + (
            _presented(art, width, height)
            if art.person
            else f'<g opacity=".07" transform="translate({ghost_x:.1f} {height * 0.06:.1f}) '
            f'scale({ghost_scale:.3f})">{_piece_silhouette(art.piece)}</g>'
        )
        + f'<rect x="{x - frame:.1f}" y="{margin - frame + size * 0.04:.1f}" '
        f'width="{size + 2 * frame:.1f}" height="{size + 2 * frame:.1f}" fill="#0b0820" '
        f'opacity=".6" filter="url(#shadow)"/>'
        + f'<rect x="{x - frame:.1f}" y="{margin - frame:.1f}" width="{size + 2 * frame:.1f}" '
        f'height="{size + 2 * frame:.1f}" rx="{frame * 0.6:.1f}" fill="{frame_colour}" '
        f'stroke="#fff" stroke-opacity=".18" stroke-width="{size * 0.004:.1f}"/>'
        + _board(art, size, x, margin)
        + (_black_side_label(art, width, height, x, size) if art.from_black else "")
    )


def _presented(art: Art, width: int, height: int) -> str:
    """The person a card presents (the masterclass's champion): their monogram and name on the
    side of the card the board leaves free."""
    size = height * 0.72
    board_x = width * 0.14 if art.board_left else width - size - width * 0.17
    free_left, free_right = (board_x + size, width) if art.board_left else (0, board_x)
    cx = (free_left + free_right) / 2
    cy = height * 0.42
    radius = height * 0.2
    font = radius * 0.78
    name_font = height * 0.055
    return (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{_hsl(art.hue, 0.5, 0.16)}" '
        f'fill-opacity=".7" stroke="#fff" stroke-opacity=".45" '
        f'stroke-width="{height * 0.006:.1f}"/>'
        f'<text x="{cx:.1f}" y="{cy + font * 0.36:.1f}" fill="#fff" font-family="{MONOGRAM_FONT}" '
        f'font-size="{font:.1f}" font-weight="bold" text-anchor="middle">'
        f"{initials(art.person)}</text>"
        f'<text x="{cx:.1f}" y="{cy + radius + name_font * 1.6:.1f}" fill="#fff" '
        f'font-family="{LABEL_FONT}" font-size="{name_font:.1f}" font-weight="bold" '
        f'text-anchor="middle">{art.person}</text>'
    )


def _black_side_label(art: Art, width: int, height: int, board_x: float, size: float) -> str:
    """A pill on the free side of the card saying the board is seen from Black's side."""
    font = height * 0.05
    label_w = font * 0.6 * len(BLACK_SIDE_LABEL) + font * 1.4
    label_h = font * 1.8
    free_left, free_right = (board_x + size, width) if art.board_left else (0, board_x)
    x = (free_left + free_right - label_w) / 2
    y = height * 0.8
    text = BLACK_SIDE_LABEL.replace("'", "&#8217;")
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{label_w:.1f}" height="{label_h:.1f}" '
        f'rx="{label_h / 2:.1f}" fill="#0b0820" fill-opacity=".72" stroke="#fff" '
        f'stroke-opacity=".35" stroke-width="{font * 0.06:.1f}"/>'
        f'<text x="{x + label_w / 2:.1f}" y="{y + label_h * 0.66:.1f}" fill="#fff" '
        f'font-family="{LABEL_FONT}" font-size="{font:.1f}" font-weight="bold" '
        f'text-anchor="middle">{text}</text>'
    )


def _portrait(art: Art, width: int, height: int) -> str:
    """A square portrait: the person's monogram, large, in a ring of light on their colour."""
    letters = initials(art.person)
    font = width * (0.29 if len(letters) > 1 else 0.38)
    centre = height * 0.5
    return (
        _background(art, width, height)
        + f'<circle cx="{width / 2}" cy="{centre:.1f}" r="{width * 0.44:.1f}" fill="url(#glow)"/>'
        + f'<circle cx="{width / 2}" cy="{centre:.1f}" r="{width * 0.36:.1f}" '
        f'fill="{_hsl(art.hue, 0.5, 0.16)}" fill-opacity=".55" stroke="#fff" '
        f'stroke-opacity=".4" stroke-width="{width * 0.008:.1f}"/>'
        + f'<text x="{width / 2}" y="{centre + font * 0.35:.1f}" fill="#fff" '
        f'font-family="{MONOGRAM_FONT}" font-size="{font:.1f}" font-weight="bold" '
        f'text-anchor="middle" letter-spacing="{font * 0.02:.1f}">{letters}</text>'
    )


def svg(art: Art) -> str:
    """The image of one key as an SVG at its original size."""
    width, height = sizes(art.shape)["original"]
    body = _portrait(art, width, height) if art.position is None else _card(art, width, height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">{body}</svg>\n'
    )


def source_digest(art: Art) -> str:
    return hashlib.sha256(svg(art).encode("utf-8")).hexdigest()


# Rasterising ---------------------------------------------------------------------------------


def rasterise(drawing: str) -> Image.Image:
    """SVG to pixels with rsvg-convert (Debian's librsvg2-bin, scripts/install-system-deps)."""
    tool = shutil.which("rsvg-convert")
    if tool is None:
        raise SystemExit("rsvg-convert not found: install Debian's librsvg2-bin")
    png = subprocess.run(  # noqa: S603 - a fixed tool, the drawing on stdin
        [tool, "--format=png"], input=drawing.encode("utf-8"), capture_output=True, check=True
    ).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def webp_files(art: Art) -> dict[str, bytes]:
    """Every format of one key, each scaled down from the original drawing."""
    original = rasterise(svg(art))
    out = {}
    for name, size in sizes(art.shape).items():
        image = original if size == original.size else original.resize(size, Image.LANCZOS)
        buffer = io.BytesIO()
        image.save(buffer, "WEBP", quality=WEBP_QUALITY[name], method=6)
        out[name] = buffer.getvalue()
    return out


# The media.json record and the files -----------------------------------------------------------


def media_entry(key: str, shape: str, alternative_text: str) -> dict:
    """The media.json record of one key: Strapi's file shape, urls in the /media scheme."""
    dims = sizes(shape)
    width, height = dims["original"]
    formats = {}
    for name in ("thumbnail", "small", "medium"):
        w, h = dims[name]
        formats[name] = {
            "name": f"{name}_{key}.{EXT}",
            "url": f"{URL_PREFIX}/{key}/{name}.{EXT}",
            "width": w,
            "height": h,
            "mime": MIME,
        }
    return {
        "name": f"{key}.{EXT}",
        "alternativeText": alternative_text,
        "shape": shape,
        "width": width,
        "height": height,
        "mime": MIME,
        "url": f"{URL_PREFIX}/{key}/original.{EXT}",
        "formats": formats,
    }


def original_file(seed_dir: Path, key: str) -> Path:
    """The full-size image of a key (what is uploaded to Strapi)."""
    return seed_dir / "media" / key / f"original.{EXT}"


def _remove_stale(media: dict[str, dict], out_dir: Path) -> None:
    if not out_dir.exists():
        return
    for folder in sorted(out_dir.iterdir()):
        if not folder.is_dir():
            continue
        for file in folder.iterdir():
            if folder.name not in media or file.suffix != f".{EXT}":
                file.unlink()
        if folder.name not in media:
            folder.rmdir()


def write_files(media: dict[str, dict], out_dir: Path) -> int:
    """Draws every key's images (and seed/media-art.json); returns the count of files."""
    arts = plan(media, subjects(out_dir.parent))
    _remove_stale(media, out_dir)

    def draw(art: Art) -> int:
        folder = out_dir / art.key
        folder.mkdir(parents=True, exist_ok=True)
        files = webp_files(art)
        for name, data in files.items():
            (folder / f"{name}.{EXT}").write_bytes(data)
        return len(files)

    with ThreadPoolExecutor(max_workers=2) as pool:
        count = sum(pool.map(draw, arts.values()))
    record = {key: {**art.record(), "source": source_digest(art)} for key, art in arts.items()}
    (out_dir.parent / ART_FILE).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return count


def check_files(media: dict[str, dict], out_dir: Path) -> list[str]:
    """Files missing, not WebP, of the wrong size, or drawn from an older design."""
    arts = plan(media, subjects(out_dir.parent))
    art_path = out_dir.parent / ART_FILE
    recorded = json.loads(art_path.read_text(encoding="utf-8")) if art_path.exists() else {}
    problems = []
    for key, art in arts.items():
        expected = {**art.record(), "source": source_digest(art)}
        if recorded.get(key) != expected:
            problems.append(f"{art_path} [{key}]")
        for name, size in sizes(art.shape).items():
            path = out_dir / key / f"{name}.{EXT}"
            if not path.exists():
                problems.append(str(path))
                continue
            with Image.open(path) as image:
                if image.format != "WEBP" or image.size != size:
                    problems.append(str(path))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=SEED_DIR, help="seed folder")
    parser.add_argument("--check", action="store_true", help="only check the files")
    args = parser.parse_args(argv)
    media = json.loads((args.seed / "media.json").read_text(encoding="utf-8"))
    out_dir = args.seed / "media"
    if args.check:
        problems = check_files(media, out_dir)
        for problem in problems:
            print("missing or stale:", problem, file=sys.stderr)
        return 1 if problems else 0
    print(f"wrote {write_files(media, out_dir)} files under {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
