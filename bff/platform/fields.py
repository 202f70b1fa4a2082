"""Fields as the schemas declare them: what a request must carry and what an answer has."""

from __future__ import annotations

from typing import Any, TypeVar

import marshmallow as ma

from .openapi import REQUIRED

FieldT = TypeVar("FieldT", bound=ma.fields.Field)

# The metadata of a string that holds a moment, as the answers write it (bff.access.clock.iso:
# RFC 3339 in UTC, `2026-11-25T05:30:00Z`), or a day (`2026-11-25`): generated clients read
# them as dates (docs/api.md, "What a generated client gets").
DATE_TIME: dict[str, Any] = {"format": "date-time"}
DATE: dict[str, Any] = {"format": "date"}

# A client's id for one attempt (a puzzle's, an exercise's): a write sent again with it records
# nothing more, so a client may resend what got no answer.
ATTEMPT_ID_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"


def _documented(description: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """The options with the description first in the field's metadata (the document's words)."""
    if description is not None:
        options["metadata"] = {"description": description, **options.get("metadata", {})}
    return options


def needed(field: type[FieldT], description: str | None = None, **options) -> FieldT:
    """A field a request must carry: left out or null, it is refused with the catalogue's
    required-field message."""
    return field(required=True, error_messages=REQUIRED, **_documented(description, options))


def answered(
    field: type[FieldT], description: str | None = None, *, nullable: bool = False, **options
) -> FieldT:
    """A field every answer has; ``nullable``: it may be null."""
    if nullable:
        options["allow_none"] = True
    return field(required=True, **_documented(description, options))
