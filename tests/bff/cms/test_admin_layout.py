"""The admin panel's shipped configuration (cms-schema/src/admin-layout.json) against the model.

Without a Strapi: every label, help text and column names an attribute of the schemas, every
collection type has its list columns, sort and title field, and the rule towards editors' own
changes holds (cms-schema/src/admin-layout.js run by Node on a stand-in of Strapi's services).
A field renamed in a schema.json without its line in admin-layout.json fails here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[3] / "cms-schema" / "src"
LAYOUT = json.loads((SRC / "admin-layout.json").read_text())

# What the content-manager adds to every type's attributes (timestamps), besides the schema's.
TIMESTAMPS = {"createdAt": "datetime", "updatedAt": "datetime"}
# Types a list view cannot show, and types that can title an entry or sort a list.
NOT_LISTABLE = {"json", "password", "richtext", "dynamiczone", "blocks"}
TITLE_TYPES = {"string", "text", "uid", "email", "enumeration", "integer", "biginteger"}
SORT_TYPES = TITLE_TYPES | {"decimal", "float", "date", "datetime", "time", "boolean"}
METADATA_KEYS = {"label", "listLabel", "description", "placeholder", "editable"}


def schema_path(uid: str) -> Path:
    if uid.startswith("api::"):
        name = uid.removeprefix("api::").split(".")[0]
        return SRC / "api" / name / "content-types" / name / "schema.json"
    category, name = uid.split(".")
    return SRC / "components" / category / f"{name}.json"


def all_schemas() -> dict[str, dict]:
    found = {}
    for path in sorted(SRC.glob("api/*/content-types/*/schema.json")):
        found[f"api::{path.parent.name}.{path.parent.name}"] = json.loads(path.read_text())
    for path in sorted(SRC.glob("components/*/*.json")):
        found[f"{path.parent.name}.{path.stem}"] = json.loads(path.read_text())
    return found


SCHEMAS = all_schemas()
ENTRIES = {**LAYOUT["contentTypes"], **LAYOUT["components"]}


def attributes(uid: str) -> dict[str, str]:
    """The attributes editors see (name -> type): the schema's visible ones and the timestamps."""
    schema = SCHEMAS[uid]
    found = {
        name: attribute["type"]
        for name, attribute in schema["attributes"].items()
        if attribute.get("visible", True)
    }
    return {**found, **TIMESTAMPS} if uid.startswith("api::") else found


def test_every_entry_is_a_type_or_component_of_the_model():
    assert set(LAYOUT) == {"contentTypes", "components"}
    for uid in LAYOUT["contentTypes"]:
        assert uid.startswith("api::"), uid
        assert schema_path(uid).is_file(), uid
    for uid in LAYOUT["components"]:
        assert schema_path(uid).is_file(), uid


def test_every_label_and_help_text_names_an_attribute():
    for uid, entry in ENTRIES.items():
        names = attributes(uid)
        hidden = {
            name for name, a in SCHEMAS[uid]["attributes"].items() if a.get("visible") is False
        }
        for field, meta in entry["fields"].items():
            assert field not in hidden, f"{uid}: {field} is hidden from editors"
            assert field in names, f"{uid}: no attribute {field}"
            assert set(meta) <= METADATA_KEYS, (uid, field, set(meta) - METADATA_KEYS)
            assert meta.get("label"), (uid, field)
            for key in ("label", "listLabel", "description", "placeholder"):
                assert isinstance(meta.get(key, ""), str), (uid, field, key)
            assert isinstance(meta.get("editable", True), bool), (uid, field)


def test_every_field_editors_see_has_a_label():
    for uid in SCHEMAS:
        assert uid in ENTRIES, f"{uid} has no entry in admin-layout.json"
        fields = ENTRIES[uid]["fields"]
        missing = [name for name in attributes(uid) if name not in fields | TIMESTAMPS.keys()]
        assert not missing, f"{uid}: no label for {missing}"


