"""Every answer the suite gets is checked against the OpenAPI document (docs/api.md).

The web client's types are generated from that document, so an answer that strays from it is a
client bug waiting to happen. Each application the tests build checks its own JSON answers as it
sends them: the operation is found from the route that answered, the schema from the status
(or the document's default error answer), and whatever strays is kept to fail the test that got
it (conftest.py), with the route, the status and what was wrong.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from flask import Flask, Response, request
from jsonschema import FormatChecker
from openapi_schema_validator import OAS30Validator

from bff.app_context import app_context

# The formats an answer is held to: a date-time is RFC 3339 (an offset or Z, as generated clients
# parse it), a date YYYY-MM-DD.
FORMATS = FormatChecker(("date-time", "date"))

# Flask's <int:lesson_id> is OpenAPI's {lesson_id}.
RULE_ARGUMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


class DocumentedAnswers:
    def __init__(self, app: Flask):
        self.app = app
        self.problems: list[str] = []
        app.after_request(self.check)

    def check(self, response: Response) -> Response:
        rule = request.url_rule
        if (
            rule is None
            or response.mimetype != "application/json"
            or response.direct_passthrough
            or response.headers.get("Content-Encoding")
            or response.status_code == 304
        ):
            return response
        operation = self._document()["paths"].get(RULE_ARGUMENT.sub(r"{\1}", rule.rule), {})
        operation = operation.get(request.method.lower())
        if operation is None:
            return response  # not an operation of the API (the docs, the client's pages)
        answers = operation["responses"]
        answer = answers.get(str(response.status_code)) or answers.get("default")
        if "$ref" in (answer or {}):
            answer = self._document()["components"]["responses"][answer["$ref"].split("/")[-1]]
        schema = (answer or {}).get("content", {}).get("application/json", {}).get("schema")
        where = f"{request.method} {request.path} {response.status_code}"
        if schema is None:
            self.problems.append(f"{where}: no schema documented for this status")
            return response
        body = json.loads(response.get_data())
        errors = sorted(
            _validator(json.dumps(schema, sort_keys=True), self._components()).iter_errors(body),
            key=str,
        )
        if errors:
            path = "/".join(str(part) for part in errors[0].absolute_path)
            self.problems.append(f"{where}: at '{path}': {errors[0].message}")
        return response

    def _document(self) -> dict:
        return _document_of(self.app)

    def _components(self) -> str:
        return json.dumps(self._document()["components"], sort_keys=True)


def _document_of(app: Flask) -> dict:
    document = app.extensions.get("tests.document")
    if document is None:
        document = app.extensions["tests.document"] = app_context(app).api.spec.to_dict()
    return document


@lru_cache(maxsize=512)
def _validator(schema: str, components: str) -> OAS30Validator:
    return OAS30Validator(
        {**json.loads(schema), "components": json.loads(components)}, format_checker=FORMATS
    )
