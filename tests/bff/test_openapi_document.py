"""The OpenAPI document is the contract the web client's types are generated from: who may call
each operation, one error envelope, one success envelope (docs/api.md)."""

from __future__ import annotations

import re

import pytest

from bff.app_context import app_context

MEMBERS_ONLY = {
    ("get", "/users/profile"),
    ("post", "/users/profile"),
    ("post", "/users/change_password"),
    ("post", "/users/change_email"),
    ("get", "/users/account/export"),
    ("post", "/users/account/delete"),
    ("get", "/subscriptions/membership"),
    ("post", "/subscriptions/manage"),
    ("post", "/subscriptions/store-purchases"),
    ("get", "/products/purchases"),
    ("post", "/content/unsubscribe"),
    ("post", "/content/progress"),
    ("get", "/content/positions/{item_type}/{item_id}"),
    ("put", "/content/positions/{item_type}/{item_id}"),
    ("get", "/content/continue"),
    ("get", "/content/progress/cards"),
    ("get", "/content/puzzles/next"),
    ("get", "/content/puzzles/pack"),
    ("post", "/content/puzzles/attempts"),
    ("get", "/content/puzzles/me"),
    ("get", "/content/puzzles/me/dashboard"),
    ("post", "/content/puzzles/{puzzle_id}/attempts"),
    ("post", "/content/puzzles/runs"),
    ("get", "/content/puzzles/runs/best"),
    ("get", "/content/puzzles/runs/{run_id}"),
    ("post", "/content/puzzles/runs/{run_id}/answers"),
    ("put", "/content/exercises/{exercise_id}"),
    ("get", "/content/review"),
    ("get", "/content/review/next"),
    ("post", "/subscriptions/web/checkout/new_subscription"),
    ("get", "/subscriptions/web/checkout/session/{session_id}"),
    ("post", "/products/purchase"),
    ("post", "/products/purchase/validate-payment"),
    ("post", "/users/devices"),
    ("delete", "/users/devices/{token}"),
    ("get", "/users/reminders"),
    ("put", "/users/reminders"),
    ("get", "/users/preferences"),
    ("patch", "/users/preferences"),
}
# Routes that read a member's token when one is sent (locks, prices, progress, the footer).
TOKEN_OPTIONAL = {
    ("get", "/cms/hubs/home"),
    ("get", "/cms/lessons"),
    ("get", "/cms/lessons/{lesson_id}"),
    ("get", "/cms/programs"),
    ("get", "/cms/programs/{program_id}"),
    ("get", "/cms/program-chapters/{chapter_id}"),
    ("get", "/cms/masterclass_episodes/{episode_id}"),
    ("get", "/cms/videos/{video_id}"),
    ("get", "/cms/search"),
    ("get", "/masterclasses/{slug}"),
    ("get", "/content/footer"),
    ("get", "/content/puzzles/daily"),
    ("get", "/content/puzzles/{puzzle_id}"),
    ("post", "/content/subscribe"),
    ("get", "/users/check"),
    ("get", "/users/check_email"),
}
REFRESHING = {("get", "/users/token_refresh")}
# Signing out without a session is no error (nothing is left to end).
SIGNING_OUT = {("get", "/users/logout")}
# Bare Strapi v3 dialect (docs/api.md), HTML pages and files: no {"data": ...} envelope.
NOT_ENVELOPED = ("/cms/", "/sandbox/", "/uploads/")


@pytest.fixture
def document(app):
    return app_context(app).api.spec.to_dict()


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, operation


def json_schema(response: dict) -> dict | None:
    return response.get("content", {}).get("application/json", {}).get("schema")


def resolve(document, schema: dict) -> dict:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def test_the_bearer_scheme_is_declared(document):
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearer"] == {**schemes["bearer"], "type": "http", "scheme": "bearer"}
    assert {"refresh_cookie", "refresh_header"} <= set(schemes)


def test_every_operation_has_its_own_operation_id(document):
    """Client generators (OpenAPI Generator for Kotlin and Swift, openapi-python-client) name
    each call by it: every operation has one, camelCase from its method, none twice."""
    found = [
        (operation.get("operationId"), method, path)
        for method, path, operation in operations(document)
    ]
    assert [(method, path) for name, method, path in found if not name] == []
    names = [name for name, _method, _path in found]
    assert sorted(name for name in set(names) if names.count(name) > 1) == []
    for name, method, path in found:
        assert re.fullmatch(rf"{method}[A-Z][A-Za-z0-9]*", name), (name, method, path)


def test_each_operation_says_who_may_call_it(document):
    for method, path, operation in operations(document):
        security = operation.get("security")
        key = (method, path)
        if key in MEMBERS_ONLY:
            assert security == [{"bearer": []}], key
        elif key in TOKEN_OPTIONAL:
            assert security == [{}, {"bearer": []}], key
        elif key in REFRESHING:
            assert security == [{"refresh_cookie": []}, {"refresh_header": []}], key
        elif key in SIGNING_OUT:
            assert security == [{}, {"refresh_cookie": []}, {"refresh_header": []}], key
        else:
            assert security is None, f"{key} reads no token, yet documents {security}"
        if security and any("bearer" in requirement for requirement in security):
            assert "401" in operation["responses"], key


