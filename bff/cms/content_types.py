"""The content types of the CMS, read from the Strapi v5 schemas in cms-schema/src."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..platform.config import REPO_ROOT

SCHEMA_ROOT = REPO_ROOT / "cms-schema" / "src"
# Every entry's number on the site (its URLs, purge tags): Strapi's own id changes with each
# publish, this one never (cms-schema/src/index.js). The gateway answers it as the entry's id.
PUBLIC_ID = "public_id"


@dataclass(frozen=True)
class ContentType:
    uid: str  # api::lesson.lesson
    singular: str  # lesson
    plural: str  # lessons
    kind: str  # collectionType | singleType
    attributes: dict
    drafts: bool = False  # Draft & Publish: editors' changes are drafts until published

    @property
    def rest_path(self) -> str:
        """Strapi serves single types under their singular name, collections under the plural."""
        return self.singular if self.kind == "singleType" else self.plural


@dataclass(frozen=True)
class Model:
    types: dict[str, ContentType]  # by uid
    components: dict[str, dict]  # "lesson.chapter" -> attributes

    def by_path(self, rest_path: str) -> ContentType:
        for content_type in self.types.values():
            if content_type.rest_path == rest_path:
                return content_type
        raise KeyError(rest_path)

    def entries_in(self, content_type: ContentType, populate: dict, entries: list) -> set[str]:
        """The collection entries an answer shows, as purge tags ("teachers:4"): the entries
        themselves and every entry their populated relations reach, inside components too."""
        found: set[str] = set()

        def walk(attributes: dict, spec: dict, value, own: ContentType | None) -> None:
            for item in value if isinstance(value, list) else [value]:
                if not isinstance(item, dict):
                    continue
                if own is not None and own.kind == "collectionType" and "id" in item:
                    found.add(f"{own.plural}:{item['id']}")
                for name, nested in spec.items():
                    attribute = attributes.get(name, {})
                    if attribute.get("type") == "relation":
                        target = self.types[attribute["target"]]
                        walk(target.attributes, nested, item.get(name), target)
                    elif attribute.get("type") == "component":
                        components = self.components[attribute["component"]]
                        walk(components, nested, item.get(name), None)

        walk(content_type.attributes, populate, entries, content_type)
        return found

    def types_in(self, collection: str | None, populate: dict) -> set[str]:
        """The content types an answer is made of, as purge tags: purging any of them purges
        the answer."""
        tags = {collection} if collection else set()

        def walk(attributes: dict, spec: dict) -> None:
            for name, nested in spec.items():
                attribute = attributes.get(name, {})
                if attribute.get("type") == "relation":
                    target = self.types[attribute["target"]]
                    tags.add(target.rest_path)
                    walk(target.attributes, nested)
                elif attribute.get("type") == "component":
                    walk(self.components[attribute["component"]], nested)

        if collection:
            walk(self.by_path(collection).attributes, populate)
        return tags


@cache
def load_model(root: Path = SCHEMA_ROOT) -> Model:
    types = {}
    for schema_file in sorted(root.glob("api/*/content-types/*/schema.json")):
        schema = json.loads(schema_file.read_text())
        api_name = schema_file.parent.name
        uid = f"api::{api_name}.{api_name}"
        types[uid] = ContentType(
            uid=uid,
            singular=schema["info"]["singularName"],
            plural=schema["info"]["pluralName"],
            kind=schema["kind"],
            attributes=schema["attributes"],
            drafts=bool(schema.get("options", {}).get("draftAndPublish")),
        )
    components = {
        f"{path.parent.name}.{path.stem}": json.loads(path.read_text())["attributes"]
        for path in sorted(root.glob("components/*/*.json"))
    }
    return Model(types=types, components=components)
