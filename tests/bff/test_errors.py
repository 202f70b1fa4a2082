"""Every failure leaves as the error envelope `{"error": {"code", "message", "fields"?}}`, with
the right status."""

import socket

import marshmallow as ma
import pytest
from flask.views import MethodView

from bff.app_context import app_context
from bff.platform.errors import CATALOGUE, ApiError
from bff.platform.openapi import Blueprint, Schema

from .builders import error_of, make_member


class Move(Schema):
    square = ma.fields.String(required=True, validate=ma.validate.Length(equal=2))
    piece = ma.fields.String(load_default="pawn")


class Moved(Schema):
    data = ma.fields.Nested(Move, required=True)


@pytest.fixture
def app(make_app):
    """The application plus a small blueprint that exercises the machinery every route uses."""
    app = make_app()
    blp = Blueprint("probe", __name__)

    @blp.route("/content/probe")
    class Probe(MethodView):
        @blp.arguments(Move)
        @blp.response(200, Moved)
        def post(self, move):
            return {"data": move}

    @blp.route("/content/probe/boom")
    class Boom(MethodView):
        @blp.response(200, Moved)
        def get(self):
            raise RuntimeError("secret internals /srv/bff/platform/config.py")

    @blp.route("/content/probe/rejected")
    class Rejected(MethodView):
        @blp.response(200, Moved)
        def get(self):
            raise ApiError(409, "already_subscribed")

    app_context(app).api.register_blueprint(blp)
    return app


def test_valid_input_passes_through(client):
    response = client.post("/content/probe", json={"square": "e4"})
    assert response.status_code == 200
    assert response.get_json() == {"data": {"square": "e4", "piece": "pawn"}}


def test_unknown_api_path_is_a_json_404(client):
    response = client.get("/cms/no-such-thing")
    assert response.status_code == 404
    assert error_of(response) == {"code": "not_found", "message": CATALOGUE["not_found"]}


def test_wrong_method_is_a_json_405_with_allow(client):
    response = client.delete("/content/probe")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"
    assert "POST" in response.headers["Allow"]


def test_malformed_json_is_a_400_with_its_own_code(client):
    response = client.post(
        "/content/probe", data='{"square": "e4"', headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_json"


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,  # deeper than the parser recurses
        '{"square": ' + "1" * 5000 + "}",  # more digits than Python turns into an int
    ],
    ids=["nested-100000-deep", "5000-digit-number"],
)
@pytest.mark.parametrize("path", ["/content/probe", "/users/login", "/content/subscribe"])
def test_a_json_body_that_cannot_be_read_is_a_400_not_a_500(client, path, body):
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_body"


@pytest.mark.parametrize("path", ["/content/footer", "/cms/lessons", "/home", "/api/openapi.json"])
def test_options_is_a_json_405_not_an_empty_page(client, path):
    response = client.open(path, method="OPTIONS")
    assert response.status_code == 405
    assert error_of(response)["code"] == "method_not_allowed"
    assert "GET" in response.headers["Allow"]


def test_invalid_fields_are_reported_one_message_each(client):
    response = client.post("/content/probe", json={"square": "e44", "colour": "white"})
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "validation_failed"
    assert error["fields"] == {
        "square": "Length must be 2.",
        "colour": "Unknown field.",
    }


def test_missing_required_field(client):
    error = error_of(client.post("/content/probe", json={}))
    assert error["fields"] == {"square": "Missing data for required field."}


def test_unexpected_exception_is_a_500_without_internals(client, caplog):
    response = client.get("/content/probe/boom")
    assert response.status_code == 500
    assert error_of(response) == {"code": "server_error", "message": "Something went wrong"}
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and "secret internals" not in text
    assert any("Unhandled error" in record.message for record in caplog.records)


def test_api_errors_carry_their_catalogue_text(client):
    response = client.get("/content/probe/rejected")
    assert response.status_code == 409
    assert error_of(response) == {
        "code": "already_subscribed",
        "message": "This email address is already used for subscription",
    }


def test_oversized_body_is_refused_with_the_size_message(client):
    response = client.post(
        "/content/probe",
        data=b"x" * (12 * 1024 * 1024),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert error_of(response) == {"code": "payload_too_large", "message": "Data size limit is 10MB"}


def test_error_schema_is_documented(client):
    spec = client.get("/api/openapi.json").get_json()
    envelope = spec["components"]["schemas"]["ErrorEnvelope"]
    assert envelope["properties"]["error"]["$ref"].endswith("/ErrorBody")


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/cms/lessons?_limit=3", None),
        ("GET", "/masterclasses/masterclass", None),
        (
            "POST",
            "/content/progress",
            {"id": "1:1", "type": "program_subchapter_video", "progress": 5},
        ),
        ("POST", "/products/purchase", {"id": 3, "entity": "program"}),
    ],
)
def test_the_cms_away_with_nothing_cached_is_a_503_to_retry_on_every_route(
    make_app, method, path, body
):
    """Like the database's 503: the caller is told when to try again, never a 500."""
    app = make_app(CMS_URL=f"http://127.0.0.1:{closed_port()}", CMS_TOKEN="t", CMS_TIMEOUT="1")
    _, headers = make_member(app)
    response = app.test_client().open(path, method=method, json=body, headers=headers)
    assert response.status_code == 503, response.get_data(as_text=True)
    assert error_of(response)["code"] == "cms_unavailable"
    assert response.headers["Retry-After"] == "5"
