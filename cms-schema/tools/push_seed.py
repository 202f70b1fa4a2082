#!/usr/bin/env python3
"""Pushes the seed content (cms-schema/seed) into a running Strapi 5 through its REST API.

    python cms-schema/tools/push_seed.py --url http://127.0.0.1:1337 --token TOKEN \\
        [--seed cms-schema/seed] [--map-out seed-map.json] [--workers 4] [--only-missing]

Media are uploaded first (PNG renditions of the seed's images, so Strapi makes its own
thumbnail/small/medium formats), then entries in the dependency order of seed/index.json,
with relations given by documentId, each entry created published under its seed id (its
`public_id`, the number in the site's URLs). The schema files in cms-schema/src tell which fields
are relations, media or components. Entries are matched by a natural key (slug, or the fields in
NATURAL_KEYS): a second run updates what the first created instead of duplicating it, or, with
--only-missing, creates only what is missing, which resumes a push cut short.

With --workers N, N entries of a type are sent at once (a large catalogue: grow_catalogue.py).
Strapi stamps createdAt itself, so entries sent together may take each other's place in its
creation order; the default, one at a time, keeps the seed's order exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_media  # noqa: E402

CMS_SCHEMA_DIR = Path(__file__).resolve().parent.parent
SEED_FIELDS_NOT_IN_CMS = {"id", "created_at"}
# Every write publishes (the types have drafts): the seed is the site's published content.
PUBLISHED = "status=published"

# Strapi answers at most 100 entries a page, whatever is asked.
PAGE = 100
# At most this many requests at once: Strapi writes into SQLite one transaction at a time.
MAX_WORKERS = 8

# How an existing entry is recognised, for content types without a slug.
NATURAL_KEYS = {
    "api::difficulty-level.difficulty-level": ["value"],
    "api::author.author": ["name"],
    "api::teacher.teacher": ["name"],
    "api::trainer.trainer": ["name"],
    "api::masterclass-chapter.masterclass-chapter": ["title"],
    "api::masterclass-episode.masterclass-episode": ["chapter", "position"],
    "api::program-chapter.program-chapter": ["program", "position"],
}


class PushError(Exception):
    """A push step failed; the message says which and why."""


class Model:
    """Content types and components read from a Strapi src/ folder."""

    def __init__(self, src: Path) -> None:
        self.types: dict[str, dict] = {}
        self.components: dict[str, dict] = {}
        for path in sorted(src.glob("api/*/content-types/*/schema.json")):
            schema = json.loads(path.read_text(encoding="utf-8"))
            name = schema["info"]["singularName"]
            self.types[f"api::{name}.{name}"] = schema
        for path in sorted(src.glob("components/*/*.json")):
            self.components[f"{path.parent.name}.{path.stem}"] = json.loads(
                path.read_text(encoding="utf-8")
            )
        if not self.types:
            raise PushError(f"no content-type schemas found under {src}")

    def attributes(self, uid: str) -> dict:
        return self.types[uid]["attributes"]

    def endpoint(self, uid: str) -> str:
        info = self.types[uid]["info"]
        kind = self.types[uid]["kind"]
        return info["singularName"] if kind == "singleType" else info["pluralName"]


def json_value(where: str, value: object) -> object:
    """A JSON field's value as Strapi stores it (an exercise's comments, alternatives and
    mistakes: lists of texts and objects); a value JSON cannot hold stops the push here rather
    than as Strapi's 400."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise PushError(f"{where}: not a JSON value ({error})") from error


class Strapi:
    """A thin REST client: JSON in and out, Strapi's error message on failure. Safe to share
    between threads: each has a connection (a requests session) of its own."""

    def __init__(self, url: str, token: str, timeout: float) -> None:
        self.base = url.rstrip("/")
        self.timeout = timeout
        self.token = token
        self.local = threading.local()

    @property
    def session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
            self.local.session.headers["Authorization"] = f"Bearer {self.token}"
        return self.local.session

    def call(self, method: str, path: str, **kwargs) -> object:
        try:
            response = self.session.request(
                method, f"{self.base}{path}", timeout=self.timeout, **kwargs
            )
        except requests.RequestException as error:
            raise PushError(f"{method} {path}: {error}") from error
        try:
            body = response.json()
        except ValueError:
            body = None
        if response.status_code >= 400:
            detail = body.get("error") if isinstance(body, dict) else None
            message = detail.get("message") if isinstance(detail, dict) else response.text[:300]
            if isinstance(detail, dict) and detail.get("details"):
                message = f"{message} {json.dumps(detail['details'])[:500]}"
            raise PushError(f"{method} {path}: HTTP {response.status_code}: {message}")
        return body


