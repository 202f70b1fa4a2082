#!/usr/bin/env python3
"""Draws the seed's images: abstract chess-themed SVGs (and PNG renditions for Strapi uploads).

Every image is derived from its media key alone (colour, piece, board offset), so the output
is identical on every run. Files land in seed/media/<key>/<format>.svg and are served at
/media/<key>/<format>.svg, with <format> one of original, medium, small, thumbnail.

    python cms-schema/tools/generate_media.py            # redraw from seed/media.json
    python cms-schema/tools/generate_media.py --check    # exit 1 when files are missing/stale
"""

from __future__ import annotations

import argparse
import colorsys
import hashlib
import json
import struct
import sys
import zlib
from pathlib import Path

SEED_DIR = Path(__file__).resolve().parent.parent / "seed"
URL_PREFIX = "/media"

# Strapi's default responsive breakpoints; the original is drawn 1000 px wide.
ORIGINAL_WIDTH = 1000
BREAKPOINTS = {"medium": 750, "small": 500}
THUMBNAIL_BOX = (245, 156)
SHAPES = {"wide": (16, 9), "square": (1, 1)}

# Piece silhouettes in a 30 x 40 box.
PIECES = {
    "pawn": '<circle cx="15" cy="11" r="6"/><path d="M9 19h12l-3 3 4 13H8l4-13z"/>'
    '<rect x="5" y="35" width="20" height="5"/>',
    "rook": '<path d="M6 6h4v4h3V6h4v4h3V6h4v8l-3 3v15l3 3v5H6v-5l3-3V17l-3-3z"/>',
    "knight": '<path d="M7 40h18v-5l-2-2c0-8 2-14-2-22-3-6-9-8-12-7l-1 4-5 7 1 4 6-1 4-3'
    'c1 4-8 8-9 15z"/>',
    "bishop": '<ellipse cx="15" cy="17" rx="7" ry="10"/><circle cx="15" cy="4" r="2.5"/>'
    '<path d="M10 26h10l3 9H7z"/><rect x="5" y="35" width="20" height="5"/>',
    "queen": '<path d="M3 9l6 17h12l6-17-7 8-5-13-5 13z"/>'
    '<rect x="7" y="27" width="16" height="8"/>'
    '<rect x="5" y="35" width="20" height="5"/>',
    "king": '<path d="M13 1h4v4h4v4h-4v5h-4V9H9V5h4z"/><path d="M6 15h18l-4 20H10z"/>'
    '<rect x="5" y="35" width="20" height="5"/>',
}


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8")).digest()


