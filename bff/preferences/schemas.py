"""/users/preferences request and answer schemas."""

from __future__ import annotations

import marshmallow as ma

from ..platform.fields import answered
from ..platform.openapi import Schema, envelope
from .choices import BOARD_THEMES, PIECE_SETS

F = ma.fields

SOUNDS = (
    "The boards' sounds (moves, captures, checks, right and wrong answers); null: the device's"
    " default, on at a computer and off on a phone or tablet (a page cannot see its silent"
    " switch)"
)


class PreferencesAnswer(Schema):
    board_theme = answered(
        F.String,
        "The squares' colours: violet (the default), brown, blue or green",
        validate=ma.validate.OneOf(BOARD_THEMES),
    )
    piece_set = answered(
        F.String,
        "The pieces: classic (the default) or flat",
        validate=ma.validate.OneOf(PIECE_SETS),
    )
    sounds = answered(F.Boolean, SOUNDS, nullable=True)


PreferencesEnvelope = envelope(PreferencesAnswer, name="PreferencesEnvelope")


class PreferencesBody(Schema):
    board_theme = F.String(
        validate=ma.validate.OneOf(BOARD_THEMES),
        metadata={"description": "violet, brown, blue or green"},
    )
    piece_set = F.String(
        validate=ma.validate.OneOf(PIECE_SETS), metadata={"description": "classic or flat"}
    )
    sounds = F.Boolean(allow_none=True, metadata={"description": SOUNDS})
