"""Project-wide flavour of flask-smorest: our error envelope, 400 for bad input, strict schemas,
and one way for a route to say who may call it and how it fails (docs/api.md)."""

from __future__ import annotations

import copy
import functools
import json
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from cachetools import LRUCache
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest.utils import deepupdate
from webargs.flaskparser import FlaskParser

from . import ratelimit
from .errors import CATALOGUE, ApiError, error_response, from_http_exception

# The error messages of a required field, missing or null (the catalogue's words).
REQUIRED: dict[str, str | list | dict] = {
    "required": "This field is required.",
    "null": "This field is required.",
}


class Schema(ma.Schema):
    """Base schema: unknown fields are an error, wherever they arrive."""

    class Meta:
        unknown = ma.RAISE


class ErrorBody(Schema):
    # An enum of the catalogue: a generated client gets one constant per code. A client must
    # still take a code it does not know: new ones come (docs/api.md, "Versions and
    # deprecation").
    code = ma.fields.String(
        required=True,
        metadata={
            "description": "Error code (bff/platform/errors.py; docs/api.md)",
            "enum": sorted(CATALOGUE),
        },
    )
    message = ma.fields.String(required=True, metadata={"description": "Text for people"})
    fields = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.String(),
        metadata={"description": "First problem per invalid field"},
    )
    # What some codes add (docs/accounts.md and docs/billing.md).
    errorType = ma.fields.String(
        metadata={
            "description": "Social sign-in failures: facebook, google or apple",
            "enum": ["facebook", "google", "apple"],
        }
    )
    email = ma.fields.String(
        allow_none=True,
        metadata={"description": "user_doesnt_exist after a social sign-in: the provider's"},
    )
    socialToken = ma.fields.String(
        metadata={"description": "user_doesnt_exist after a social sign-in: send back as token"}
    )
    available_at = ma.fields.String(
        metadata={
            "description": "puzzle_allowance_spent, puzzle_run_allowance_spent: when more come"
            " (ISO 8601, UTC)",
            "format": "date-time",
        }
    )
    # The CMS gateway's schemas (bff.cms.answer_fields, bff.cms.locked_schemas), named rather than
    # imported: the platform imports no domain, and marshmallow finds a class by its name once it
    # is defined.
    offer = ma.fields.Nested(
        "LockedOffer",
        metadata={"description": "content_locked of an item for sale: the item and its price"},
    )
    item = ma.fields.Nested(
        "LockedItem",
        metadata={"description": "content_locked of a detail: the item's public facts"},
    )


class ErrorEnvelope(Schema):
    error = ma.fields.Nested(ErrorBody, required=True)


def envelope(answer: type[ma.Schema], *, many: bool = False, name: str = "") -> type[Schema]:
    """The schema of an answer as it leaves, `{"data": answer}` (or a list of them: many),
    named `name` in the document, `<answer>Envelope` unless given."""
    data = ma.fields.Nested(answer, required=True)
    if many:
        data = ma.fields.List(ma.fields.Nested(answer), required=True)
    name = name or f"{answer.__name__}Envelope"
    return type(name, (Schema,), {"data": data, "__module__": answer.__module__})


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400
    # The schema decides (RAISE): an unknown query parameter is a client bug worth reporting.
    DEFAULT_UNKNOWN_BY_LOCATION = {
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
    }

    def _raw_load_json(self, req):
        """JSON that is valid but cannot be read (nested thousands deep, a number of thousands
        of digits) is a bad body, not a server error; invalid JSON stays webargs' to report."""
        try:
            return super()._raw_load_json(req)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise  # webargs answers these: invalid_json
        except (RecursionError, ValueError):
            raise ApiError(400, "invalid_body") from None


class ContentParser(Parser):
    """For content routes, whose query strings repeat (every visitor of a list asks the same
    few): the valid arguments of a query string seen lately are reused. They are a pure function
    of the schema and the query string, kept per worker for the last QUERIES_KEPT of them
    (about 60 µs, 15 %, of a cached list's request: bench/query-memo.py)."""

    QUERIES_KEPT = 1024

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._queries: LRUCache = LRUCache(maxsize=self.QUERIES_KEPT)
        self._lock = threading.Lock()

    def parse(self, argmap, req=None, *, location=None, validate=None, **kwargs):
        if location != "query" or validate is not None or not isinstance(argmap, ma.Schema):
            return super().parse(argmap, req, location=location, validate=validate, **kwargs)
        key = (argmap, (req or self.get_default_request()).query_string)
        with self._lock:
            args = self._queries.get(key)
        if args is None:
            args = super().parse(argmap, req, location=location, **kwargs)  # raises when invalid
            with self._lock:
                self._queries[key] = args
        # A copy each: a view may change its arguments without changing the next one's.
        return {name: list(v) if isinstance(v, list) else v for name, v in args.items()}


