#!/usr/bin/env python3
"""Writes a catalogue many times the seed's size, made from the seed, to measure how the site
copes as the catalogue grows (bench/catalogue-scale.py).

    python cms-schema/tools/grow_catalogue.py OUT [--factor 100] [--seed cms-schema/seed]

OUT becomes a complete seed folder, read like cms-schema/seed by the embedded store
(`CMS_SEED_PATH=OUT`), check_seed.py (`--seed OUT --grown`) and push_seed.py (`--seed OUT`):

- lessons, programs, their chapters and articles: ``factor`` copies of the seed's, in blocks
  (copy c of seed entry i has id ``c * count + i``); a copy's title ends in ``(c + 1)`` and its
  slug in ``-<c + 1>``; each block's relations point into the same block of their target, so a
  program's chapters and related program are copies of the seed's;
- teachers, trainers and authors: up to as many people as the seed has squared (every first
  name with every last name), and the copies of a lesson, program or article spread over them;
- levels, categories, topics, videos, the masterclass and the single types: the seed's as they
  are (a site's taxonomy does not grow with its catalogue);
- creation dates spread evenly, in id order, over the seed's own span of each collection;
  articles are posted on the day they were created;
- media: the seed's media.json and media-art.json, its images by a symbolic link to the
  seed's media folder.

Deterministic: the same seed and factor give byte-identical files. Never writes into the seed.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_seed import load_model  # noqa: E402
from generate_media import ART_FILE  # noqa: E402

CMS_SCHEMA_DIR = Path(__file__).resolve().parent.parent
SEED_DIR = CMS_SCHEMA_DIR / "seed"
DEFAULT_FACTOR = 100

# Content that grows with the catalogue, and people who grow with it (name pairs).
CATALOGUE = (
    "api::lesson.lesson",
    "api::program.program",
    "api::program-chapter.program-chapter",
    "api::article.article",
)
PEOPLE = ("api::teacher.teacher", "api::trainer.trainer", "api::author.author")
STAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.000Z"


def grow(seed_dir: Path, out: Path, factor: int, schema_dir: Path) -> dict:
    """Writes the grown catalogue into ``out``; returns its index."""
    if factor < 1:
        raise ValueError("the factor must be at least 1")
    if out.resolve() == seed_dir.resolve() or seed_dir.resolve() in out.resolve().parents:
        raise ValueError(f"{out} is the seed folder: choose another one")
    types, _ = load_model(schema_dir)
    index = json.loads((seed_dir / "index.json").read_text(encoding="utf-8"))
    seed = {
        item["uid"]: json.loads((seed_dir / item["file"]).read_text(encoding="utf-8"))
        for item in index["content_types"]
    }
    counts = {uid: len(value) for uid, value in seed.items() if isinstance(value, list)}
    copies = {uid: _copies(uid, counts[uid], factor) for uid in counts}

    out.mkdir(parents=True, exist_ok=True)
    grown_index = {**index, "content_types": []}
    for item in index["content_types"]:
        uid, value = item["uid"], seed[item["uid"]]
        if isinstance(value, list) and copies[uid] > 1:  # else as it is, dates included
            value = _grown(uid, value, types[uid]["attributes"], counts, copies)
        _write(out / item["file"], value)
        count = len(value) if isinstance(value, list) else 1
        grown_index["content_types"].append({**item, "count": count})
    media_file = index.get("media", "media.json")
    (out / media_file).write_bytes((seed_dir / media_file).read_bytes())
    # What each image shows, which the seed checks compare the images with.
    (out / ART_FILE).write_bytes((seed_dir / ART_FILE).read_bytes())
    media = out / "media"
    if media.is_symlink() or media.exists():
        if not media.is_symlink():
            raise ValueError(f"{media} exists and is not a link to the seed's media")
        media.unlink()
    media.symlink_to((seed_dir / "media").resolve(), target_is_directory=True)
    _write(out / "index.json", grown_index)
    return grown_index


def _copies(uid: str, count: int, factor: int) -> int:
    if uid in CATALOGUE:
        return factor
    if uid in PEOPLE:
        return min(factor, count)  # every first name with every last name, at most
    return 1


def _grown(uid: str, entries: list[dict], attributes: dict, counts: dict, copies: dict):
    count, times = counts[uid], copies[uid]
    stamps = _stamps(entries, count * times)
    grown = []
    for copy in range(times):
        for position, entry in enumerate(entries):
            number = copy * count + position
            row = {**entry, "id": number + 1, "created_at": stamps[number]}
            if copy:
                _rename(row, entries, position, copy, uid in PEOPLE)
            for name, spec in attributes.items():
                if _owns_relation(spec) and row.get(name) is not None:
                    target = spec["target"]
                    row[name] = _moved(row[name], counts[target], copy % copies[target])
            if "date_posted" in row:
                row["date_posted"] = row["created_at"][:10]
            grown.append(row)
    return grown


def _rename(row: dict, entries: list[dict], position: int, copy: int, person: bool) -> None:
    if person:
        first = row["name"].split(" ", 1)[0]
        last = entries[(position + copy) % len(entries)]["name"].split(" ", 1)[-1]
        row["name"] = f"{first} {last}"
        return
    if "title" in row and "slug" in row:  # chapters keep theirs: their program tells them apart
        row["title"] = f"{row['title']} ({copy + 1})"
        row["slug"] = f"{row['slug']}-{copy + 1}"


def _owns_relation(spec: dict) -> bool:
    """A relation the seed writes on this side (the other side is derived from it)."""
    return spec.get("type") == "relation" and not spec.get("mappedBy")


def _moved(value, target_count: int, block: int):
    if isinstance(value, list):
        return [item + target_count * block for item in value]
    return value + target_count * block


def _stamps(entries: list[dict], total: int) -> list[str]:
    """``total`` creation times, evenly over the span of the seed's, in order."""
    first, last = (
        datetime.strptime(entries[i]["created_at"], STAMP_FORMAT).replace(tzinfo=UTC)
        for i in (0, -1)
    )
    step = (last - first) / max(total - 1, 1)
    minute = timedelta(minutes=1)
    return [(first + ((step * n) // minute) * minute).strftime(STAMP_FORMAT) for n in range(total)]


def _write(path: Path, value) -> None:
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write (not cms-schema/seed)")
    parser.add_argument("--factor", type=int, default=DEFAULT_FACTOR, help="copies of the seed")
    parser.add_argument("--seed", type=Path, default=SEED_DIR, help="the seed folder to grow")
    parser.add_argument("--schema", type=Path, default=CMS_SCHEMA_DIR / "src")
    args = parser.parse_args(argv)
    try:
        index = grow(args.seed, args.out, args.factor, args.schema)
    except ValueError as error:
        parser.error(str(error))
    for item in index["content_types"]:
        print(f"{item['count']:>7}  {item['file']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