def test_every_error_answer_is_the_error_envelope(document):
    envelope = {"$ref": "#/components/schemas/ErrorEnvelope"}
    for method, path, operation in operations(document):
        for status, response in operation["responses"].items():
            if status == "default" or status.startswith(("2", "3")) or path == "/healthz":
                continue
            if "$ref" in response:  # flask-smorest's shared responses use the error schema too
                response = document["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
            assert json_schema(response) == envelope, (method, path, status)


def test_every_success_body_is_data_once(document):
    for method, path, operation in operations(document):
        if path.startswith(NOT_ENVELOPED):
            continue
        for status, response in operation["responses"].items():
            schema = json_schema(response) if status.startswith("2") else None
            if schema is None:
                continue
            body = resolve(document, schema)
            assert list(body["properties"]) == ["data"], (method, path)
            inner = resolve(document, body["properties"]["data"])
            assert list(inner.get("properties", {})) != ["data"], f"{path}: data.data"


@pytest.mark.parametrize(("method", "path"), sorted(MEMBERS_ONLY))
def test_members_only_is_enforced_where_it_is_documented(client, method, path):
    """The check runs before anything else: a guest gets 401 whatever the body."""
    answer = client.open(path.replace("{session_id}", "cs_test_1"), method=method, json={})
    assert answer.status_code == 401, answer.get_json()
    assert answer.get_json()["error"]["code"] == "unauthorized"


def test_applications_of_one_process_share_one_document_built_once(make_app):
    first, second = app_context(make_app()).api, app_context(make_app()).api
    assert first.spec is second.spec
    assert "/users/profile" in first.spec.to_dict()["paths"]


def test_a_blueprint_registered_after_the_document_was_read_gets_a_document_of_its_own(make_app):
    from bff.platform.openapi import Blueprint

    late = Blueprint("late", __name__, url_prefix="/late")

    @late.route("/ping")
    def ping():
        return {"data": "pong"}

    shared = app_context(make_app()).api.spec
    api = app_context(make_app()).api
    assert api.spec is shared
    api.register_blueprint(late)
    assert "/late/ping" in api.spec.to_dict()["paths"]
    assert api.spec is not shared
    assert "/late/ping" not in shared.to_dict()["paths"]
    assert (
        api.spec.to_dict()["paths"]["/users/profile"] == shared.to_dict()["paths"]["/users/profile"]
    )


def properties(document):
    """Every property of every schema of the document: (schema, name, its own schema)."""
    for schema_name, schema in document["components"]["schemas"].items():
        for name, prop in schema.get("properties", {}).items():
            for one in prop.get("anyOf", [prop]):  # a nullable reference: the schema or null
                if one.get("type") == "array":
                    one = one.get("items", {})
                yield schema_name, name, one


# Names of moments and days (`created_at`, `trial_end`, `next_billing_date`, `expires`, `day`).
DATE_NAME = re.compile(r"(_at|_on|date|_until|expires|_end|^day|^at)$")


def test_every_date_says_its_format(document):
    """Generated clients read a `date-time` or `date` string as a date, any other as text."""
    missing = [
        (schema, name)
        for schema, name, prop in properties(document)
        if DATE_NAME.search(name) and prop.get("type") == "string" and "format" not in prop
    ]
    assert missing == []
    for schema, name, prop in properties(document):
        if DATE_NAME.search(name) and prop.get("type") == "string":
            assert prop["format"] in ("date-time", "date"), (schema, name)


# Properties whose values are a fixed list: a generated client gets one constant for each (and
# must take a value it does not know: docs/api.md, "Versions and deprecation"). Where a name is
# here, every string property or parameter of that name is an enum.
ENUM_NAMES = {
    "currency",
    "errorType",
    "item_type",
    "kind",
    "managed_by",
    "period",
    "platform",
    "provider",
    "solver",
    "source",
    "status",
    "store",
    "tier",
    "type",
    "user_tier",
}


# Of those names, the properties whose values are open, and why.
OPEN_VALUES = {
    ("Exercise", "source"): "where a position comes from, in the author's words",
    ("Membership", "provider"): "the billing provider's name as it was recorded",
    ("Check", "kind"): "the health check's implementations (sqlite, redis...) grow with deploys",
}


def test_fixed_values_are_enums(document):
    plain = [
        (schema, name)
        for schema, name, prop in properties(document)
        if name in ENUM_NAMES
        and prop.get("type") == "string"
        and "enum" not in prop
        and (schema, name) not in OPEN_VALUES
    ]
    assert plain == []
    for method, path, operation in operations(document):
        for parameter in [
            *document["paths"][path].get("parameters", []),
            *operation.get("parameters", []),
        ]:
            if parameter["name"] in ENUM_NAMES:
                assert "enum" in parameter["schema"], (method, path, parameter["name"])


def test_the_error_code_is_an_enum_of_the_catalogue(document):
    from bff.platform.errors import CATALOGUE

    code = document["components"]["schemas"]["ErrorBody"]["properties"]["code"]
    assert code["enum"] == sorted(CATALOGUE)


def test_answers_with_an_etag_document_it_and_their_304(document, client):
    """The content gateway's GETs (and search, answered the same way) send a weak ETag and
    answer 304 to it; the apps' generated clients read both from the document."""
    answer = client.get("/cms/lessons")
    assert answer.status_code == 200 and answer.headers["ETag"].startswith('W/"')
    again = client.get("/cms/lessons", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    for method, path, operation in operations(document):
        if method == "get" and path.startswith(("/cms/", "/masterclasses/")):
            if path.startswith("/cms/preview"):
                continue
            responses = operation["responses"]
            assert "ETag" in responses["200"].get("headers", {}), path
            assert "ETag" in responses["304"]["headers"], path
