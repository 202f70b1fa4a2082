#!/usr/bin/env python3
"""Checks the seed against the model in cms-schema/src, without a running Strapi.

Every field must be an attribute of its content type or component, required fields must be
set, enumeration values allowed, uids unique, relations must point at existing seed ids,
media keys must exist in media.json (and their SVG files on disk), and ids must follow
creation dates. Prints each problem; exits 1 when there is any.

    python cms-schema/tools/check_seed.py [--seed cms-schema/seed] [--schema cms-schema/src]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_media  # noqa: E402

CMS_SCHEMA_DIR = Path(__file__).resolve().parent.parent
STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
DAY = re.compile(r"^\d{4}-\d\d-\d\d$")
UID = re.compile(r"^[A-Za-z0-9\-_.~]+$")


def load_model(src: Path) -> tuple[dict, dict]:
    types, components = {}, {}
    for path in sorted(src.glob("api/*/content-types/*/schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        name = schema["info"]["singularName"]
        types[f"api::{name}.{name}"] = schema
    for path in sorted(src.glob("components/*/*.json")):
        components[f"{path.parent.name}.{path.stem}"] = json.loads(path.read_text("utf-8"))
    return types, components


class Checker:
    def __init__(self, types: dict, components: dict, seed: dict, media: dict) -> None:
        self.types, self.components, self.seed, self.media = types, components, seed, media
        self.problems: list[str] = []
        self.ids = {
            uid: {entry["id"] for entry in (value if isinstance(value, list) else [value])}
            for uid, value in seed.items()
        }

    def fail(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def value(self, where: str, spec: dict, value) -> None:
        kind = spec["type"]
        if value is None:
            if spec.get("required"):
                self.fail(where, "required but empty")
            return
        if kind in ("string", "text", "richtext", "uid"):
            if not isinstance(value, str):
                self.fail(where, f"expected text, got {value!r}")
            elif spec.get("regex") and not re.search(spec["regex"], value):
                self.fail(where, f"{value!r} does not match {spec['regex']}")
            elif kind == "uid" and not UID.match(value):
                self.fail(where, f"{value!r} is not a valid uid")
        elif kind == "integer":
            if not isinstance(value, int) or isinstance(value, bool):
                self.fail(where, f"expected an integer, got {value!r}")
            elif ("min" in spec and value < spec["min"]) or ("max" in spec and value > spec["max"]):
                self.fail(where, f"{value} outside {spec.get('min')}..{spec.get('max')}")
        elif kind == "decimal":
            if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
                self.fail(where, f"expected a non-negative number, got {value!r}")
        elif kind == "date":
            if not isinstance(value, str) or not DAY.match(value):
                self.fail(where, f"expected YYYY-MM-DD, got {value!r}")
        elif kind == "enumeration":
            if value not in spec["enum"]:
                self.fail(where, f"{value!r} not one of {spec['enum']}")
        elif kind == "media":
            keys = value if spec.get("multiple") else [value]
            if spec.get("multiple") != isinstance(value, list):
                self.fail(where, "single/multiple media mismatch")
            for key in keys if isinstance(keys, list) else []:
                if key not in self.media:
                    self.fail(where, f"unknown media key {key!r}")
        elif kind == "relation":
            if spec.get("mappedBy"):
                self.fail(where, "inverse side of a relation; set the owning side instead")
                return
            many = spec["relation"] in ("oneToMany", "manyToMany")
            ids = value if many else [value]
            if many != isinstance(value, list):
                self.fail(where, f"{spec['relation']} expects {'a list' if many else 'one id'}")
                return
            for seed_id in ids:
                if seed_id not in self.ids.get(spec["target"], set()):
                    self.fail(where, f"no {spec['target']} with id {seed_id!r}")
        elif kind == "component":
            items = value if spec.get("repeatable") else [value]
            if spec.get("repeatable") != isinstance(value, list):
                self.fail(where, "repeatable/single component mismatch")
                return
            attributes = self.components[spec["component"]]["attributes"]
            for n, item in enumerate(items):
                self.fields(f"{where}[{n}]", attributes, item, ())

    def fields(self, where: str, attributes: dict, entry: dict, extra: tuple[str, ...]) -> None:
        for field in entry:
            if field not in attributes and field not in extra:
                self.fail(where, f"unknown field {field!r}")
        for field, spec in attributes.items():
            if field in entry:
                self.value(f"{where}.{field}", spec, entry[field])
            elif spec.get("required"):
                self.fail(f"{where}.{field}", "required but missing")

    def run(self) -> list[str]:
        for uid, value in self.seed.items():
            schema = self.types.get(uid)
            if schema is None:
                self.fail(uid, "no schema in the model")
                continue
            entries = value if isinstance(value, list) else [value]
            if (schema["kind"] == "singleType") == isinstance(value, list):
                self.fail(uid, "single types are one object, collection types a list")
            seen: dict[tuple[str, object], int] = {}
            previous = None
            for entry in sorted(entries, key=lambda item: item.get("id", 0)):
                where = f"{uid}#{entry.get('id')}"
                if not isinstance(entry.get("id"), int):
                    self.fail(where, "missing integer id")
                if not STAMP.match(str(entry.get("created_at", ""))):
                    self.fail(where, "created_at must look like 2021-04-05T11:45:00.000Z")
                elif previous and entry["created_at"] < previous:
                    self.fail(where, "ids must follow created_at order")
                previous = entry.get("created_at")
                self.fields(where, schema["attributes"], entry, ("id", "created_at"))
                for field, spec in schema["attributes"].items():
                    if spec["type"] == "uid" or spec.get("unique"):
                        key = (field, entry.get(field))
                        if key in seen:
                            self.fail(where, f"{field} {entry.get(field)!r} also in #{seen[key]}")
                        seen[key] = entry.get("id")
        return self.problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=CMS_SCHEMA_DIR / "seed")
    parser.add_argument("--schema", type=Path, default=CMS_SCHEMA_DIR / "src")
    args = parser.parse_args(argv)
    types, components = load_model(args.schema)
    index = json.loads((args.seed / "index.json").read_text(encoding="utf-8"))
    media = json.loads((args.seed / index["media"]).read_text(encoding="utf-8"))
    seed = {
        item["uid"]: json.loads((args.seed / item["file"]).read_text(encoding="utf-8"))
        for item in index["content_types"]
    }
    problems = Checker(types, components, seed, media).run()
    problems += [
        f"media file missing or stale: {path}"
        for path in generate_media.check_files(media, args.seed / "media")
    ]
    problems += [f"{uid}: in the model but not in the seed" for uid in types if uid not in seed]
    for problem in problems:
        print(problem, file=sys.stderr)
    entries = sum(len(v) if isinstance(v, list) else 1 for v in seed.values())
    print(
        f"{len(seed)} content types, {entries} entries, {len(media)} media keys: "
        f"{'OK' if not problems else f'{len(problems)} problem(s)'}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
