#!/usr/bin/env python3
"""Compares what a Strapi 5 serves with the seed, entry by entry, after push_seed.py.

Reads every entry through the REST API with the BFF's read-only token (as the BFF would),
then checks that every entry is published under its seed id (its `public_id`), its scalar
fields, JSON fields (an exercise's comments, alternatives and mistakes, whatever order the
database keeps their keys in), component fields and relations, and that every media field
holds the uploaded file of its key.

    python cms-schema/tools/verify_push.py --url http://127.0.0.1:1337 \
        --token "$(cat .secrets/bff-token)"
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_media  # noqa: E402
from push_seed import CMS_SCHEMA_DIR, SEED_FIELDS_NOT_IN_CMS, Model  # noqa: E402

PAGE = 100  # Strapi's maxLimit


def fetch_all(session: requests.Session, base: str, model: Model, uid: str) -> dict[int, dict]:
    """Every entry of a type with relations, media and components populated, and the
    components inside components (a chapter's key positions and exercises) too."""
    endpoint = model.endpoint(uid)
    populate = "&".join(populate_params(model, model.attributes(uid)))
    if model.types[uid]["kind"] == "singleType":
        body = session.get(f"{base}/api/{endpoint}?{populate}", timeout=30).json()
        return {body["data"]["public_id"]: body["data"]}
    out, start = {}, 0
    while True:
        url = (
            f"{base}/api/{endpoint}?pagination[start]={start}&pagination[limit]={PAGE}"
            f"&sort=public_id:asc&{populate}"
        )
        body = session.get(url, timeout=30).json()
        for item in body["data"]:
            out[item["public_id"]] = item
        start += PAGE
        if start >= body["meta"]["pagination"]["total"]:
            return out


def populate_params(model: Model, attributes: dict) -> list[str]:
    params = []
    for field, spec in attributes.items():
        if spec["type"] not in ("relation", "media", "component"):
            continue
        inner = []
        if spec["type"] == "component":
            inner = [
                name
                for name, sub in model.components[spec["component"]]["attributes"].items()
                if sub["type"] == "component"
            ]
        if inner:
            params += [f"populate[{field}][populate][{name}]=true" for name in inner]
        else:
            params.append(f"populate[{field}]=true")
    return params


def compare(where: str, attributes: dict, seed: dict, served: dict, model, problems):
    for field, value in seed.items():
        if field in SEED_FIELDS_NOT_IN_CMS:
            continue
        spec = attributes[field]
        got = served.get(field)
        kind = spec["type"]
        if kind == "relation":
            expected = value if isinstance(value, list) else [] if value is None else [value]
            items = got if isinstance(got, list) else [] if got is None else [got]
            if sorted(item["public_id"] for item in items) != sorted(expected):
                problems.append(f"{where}.{field}: relation differs")
        elif kind == "media":
            keys = value if isinstance(value, list) else [] if value is None else [value]
            files = got if isinstance(got, list) else [] if got is None else [got]
            if [f"{key}.{generate_media.EXT}" for key in keys] != [item["name"] for item in files]:
                problems.append(f"{where}.{field}: media differs")
            for item in files:
                if not {"thumbnail", "small", "medium"} <= set(item.get("formats") or {}):
                    problems.append(f"{where}.{field}: missing responsive formats")
        elif kind == "component":
            component = model.components[spec["component"]]["attributes"]
            seeds = value if spec.get("repeatable") else [] if value is None else [value]
            items = got if spec.get("repeatable") else [] if got is None else [got]
            if len(seeds) != len(items or []):
                problems.append(f"{where}.{field}: {len(items or [])} items, seed has {len(seeds)}")
                continue
            for n, (seed_item, item) in enumerate(zip(seeds, items, strict=True)):
                scalars = {k: v for k, v in seed_item.items() if component[k]["type"] != "media"}
                compare(f"{where}.{field}[{n}]", component, scalars, item, model, problems)
        elif kind == "json":
            if canonical(got) != canonical(value):
                problems.append(f"{where}.{field}: {got!r} != seed {value!r}")
        elif got != value:
            problems.append(f"{where}.{field}: {got!r} != seed {value!r}")
    for field, spec in attributes.items():
        # A JSON field the seed leaves out must be empty in Strapi too (an exercise made without
        # alternatives must not keep those of an earlier push).
        if spec["type"] == "json" and field not in seed and served.get(field) not in (None, []):
            problems.append(f"{where}.{field}: {served[field]!r}, the seed has none")


def canonical(value: object) -> str:
    """A JSON value as text with sorted keys: Strapi's databases keep JSON in their own order
    (PostgreSQL's jsonb sorts keys), and some answer it as text."""
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = json.loads(value)
    return json.dumps(value, sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument(
        "--token", required=True, help="the BFF's read-only token (Strapi serves no anonymous read)"
    )
    parser.add_argument("--seed", type=Path, default=CMS_SCHEMA_DIR / "seed")
    parser.add_argument("--schema", type=Path, default=CMS_SCHEMA_DIR / "src")
    args = parser.parse_args(argv)

    model = Model(args.schema)
    index = json.loads((args.seed / "index.json").read_text(encoding="utf-8"))
    session = requests.Session()
    if args.token:
        session.headers["Authorization"] = f"Bearer {args.token}"
    base = args.url.rstrip("/")

    problems: list[str] = []
    checked = 0
    for item in index["content_types"]:
        uid = item["uid"]
        seed = json.loads((args.seed / item["file"]).read_text(encoding="utf-8"))
        entries = seed if isinstance(seed, list) else [seed]
        served = fetch_all(session, base, model, uid)
        if len(served) != len(entries):
            problems.append(f"{uid}: Strapi has {len(served)} entries, seed {len(entries)}")
        for entry in entries:
            got = served.get(entry.get("id", 1))
            if got is None:
                problems.append(f"{uid}#{entry['id']}: not served")
                continue
            compare(f"{uid}#{entry['id']}", model.attributes(uid), entry, got, model, problems)
            checked += 1
    for problem in problems[:50]:
        print(problem, file=sys.stderr)
    print(f"{checked} entries compared: {'OK' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
