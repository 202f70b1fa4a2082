"""Puzzles in the Lichess form: the daily puzzle, rated puzzles, standing (/content/puzzles)."""

from __future__ import annotations

from flask import Flask

from ..platform.openapi import Api


def init_app(app: Flask, api: Api) -> None:
    from . import commands, routes

    api.register_blueprint(routes.blp)
    commands.register(app)
