"""Member content: the footer, newsletter sign-up and learning progress (/content)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from . import routes
    from .progress import ANSWER_PROGRESS

    app.extensions["bff.answer_progress"] = ANSWER_PROGRESS
    app.extensions["bff.api"].register_blueprint(routes.blp)