class Pusher:
    def __init__(
        self,
        strapi: Strapi,
        model: Model,
        seed_dir: Path,
        log,
        workers: int = 1,
        only_missing: bool = False,
    ) -> None:
        if not 1 <= workers <= MAX_WORKERS:
            raise PushError(f"workers must be between 1 and {MAX_WORKERS}, not {workers}")
        self.workers = workers
        self.only_missing = only_missing
        self.strapi = strapi
        self.model = model
        self.seed_dir = seed_dir
        self.log = log
        self.index = json.loads((seed_dir / "index.json").read_text(encoding="utf-8"))
        self.media = json.loads((seed_dir / self.index["media"]).read_text(encoding="utf-8"))
        self.media_ids: dict[str, int] = {}
        # uid -> seed id -> {"documentId", "id"}
        self.documents: dict[str, dict[int, dict]] = {}
        self.deferred: list[tuple[str, str, dict]] = []  # (uid, documentId, data)
        self.outcomes: Counter = Counter()  # entries created, updated and kept, all types

    # -- media ---------------------------------------------------------------------------------

    def upload_media(self) -> None:
        existing = self.strapi.call("GET", "/api/upload/files")
        by_name = {item["name"]: item["id"] for item in existing or []}
        uploaded = 0
        for key, entry in self.media.items():
            file_name = entry["name"]
            if file_name in by_name:
                self.media_ids[key] = by_name[file_name]
                continue
            info = {"name": file_name, "alternativeText": entry["alternativeText"]}
            body = self.strapi.call(
                "POST",
                "/api/upload",
                files={"files": (file_name, self.image(key), entry["mime"])},
                data={"fileInfo": json.dumps(info)},
            )
            self.media_ids[key] = body[0]["id"]
            uploaded += 1
        self.log(f"media: {uploaded} uploaded, {len(self.media) - uploaded} already there")

    def image(self, key: str) -> bytes:
        """The full-size WebP of a key; Strapi makes its thumbnail, small and medium from it."""
        path = generate_media.original_file(self.seed_dir, key)
        if not path.is_file():
            raise PushError(f"media file missing: {path} (run cms-schema/tools/generate_media.py)")
        return path.read_bytes()

    # -- values --------------------------------------------------------------------------------

    def media_value(self, spec: dict, value):
        if value is None:
            return [] if spec.get("multiple") else None
        keys = value if isinstance(value, list) else [value]
        missing = [key for key in keys if key not in self.media_ids]
        if missing:
            raise PushError(f"unknown media key(s) {missing}")
        ids = [self.media_ids[key] for key in keys]
        return ids if spec.get("multiple") else ids[0]

    def component_value(self, name: str, value: dict) -> dict:
        attributes = self.model.components[name]["attributes"]
        out = {}
        for field, item in value.items():
            spec = attributes.get(field)
            if spec is None:
                raise PushError(f"component {name} has no attribute {field!r}")
            if spec["type"] == "media":
                out[field] = self.media_value(spec, item)
            elif spec["type"] == "component":
                out[field] = self.component_field(spec, item)
            elif spec["type"] == "json":
                out[field] = json_value(f"{name}.{field}", item)
            else:
                out[field] = item
        return out

    def component_field(self, spec: dict, value):
        if value is None:
            return [] if spec.get("repeatable") else None
        if spec.get("repeatable"):
            return [self.component_value(spec["component"], item) for item in value]
        return self.component_value(spec["component"], value)

    def relation_ids(self, target: str, value) -> list[str] | None:
        """documentIds of the seed ids in value, or None when the target is not pushed yet."""
        if target not in self.documents:
            return None
        seed_ids = [] if value is None else value if isinstance(value, list) else [value]
        try:
            return [self.documents[target][seed_id]["documentId"] for seed_id in seed_ids]
        except KeyError as error:
            raise PushError(f"relation to unknown {target} id {error}") from error

    def data_for(self, uid: str, entry: dict) -> tuple[dict, dict]:
        """Strapi body of an entry: (data to send now, relations to send after all types)."""
        attributes = self.model.attributes(uid)
        now, later = {}, {}
        if "public_id" in attributes:
            now["public_id"] = entry.get("id", 1)
        for field, value in entry.items():
            if field in SEED_FIELDS_NOT_IN_CMS:
                continue
            spec = attributes.get(field)
            if spec is None:
                raise PushError(f"{uid} has no attribute {field!r} (seed and schema disagree)")
            kind = spec["type"]
            if kind == "relation":
                target = spec["target"]
                if target == uid:
                    later[field] = value
                    continue
                ids = self.relation_ids(target, value)
                if ids is None:
                    later[field] = value
                else:
                    now[field] = {"set": ids}
            elif kind == "media":
                now[field] = self.media_value(spec, value)
            elif kind == "component":
                now[field] = self.component_field(spec, value)
            else:
                now[field] = value
        return now, later

    # -- entries -------------------------------------------------------------------------------

    def natural_key(self, uid: str) -> list[str]:
        fields = NATURAL_KEYS.get(uid) or (["slug"] if "slug" in self.model.attributes(uid) else [])
        if not fields:
            raise PushError(f"{uid}: no natural key to recognise existing entries")
        return fields

    def existing(self, uid: str) -> dict[tuple, dict]:
        """documentId and id of every entry of the type already in Strapi, by natural key: read in
        pages of a hundred, so that a push into a full Strapi asks once per page, not per entry."""
        attributes = self.model.attributes(uid)
        fields = self.natural_key(uid)
        params = ["fields[0]=documentId", "sort[0]=id:asc", f"pagination[limit]={PAGE}"]
        scalars = [field for field in fields if attributes[field]["type"] != "relation"]
        params += [f"fields[{n + 1}]={field}" for n, field in enumerate(scalars)]
        params += [
            f"populate[{field}][fields][0]=documentId" for field in fields if field not in scalars
        ]
        path = f"/api/{self.model.endpoint(uid)}?{'&'.join(params)}"
        found: dict[tuple, dict] = {}
        start, total = 0, 1
        while start < total:
            body = self.strapi.call("GET", f"{path}&pagination[start]={start}")
            total = body["meta"]["pagination"]["total"]
            for item in body["data"]:
                key = tuple(
                    str(item[field]) if field in scalars else (item[field] or {}).get("documentId")
                    for field in fields
                )
                if key in found:
                    raise PushError(
                        f"{uid}: more than one entry has {dict(zip(fields, key, strict=True))}; "
                        "remove the duplicates or push into an empty Strapi"
                    )
                found[key] = {"documentId": item["documentId"], "id": item["id"]}
            start += PAGE
            if not body["data"]:
                break
        return found

    def key_of(self, uid: str, entry: dict) -> tuple:
        attributes = self.model.attributes(uid)
        key = []
        for field in self.natural_key(uid):
            spec = attributes[field]
            if spec["type"] == "relation":
                key.append((self.relation_ids(spec["target"], entry[field]) or [None])[0])
            else:
                key.append(str(entry[field]))
        return tuple(key)

    def push_collection(self, uid: str, entries: list[dict]) -> None:
        endpoint = self.model.endpoint(uid)
        existing = self.existing(uid)
        counts = {"created": 0, "updated": 0, "kept": 0}
        self.documents[uid] = {}

        def send(entry: dict) -> tuple[str, dict, dict]:
            data, later = self.data_for(uid, entry)
            found = existing.get(self.key_of(uid, entry))
            if found and self.only_missing:
                return "kept", found, later
            if found:
                path = f"/api/{endpoint}/{found['documentId']}?{PUBLISHED}"
                saved = self.strapi.call("PUT", path, json={"data": data})["data"]
                return "updated", saved, later
            path = f"/api/{endpoint}?{PUBLISHED}"
            return "created", self.strapi.call("POST", path, json={"data": data})["data"], later

        # Seed ids follow creation dates, so pushing in id order keeps Strapi's createdAt order
        # (one worker: exactly; several: but for entries sent at the same moment).
        ordered = sorted(entries, key=lambda item: item["id"])
        for entry, (outcome, saved, later) in zip(ordered, self.each(send, ordered), strict=True):
            counts[outcome] += 1
            self.outcomes[outcome] += 1
            self.documents[uid][entry["id"]] = {
                "documentId": saved["documentId"],
                "id": saved["id"],
            }
            if later:  # kept entries too: a push cut short may not have set them
                self.deferred.append((uid, saved["documentId"], later))
        kept = f", {counts['kept']} kept" if self.only_missing else ""
        self.log(f"{endpoint}: {counts['created']} created, {counts['updated']} updated{kept}")

    def each(self, send, items: list) -> list:
        """send(item) for every item, ``workers`` at a time; the answers in the items' order.
        The first failure stops the push (what was sent is in Strapi: run again to go on)."""
        if self.workers == 1:
            return [send(item) for item in items]
        failed = threading.Event()

        def guarded(item):
            if failed.is_set():  # items are taken in order: the failure surfaces, not this
                raise PushError("not sent: an earlier request failed")
            try:
                return send(item)
            except BaseException:
                failed.set()
                raise

        pool = ThreadPoolExecutor(self.workers)
        try:
            return list(pool.map(guarded, items))
        finally:
            pool.shutdown(cancel_futures=True)

    def push_single(self, uid: str, entry: dict) -> None:
        data, later = self.data_for(uid, entry)
        endpoint = self.model.endpoint(uid)
        saved = self.strapi.call("PUT", f"/api/{endpoint}?{PUBLISHED}", json={"data": data})["data"]
        self.documents[uid] = {
            entry.get("id", 1): {"documentId": saved["documentId"], "id": saved["id"]}
        }
        if later:
            raise PushError(f"{uid}: single types cannot refer to types pushed after them")
        self.log(f"{endpoint}: set")

    def push_deferred(self) -> None:
        def send(item: tuple[str, str, dict]) -> None:
            uid, document_id, later = item
            attributes = self.model.attributes(uid)
            data = {}
            for field, value in later.items():
                ids = self.relation_ids(attributes[field]["target"], value)
                if ids is None:
                    raise PushError(f"{uid}.{field}: target type is not in the seed")
                data[field] = {"set": ids}
            self.strapi.call(
                "PUT",
                f"/api/{self.model.endpoint(uid)}/{document_id}?{PUBLISHED}",
                json={"data": data},
            )

        self.each(send, self.deferred)
        if self.deferred:
            self.log(f"relations set afterwards: {len(self.deferred)} entries")

    def run(self) -> dict:
        for item in self.index["content_types"]:
            if item["uid"] not in self.model.types:
                raise PushError(f"seed type {item['uid']} has no schema in the model")
        self.upload_media()
        for item in self.index["content_types"]:
            value = json.loads((self.seed_dir / item["file"]).read_text(encoding="utf-8"))
            if item["kind"] == "singleType":
                self.push_single(item["uid"], value)
            else:
                self.push_collection(item["uid"], value)
        self.push_deferred()
        return {
            "strapi": self.strapi.base,
            "media": self.media_ids,
            "entries": {
                uid: {str(seed_id): ids for seed_id, ids in sorted(documents.items())}
                for uid, documents in self.documents.items()
            },
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="Strapi base URL, e.g. http://127.0.0.1:1337")
    token = parser.add_mutually_exclusive_group(required=True)
    token.add_argument("--token", help="a full-access API token")
    token.add_argument("--token-file", type=Path, help="file holding the token")
    parser.add_argument("--seed", type=Path, default=CMS_SCHEMA_DIR / "seed", help="seed folder")
    parser.add_argument(
        "--schema",
        type=Path,
        default=CMS_SCHEMA_DIR / "src",
        help="the model's src folder (default: cms-schema/src)",
    )
    parser.add_argument(
        "--map-out", type=Path, help="write the seed id -> Strapi documentId/id mapping here (JSON)"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per request")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help=f"entries sent at once, 1 to {MAX_WORKERS} (default 1: Strapi's createdAt order "
        "then follows the seed's exactly)",
    )
    parser.add_argument(
        "--only-missing",
        action="store_true",
        help="leave entries already in Strapi as they are (resumes a push cut short)",
    )
    args = parser.parse_args(argv)

    token_value = args.token or args.token_file.read_text(encoding="utf-8").strip()
    started = time.monotonic()
    try:
        pusher = Pusher(
            Strapi(args.url, token_value, args.timeout),
            Model(args.schema),
            args.seed,
            log=lambda line: print(line, flush=True),
            workers=args.workers,
            only_missing=args.only_missing,
        )
        mapping = pusher.run()
    except PushError as error:
        print(f"push failed: {error}", file=sys.stderr)
        return 1
    if args.map_out:
        args.map_out.parent.mkdir(parents=True, exist_ok=True)
        args.map_out.write_text(json.dumps(mapping, indent=2) + "\n", encoding="utf-8")
        print(f"mapping written to {args.map_out}")
    print(f"done in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