# The security scheme of the document: an access token from /users/login and friends.
BEARER = "bearer"
BEARER_SCHEME = {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "JWT",
    "description": "The access token of POST /users/login, a social sign-in or a registration,"
    " renewed by GET /users/token_refresh.",
}


@dataclass(frozen=True)
class Access:
    """Who may call a route: what the document says of its bearer token, and the check that
    enforces it before the view runs (None: the view reads the token when it needs to)."""

    signed_in: bool
    unauthorized: str
    check: Callable[[], object] | None = None

    @property
    def security(self) -> list[dict]:
        return [{BEARER: []}] if self.signed_in else [{}, {BEARER: []}]


def stacked(*decorators: Callable) -> Callable:
    """One decorator that applies several, the first outermost as if written above the others:
    the contract that routes of one kind share, said once."""

    def decorate(func):
        for decorator in reversed(decorators):
            func = decorator(func)
        return func

    return decorate


def operation_id(method: str, endpoint: str) -> str:
    """A route's operationId, from its method and its view's name: `get` and `DailyPuzzle` give
    `getDailyPuzzle`, as client generators name their calls."""
    words = [word for word in re.split(r"[_\W]+", endpoint) if word]
    return method.lower() + "".join(word[0].upper() + word[1:] for word in words)


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()

    def register_views_in_doc(self, api, app, spec, *, name, parameters):
        """Every operation gets an operationId (operation_id) unless its view sets its own with
        `doc(operationId=...)`: generated clients name their calls by it."""
        for endpoint, info in self._docs.items():
            for method, operation in info.items():
                if method != "parameters":
                    manual = operation.setdefault("manual_doc", {})
                    manual.setdefault("operationId", operation_id(method, endpoint))
        super().register_views_in_doc(api, app, spec, name=name, parameters=parameters)

    def errors(self, answers: Mapping[int, str]):
        """Document a route's error answers by status, every one in the error envelope."""

        def decorate(func):
            for status, description in answers.items():
                func = self.alt_response(status, schema=ErrorEnvelope, description=description)(
                    func
                )
            return func

        return decorate

    def limited(self, name: str):
        """Count each call against the RATE_LIMIT_<NAME> limit of its client (ratelimit.limited)
        and document the 429 it answers past it."""

        def decorate(func):
            return self.errors({429: "rate_limited"})(ratelimit.limited(name)(func))

        return decorate

    def access(self, access: Access):
        """Say who may call the route (the bearer scheme and its 401 in the document) and
        enforce it: the check runs before the view."""

        def decorate(func):
            if access.check is not None:
                check = access.check

                @functools.wraps(func)
                def checked(*args, **kwargs):
                    check()
                    return func(*args, **kwargs)

            else:
                checked = func
            documented = self.errors({401: access.unauthorized})(checked)
            return self.doc(security=access.security)(documented)

        return decorate

    def json_body(
        self,
        body: type[ma.Schema],
        answer: type[ma.Schema],
        errors: Mapping[int, str],
        *,
        access: Access | None = None,
        limit: str | None = None,
        status: int = 200,
    ) -> Callable:
        """The contract of a route that takes a JSON body: the rate limit it counts against
        (when it has one), who may call (when only some may), the body, the answer and how it
        fails."""
        return stacked(
            *([self.limited(limit)] if limit else []),
            *([self.access(access)] if access else []),
            self.arguments(body),
            self.response(status, answer),
            self.errors(errors),
        )


# What every answer of the content gateway carries (bff/cms/answers.py): a weak ETag, and 304
# when If-None-Match names the copy the caller holds.
CONTENT_ETAG = {
    "description": "A weak validator of this answer: send it back in If-None-Match to get"
    " 304 Not Modified while the content is unchanged.",
    "schema": {"type": "string"},
}
CONTENT_ANSWER_DOC = {
    "responses": {
        200: {"headers": {"ETag": CONTENT_ETAG}},
        304: {
            "description": "Not Modified: the copy whose ETag was sent in If-None-Match is"
            " current (no body).",
            "headers": {"ETag": CONTENT_ETAG},
        },
    }
}


