"""Puzzles: the Lichess puzzle database's form, imported from files; the day's puzzle, rated
puzzles near a member's rating, their standing and review (/content/puzzles)."""

from __future__ import annotations

from flask import Flask

from ..platform.openapi import Api


def init_app(app: Flask, api: Api) -> None:
    from . import commands, routes

    api.register_blueprint(routes.blp)
    commands.register(app)
