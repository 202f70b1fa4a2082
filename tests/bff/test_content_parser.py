"""Content routes reuse the arguments of a query string seen lately; no cookie session is opened."""

import copy

import marshmallow as ma
import pytest
from flask import session
from flask.views import MethodView

from bff.app_context import app_context
from bff.platform.openapi import ContentBlueprint, Schema


class Page(Schema):
    limit = ma.fields.Integer(data_key="_limit", validate=ma.validate.Range(min=1))
    tags = ma.fields.List(ma.fields.Integer())


class PageAnswer(ma.Schema):
    limit = ma.fields.Integer()
    tags = ma.fields.List(ma.fields.Integer())


@pytest.fixture
def app(make_app):
    app = make_app()
    blp = ContentBlueprint("probe", __name__)
    seen = []

    @blp.route("/content/probe")
    class Probe(MethodView):
        @blp.arguments(Page(), location="query")
        @blp.response(200, PageAnswer)
        def get(self, args):
            seen.append(args)
            answer = copy.deepcopy(args)
            args.setdefault("tags", []).append(99)  # a view changing its arguments
            return answer

    app_context(app).api.register_blueprint(blp)
    app.extensions["probe.seen"] = seen
    return app


def test_a_repeated_query_string_gets_the_same_arguments_each_its_own(app):
    client = app.test_client()
    first = client.get("/content/probe?_limit=5&tags=1&tags=2")
    second = client.get("/content/probe?_limit=5&tags=1&tags=2")
    assert first.get_json() == second.get_json() == {"limit": 5, "tags": [1, 2]}
    one, two = app.extensions["probe.seen"]
    assert one is not two and one["tags"] is not two["tags"]


def test_invalid_arguments_are_refused_every_time(app):
    client = app.test_client()
    for _ in range(2):
        answer = client.get("/content/probe?_limit=0")
        assert answer.status_code == 400
        assert answer.get_json()["error"]["fields"] == {
            "_limit": "Must be greater than or equal to 1."
        }
    assert client.get("/content/probe?_limit=2").get_json() == {"limit": 2}


def test_no_cookie_session_is_opened(app):
    @app.get("/content/probe/session")
    def write_session():
        session["who"] = "someone"
        return "written"

    with app.test_request_context():
        assert session.get("who") is None
    app.config["PROPAGATE_EXCEPTIONS"] = False
    answer = app.test_client().get("/content/probe/session")
    assert answer.status_code == 500
    assert "Set-Cookie" not in answer.headers