class ContentBlueprint(Blueprint):
    """A blueprint of content routes (their query arguments are reused: ContentParser), whose
    GETs answer through the gateway's answers (CONTENT_ANSWER_DOC)."""

    ARGUMENTS_PARSER = ContentParser()

    def register_views_in_doc(self, api, app, spec, *, name, parameters):
        for info in self._docs.values():
            if "get" in info:
                manual = info["get"].setdefault("manual_doc", {})
                info["get"]["manual_doc"] = deepupdate(copy.deepcopy(CONTENT_ANSWER_DOC), manual)
        super().register_views_in_doc(api, app, spec, name=name, parameters=parameters)


# Field metadata: the service checks this field's presence itself (see Converter).
REQUIRED_BY_SERVICE = "required_by_service"


class Converter(OpenAPIConverter):
    """A nullable nested schema as OpenAPI 3.0.3 allows it: the schema, or null and nothing
    else. (apispec's own form admits any object in place of the schema, and so would the
    client's generated type.)"""

    NULL = {"nullable": True, "enum": [None]}

    def fields2jsonschema(self, fields, *, partial=None) -> dict:
        """Fields the service requires (answering its own catalogue code when one is missing,
        where marshmallow would answer a generic one) are documented as required too."""
        jsonschema = super().fields2jsonschema(fields, partial=partial)
        by_service = [
            field.data_key or name
            for name, field in fields.items()
            if field.metadata.get(REQUIRED_BY_SERVICE) and not field.required
        ]
        if by_service:
            jsonschema["required"] = sorted({*jsonschema.get("required", []), *by_service})
        return jsonschema

    def field2nullable(self, field, ret) -> dict:
        if field.allow_none and "$ref" in ret:
            return {"anyOf": [{"$ref": ret.pop("$ref")}, self.NULL]}
        if field.allow_none and "allOf" in ret:  # a $ref with siblings (a description)
            return {"anyOf": [*ret.pop("allOf"), self.NULL]}
        return super().field2nullable(field, ret)


class Plugin(MarshmallowPlugin):
    Converter = Converter


# Documents built in this process, by what went into them (Api.spec). Never changed once here.
_DOCUMENTS: dict[tuple, APISpec] = {}
_BUILDING = threading.RLock()  # re-entered: flask-smorest reads `spec` while it builds


