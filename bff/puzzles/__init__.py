"""Puzzles in the Lichess form: the daily puzzle, rated puzzles, standing (/content/puzzles)."""

from __future__ import annotations

from flask import Flask

from ..platform.openapi import Api


def init_app(app: Flask, api: Api) -> None:
    from . import commands, routes, run_routes

    api.register_blueprint(routes.blp)
    api.register_blueprint(run_routes.blp)
    commands.register(app)
