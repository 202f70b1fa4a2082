"""Project-wide flavour of flask-smorest: our error envelope, 400 for bad input, strict schemas."""

from __future__ import annotations

import marshmallow as ma
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint as SmorestBlueprint
from webargs.flaskparser import FlaskParser

from .errors import error_response, from_http_exception


class Schema(ma.Schema):
    """Base schema: unknown fields are an error, wherever they arrive."""

    class Meta:
        unknown = ma.RAISE


class ErrorBody(Schema):
    code = ma.fields.String(required=True, metadata={"description": "Catalogue code (SPEC §8)"})
    message = ma.fields.String(required=True, metadata={"description": "Text for people"})
    fields = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.String(),
        metadata={"description": "First problem per invalid field"},
    )


class ErrorEnvelope(Schema):
    error = ma.fields.Nested(ErrorBody, required=True)


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400
    # The schema decides (RAISE): an unknown query parameter is a client bug worth reporting.
    DEFAULT_UNKNOWN_BY_LOCATION = {
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
    }


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()


class Api(SmorestApi):
    ERROR_SCHEMA = ErrorEnvelope

    def handle_http_exception(self, error):
        return error_response(from_http_exception(error))


DOCS_ASSETS_URL = "/api/docs/assets/"


def register_docs_assets(app) -> None:
    """Serve Swagger UI's files ourselves: the docs work offline and under a strict CSP."""
    from flask import send_from_directory
    from swagger_ui_bundle import swagger_ui_path

    def docs_asset(filename: str):
        return send_from_directory(swagger_ui_path, filename, max_age=86400)

    app.add_url_rule(f"{DOCS_ASSETS_URL}<path:filename>", "docs_asset", docs_asset)