class Api(SmorestApi):
    """flask-smorest's Api whose document is built when it is first read, once per process for
    one set of registrations.

    Putting every route's schemas through apispec is most of an application's start (a fifth of a
    second), yet the document depends only on the code and on what was registered, in which
    order: the suite builds thousands of applications and every gunicorn worker builds one. A
    blueprint's routes are registered with Flask at once; its documentation, and the security
    schemes, wait in `_registered` until `spec` is read. A document in `_DOCUMENTS` is shared and
    never changed: a registration after it was read gets a document of its own, built again from
    the start.
    """

    ERROR_SCHEMA = ErrorEnvelope

    def __init__(self, *args, **kwargs):
        self._spec: APISpec | None = None
        self._spec_options: dict = {}
        self._registered: list[tuple] = []  # what the document holds, in order
        self._applied = 0  # how many of them self._spec holds
        self._building = False
        super().__init__(*args, **kwargs)

    @property
    def spec(self) -> APISpec | None:
        if self._spec is not None and self._applied < len(self._registered):
            self._build()
        return self._spec

    @spec.setter
    def spec(self, value: APISpec | None) -> None:
        self._spec, self._applied = value, 0

    def _init_spec(self, **kwargs):
        self._spec_options = kwargs
        super()._init_spec(marshmallow_plugin=Plugin(), **kwargs)

    def init_app(self, app, *args, **kwargs):
        super().init_app(app, *args, **kwargs)
        self.security_scheme(BEARER, BEARER_SCHEME)
        app.after_request(ratelimit.add_headers)

    def security_scheme(self, name: str, scheme: dict) -> None:
        self._registered.append(("security_scheme", name, json.dumps(scheme, sort_keys=True)))

    def register_blueprint(
        self, blp: SmorestBlueprint, *, parameters: list[dict] | None = None, **options: Any
    ) -> None:
        """flask-smorest's register_blueprint, with the documentation left for `_build`."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._registered.append(("blueprint", blp, name, json.dumps(parameters, sort_keys=True)))

    def _build(self) -> None:
        with _BUILDING:  # a worker's threads wait for the one building it
            if self._applied < len(self._registered) and not self._building:
                self._building = True
                try:
                    self._build_unlocked()
                finally:
                    self._building = False

    def _build_unlocked(self) -> None:
        assert self._spec is not None  # noqa: S101 - init_app made it
        key = (self._spec.title, self._spec.version, str(self._spec.openapi_version))
        key += tuple(self._registered)
        built = _DOCUMENTS.get(key)
        if built is None:
            if self._spec in _DOCUMENTS.values():  # shared: start a document of our own
                super()._init_spec(marshmallow_plugin=Plugin(), **self._spec_options)
            spec = self._spec
            for registration in self._registered[self._applied :]:
                if registration[0] == "security_scheme":
                    spec.components.security_scheme(registration[1], json.loads(registration[2]))
                else:
                    _, blp, name, parameters = registration
                    blp.register_views_in_doc(
                        self, self._app, spec, name=name, parameters=json.loads(parameters)
                    )
                    spec.tag({"name": name, "description": blp.description})
            document_headers(spec)
            built = _DOCUMENTS[key] = spec
        self._spec, self._applied = built, len(self._registered)

    def handle_http_exception(self, error):
        return error_response(from_http_exception(error))


# The headers of a rate-limited operation's every answer (ratelimit.add_headers; the IETF draft
# "RateLimit header fields for HTTP") and of an answer that asks to come back later.
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "The calls this operation's limit allows its caller in a window.",
    "RateLimit-Remaining": "The calls left to the caller in the current window.",
    "RateLimit-Reset": "Seconds until the oldest call of the window leaves it (one more call).",
}
RETRY_AFTER = {
    "description": "Seconds to wait before trying again.",
    "schema": {"type": "integer", "minimum": 1},
}


def document_headers(spec: APISpec) -> None:
    """Headers said once for the whole document: every answer of an operation that may answer
    429 (it counts calls: ratelimit.py) carries RateLimit-*, and every 429 and 503 Retry-After.
    Repeating it adds nothing, so a document built in steps (Api._build) may run it each time."""
    standing = {
        name: {"description": text, "schema": {"type": "integer", "minimum": 0}}
        for name, text in RATE_LIMIT_HEADERS.items()
    }
    for item in spec._paths.values():  # apispec keeps no public view of the operations
        for operation in item.values():
            responses = operation.get("responses") if isinstance(operation, dict) else None
            if not responses:
                continue
            limited = "429" in responses
            for status, response in responses.items():
                if "$ref" in response:
                    continue
                headers = response.setdefault("headers", {})
                if limited:
                    headers.update(standing)
                if status in ("429", "503"):
                    headers["Retry-After"] = RETRY_AFTER
                if not headers:
                    del response["headers"]


DOCS_ASSETS_URL = "/api/docs/assets/"
DOCS_ENDPOINT = "api-docs.openapi_swagger_ui"

# Starts Swagger UI with the settings its container carries (templates/swagger_ui.html).
DOCS_START = """\
window.addEventListener('load', function () {
  var container = document.getElementById('swagger-ui-container');
  var config = JSON.parse(container.getAttribute('data-config') || '{}');
  config.url = container.getAttribute('data-spec-url');
  config.dom_id = '#swagger-ui-container';
  window.ui = SwaggerUIBundle(config);
});
"""

# Swagger UI's own files only (it sets styles through the CSSOM, which style-src allows); its
# icons are data: URIs.
DOCS_POLICY = {
    "default-src": ("'self'",),
    "script-src": ("'self'",),
    "style-src": ("'self'",),
    "img-src": ("'self'", "data:"),
    "connect-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
    "form-action": ("'self'",),
}


def register_docs_assets(app) -> None:
    """Serve Swagger UI's files ourselves: the docs work offline and under a strict CSP."""
    from flask import Response, send_from_directory
    from swagger_ui_bundle import swagger_ui_path

    from .security import page_policy

    def docs_asset(filename: str):
        return send_from_directory(swagger_ui_path, filename, max_age=86400)

    def docs_start():
        response = Response(DOCS_START, mimetype="text/javascript")
        response.cache_control.max_age = 86400
        return response

    app.add_url_rule(f"{DOCS_ASSETS_URL}<path:filename>", "docs_asset", docs_asset)
    app.add_url_rule("/api/docs/start.js", "docs_start", docs_start)
    page_policy(app, DOCS_ENDPOINT, DOCS_POLICY)