def test_every_collection_type_has_columns_a_sort_and_a_title_field():
    for uid, schema in SCHEMAS.items():
        if schema.get("kind") != "collectionType":
            continue
        entry = LAYOUT["contentTypes"][uid]
        names = attributes(uid)
        assert entry.get("list"), f"{uid} has no list columns"
        assert len(set(entry["list"])) == len(entry["list"]), uid
        for column in entry["list"]:
            assert column in names, f"{uid}: no attribute {column} for a column"
            assert names[column] not in NOT_LISTABLE, f"{uid}: {column} cannot be a column"
        assert names.get(entry.get("mainField")) in TITLE_TYPES, (uid, entry.get("mainField"))
        assert entry["mainField"] in entry["list"], f"{uid}: its title field is not a column"
        assert names.get(entry.get("defaultSortBy")) in SORT_TYPES, (uid, entry["defaultSortBy"])
        assert entry.get("defaultSortOrder") in ("ASC", "DESC"), uid


def test_components_have_a_title_field():
    for uid, entry in LAYOUT["components"].items():
        assert attributes(uid).get(entry.get("mainField")) in TITLE_TYPES, uid


def test_examples_editors_were_promised():
    lesson = LAYOUT["contentTypes"]["api::lesson.lesson"]
    assert lesson["fields"]["duration"]["label"] == "Duration (seconds)"
    assert lesson["fields"]["subscription_level"]["label"] == "Who can watch"
    assert lesson["fields"]["subscription_level"]["description"].startswith("Free: everyone.")
    article = LAYOUT["contentTypes"]["api::article.article"]
    assert article["fields"]["view_count"]["editable"] is False
    assert LAYOUT["components"]["hub.section"]["fields"]["limit"]["description"]


# The module itself, on a stand-in of the content-manager's services and Strapi's store ---------

RUN_STARTS = r"""
const { applyAdminLayout } = require(process.argv[1]);
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const store = new Map();
const configurations = {};
const warnings = [];

function defaults(model) {  // what the content-manager makes for a new model
  const metadatas = {};
  for (const name of Object.keys(model.attributes)) {
    metadatas[name] = {
      edit: { label: name, description: '', placeholder: '', visible: true, editable: true },
      list: { label: name, searchable: true, sortable: true },
    };
  }
  const first = Object.keys(model.attributes).find((n) => model.attributes[n].type === 'string');
  return {
    settings: { pageSize: 10, mainField: first || 'id', defaultSortBy: first || 'id',
      defaultSortOrder: 'ASC' },
    metadatas,
    layouts: { list: Object.keys(model.attributes).slice(0, 4), edit: [] },
  };
}

function service(find) {
  return {
    [find]: (uid) => input.models[uid],
    async findConfiguration(model) {
      configurations[model.uid] ??= defaults(model);
      return { uid: model.uid, ...structuredClone(configurations[model.uid]) };
    },
    async updateConfiguration(model, configuration) {
      Object.assign(configurations[model.uid], structuredClone(configuration));
    },
  };
}

const services = {
  'content-types': service('findContentType'),
  components: service('findComponent'),
};
const strapi = {
  plugin: () => ({ service: (name) => services[name] }),
  store: ({ type, name }) => ({
    get: async ({ key }) => store.get(`${type}_${name}_${key}`) ?? null,
    set: async ({ key, value }) => store.set(`${type}_${name}_${key}`, structuredClone(value)),
  }),
  log: { info: () => {}, warn: (message) => warnings.push(message) },
};

(async () => {
  const seen = [];
  for (const start of input.starts) {
    for (const [uid, changes] of Object.entries(start.editor || {})) {
      for (const [path, value] of Object.entries(changes)) {
        const keys = path.split('.');
        let node = configurations[uid];
        for (const key of keys.slice(0, -1)) node = node[key];
        node[keys[keys.length - 1]] = value;
      }
    }
    await applyAdminLayout(strapi, start.layout);
    seen.push(structuredClone(configurations));
  }
  console.log(JSON.stringify({ seen, warnings }));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def content_manager_model(uid: str) -> dict:
    """The model as the content-manager's services hand it over (relations with targetModel)."""
    model = {"uid": uid, "attributes": {}}
    for name, attribute in SCHEMAS[uid]["attributes"].items():
        if attribute.get("visible", True):
            attribute = dict(attribute)
            if attribute["type"] == "relation":
                attribute["targetModel"] = attribute["target"]
            model["attributes"][name] = attribute
    if uid.startswith("api::"):
        model["attributes"].update({name: {"type": kind} for name, kind in TIMESTAMPS.items()})
    return model