def palette(key: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Two colours of a vertical gradient, hue taken from the key."""
    hue = _digest(key)[0] / 255.0
    top = colorsys.hls_to_rgb(hue, 0.46, 0.55)
    bottom = colorsys.hls_to_rgb((hue + 0.08) % 1.0, 0.22, 0.60)
    return (
        tuple(round(c * 255) for c in top),  # type: ignore[return-value]
        tuple(round(c * 255) for c in bottom),  # type: ignore[return-value]
    )


def piece_for(key: str) -> str:
    names = sorted(PIECES)
    return names[_digest(key)[1] % len(names)]


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


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def svg(key: str, shape: str, width: int, height: int) -> str:
    """One SVG: gradient, a faint board of squares, and a piece silhouette."""
    ratio_w, ratio_h = SHAPES[shape]
    vb_w, vb_h = (160, 90) if ratio_w != ratio_h else (90, 90)
    top, bottom = palette(key)
    piece = PIECES[piece_for(key)]
    offset = _digest(key)[2] % 2 * 10
    scale = 1.6 if vb_w == 160 else 1.5
    piece_x = vb_w * 0.62 if vb_w == 160 else (vb_w - 30 * scale) / 2
    piece_y = (vb_h - 40 * scale) / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {vb_w} {vb_h}" preserveAspectRatio="xMidYMid slice">'
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{_hex(top)}"/><stop offset="1" stop-color="{_hex(bottom)}"/>'
        f'</linearGradient><pattern id="b" width="20" height="20" patternUnits="userSpaceOnUse" '
        f'x="{offset}"><rect width="10" height="10" fill="#fff"/>'
        f'<rect x="10" y="10" width="10" height="10" fill="#fff"/></pattern></defs>'
        f'<rect width="{vb_w}" height="{vb_h}" fill="url(#g)"/>'
        f'<rect width="{vb_w}" height="{vb_h}" fill="url(#b)" opacity=".09"/>'
        f'<g fill="#fff" opacity=".88" transform="translate({piece_x:.1f} {piece_y:.1f}) '
        f'scale({scale})">{piece}</g></svg>\n'
    )


def png(key: str, shape: str, width: int | None = None) -> bytes:
    """A PNG rendition of the same design (gradient, board, a simple piece), for Strapi uploads.

    Strapi refuses SVG uploads by default and makes no responsive formats for them; a PNG
    lets its image pipeline produce thumbnail, small and medium itself.
    """
    width, height = sizes(shape)["original"] if width is None else (width, None)
    if height is None:
        ratio_w, ratio_h = SHAPES[shape]
        height = round(width * ratio_h / ratio_w)
    top, bottom = palette(key)
    square = max(1, width // 16 if shape == "wide" else width // 9)
    offset = _digest(key)[2] % 2
    # Piece: head circle, body trapezoid-ish block and a base, centred in the right part.
    unit = height / 45
    cx = width * 0.72 if shape == "wide" else width / 2
    head_cy, head_r = height * 0.30, 6 * unit
    body_top, body_bottom = height * 0.40, height * 0.74
    base_top, base_bottom = height * 0.74, height * 0.84
    rows = []
    for y in range(height):
        t = y / max(1, height - 1)
        bg = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        light = tuple(min(255, round(c + (255 - c) * 0.09)) for c in bg)
        row = bytearray(bytes(bg) * width)
        band = (y // square + offset) % 2
        for x0 in range(band * square, width, 2 * square):
            x1 = min(width, x0 + square)
            row[x0 * 3 : x1 * 3] = bytes(light) * (x1 - x0)
        spans = []
        dy = y - head_cy
        if abs(dy) <= head_r:
            half = (head_r**2 - dy**2) ** 0.5
            spans.append((cx - half, cx + half))
        if body_top <= y < body_bottom:
            frac = (y - body_top) / (body_bottom - body_top)
            half = unit * (3 + 5 * frac)
            spans.append((cx - half, cx + half))
        if base_top <= y < base_bottom:
            spans.append((cx - 10 * unit, cx + 10 * unit))
        for a, b in spans:
            xa, xb = max(0, int(a)), min(width, int(b))
            if xb > xa:
                row[xa * 3 : xb * 3] = b"\xf2\xf2\xf2" * (xb - xa)
        rows.append(b"\x00" + bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def media_entry(key: str, shape: str, alternative_text: str) -> dict:
    """The media.json record of one key: Strapi's file shape, urls in the /media scheme."""
    dims = sizes(shape)
    width, height = dims["original"]
    formats = {}
    for name in ("thumbnail", "small", "medium"):
        w, h = dims[name]
        formats[name] = {
            "name": f"{name}_{key}.svg",
            "url": f"{URL_PREFIX}/{key}/{name}.svg",
            "width": w,
            "height": h,
            "mime": "image/svg+xml",
        }
    return {
        "name": f"{key}.svg",
        "alternativeText": alternative_text,
        "shape": shape,
        "width": width,
        "height": height,
        "mime": "image/svg+xml",
        "url": f"{URL_PREFIX}/{key}/original.svg",
        "formats": formats,
    }


def write_files(media: dict[str, dict], out_dir: Path) -> int:
    """Writes every key's SVGs, removing folders of keys no longer used; returns the count."""
    count = 0
    if out_dir.exists():
        for stale in sorted(out_dir.iterdir()):
            if stale.is_dir() and stale.name not in media:
                for file in stale.glob("*.svg"):
                    file.unlink()
                stale.rmdir()
    for key, entry in sorted(media.items()):
        folder = out_dir / key
        folder.mkdir(parents=True, exist_ok=True)
        dims = sizes(entry["shape"])
        for name, (w, h) in dims.items():
            (folder / f"{name}.svg").write_text(svg(key, entry["shape"], w, h), encoding="utf-8")
            count += 1
    return count


def check_files(media: dict[str, dict], out_dir: Path) -> list[str]:
    problems = []
    for key, entry in sorted(media.items()):
        for name, (w, h) in sizes(entry["shape"]).items():
            path = out_dir / key / f"{name}.svg"
            expected = svg(key, entry["shape"], w, h)
            if not path.exists() or path.read_text(encoding="utf-8") != expected:
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