def starts(*runs: dict) -> dict:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    models = {uid: content_manager_model(uid) for uid in SCHEMAS}
    answer = subprocess.run(  # noqa: S603 - Node running the repository's own module
        [node, "-e", RUN_STARTS, str(SRC / "admin-layout.js")],
        input=json.dumps({"models": models, "starts": list(runs)}),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(answer.stdout)


LESSON = "api::lesson.lesson"


def test_the_first_start_applies_everything_without_a_warning():
    result = starts({"layout": LAYOUT})
    assert result["warnings"] == []
    lesson = result["seen"][0][LESSON]
    shipped = LAYOUT["contentTypes"][LESSON]
    assert lesson["layouts"]["list"] == shipped["list"]
    assert lesson["settings"]["mainField"] == "title"
    assert lesson["settings"]["defaultSortBy"] == shipped["defaultSortBy"]
    duration = lesson["metadatas"]["duration"]
    assert duration["edit"]["label"] == duration["list"]["label"] == "Duration (seconds)"
    assert duration["edit"]["description"] == shipped["fields"]["duration"]["description"]
    # relations show the target's title field
    assert lesson["metadatas"]["teacher"]["edit"]["mainField"] == "name"
    assert lesson["metadatas"]["difficulty_level"]["edit"]["mainField"] == "label"
    assert "public_id" not in lesson["metadatas"]
    components = result["seen"][0]["hub.section"]
    assert components["metadatas"]["limit"]["edit"]["label"] == "Number of items"


def test_editors_changes_stand_until_a_release_changes_that_very_value():
    release = json.loads(json.dumps(LAYOUT))
    fields = release["contentTypes"][LESSON]["fields"]
    fields["title"]["label"] = "Lesson title"
    fields["duration"]["description"] = "Seconds, all chapters together."
    editor = {
        LESSON: {
            "metadatas.duration.edit.label": "Length (s)",
            "layouts.list": ["title", "updatedAt"],
        }
    }
    result = starts(
        {"layout": LAYOUT},
        {"layout": LAYOUT, "editor": editor},  # the editor's change, then a restart
        {"layout": release},  # a release rewords two values
    )
    after_restart, after_release = (seen[LESSON] for seen in result["seen"][1:])
    assert after_restart["metadatas"]["duration"]["edit"]["label"] == "Length (s)"
    assert after_restart["layouts"]["list"] == ["title", "updatedAt"]
    assert after_restart["metadatas"]["title"]["edit"]["label"] == "Title"

    assert after_release["metadatas"]["title"]["edit"]["label"] == "Lesson title"
    duration = after_release["metadatas"]["duration"]["edit"]
    assert duration["description"] == "Seconds, all chapters together."
    assert duration["label"] == "Length (s)"
    assert after_release["layouts"]["list"] == ["title", "updatedAt"]


def test_a_name_that_is_not_in_the_model_is_skipped_with_a_warning():
    broken = json.loads(json.dumps(LAYOUT))
    broken["contentTypes"][LESSON]["fields"]["length"] = {"label": "Length"}
    broken["contentTypes"][LESSON]["list"] = ["title", "length"]
    result = starts({"layout": broken})
    assert any("length" in warning for warning in result["warnings"]), result["warnings"]
    lesson = result["seen"][0][LESSON]
    assert "length" not in lesson["metadatas"]
    assert lesson["metadatas"]["duration"]["edit"]["label"] == "Duration (seconds)"
