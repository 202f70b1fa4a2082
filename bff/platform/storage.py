"""Uploaded files (avatars): one small interface, files on local disk by default.

Names are content-addressed (a hash of the bytes plus an extension), so a stored file never
changes and is served with year-long immutable caching. Another backend (S3, say) implements
the same four methods and answers `url` with its own address.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from flask import send_from_directory
from flask.views import MethodView
from werkzeug.exceptions import NotFound

from .config import Settings
from .context import ContextView
from .openapi import Blueprint

ONE_YEAR = 365 * 24 * 3600
NAME = re.compile(r"^[0-9a-f]{16,64}\.(webp|jpg|png)$")


class Storage(Protocol):
    kind: str

    def save(self, name: str, data: bytes) -> None:
        """Store `data` under `name` (same name, same bytes: saving twice is harmless)."""

    def exists(self, name: str) -> bool: ...

    def delete(self, name: str) -> None:
        """Remove the file (a file that is not there is already gone)."""

    def url(self, name: str) -> str:
        """Where a browser fetches the file."""


class LocalStorage:
    kind = "local"

    def __init__(self, root: Path, url_prefix: str = "/uploads"):
        self.root = root
        self.url_prefix = url_prefix

    def _path(self, name: str) -> Path:
        if not NAME.match(name):
            raise ValueError(f"not a stored file name: {name!r}")
        return self.root / name

    def save(self, name: str, data: bytes) -> None:
        target = self._path(name)
        if target.exists():
            return
        self.root.mkdir(parents=True, exist_ok=True)
        draft = target.with_name(f".{name}.part")
        draft.write_bytes(data)
        draft.replace(target)

    def exists(self, name: str) -> bool:
        return NAME.match(name) is not None and (self.root / name).is_file()

    def delete(self, name: str) -> None:
        self._path(name).unlink(missing_ok=True)

    def url(self, name: str) -> str:
        return f"{self.url_prefix}/{name}"


def make_storage(settings: Settings) -> Storage:
    return LocalStorage(settings.uploads_path)


class UploadServices(Protocol):
    """What serving uploads reads of the application context."""

    storage: Storage


context = ContextView[UploadServices](__name__)

blp = Blueprint("uploads", __name__, description="Uploaded files such as avatars.")


@blp.route("/uploads/<string:name>")
class Upload(MethodView):
    @blp.doc(
        responses={
            "200": {
                "description": "The file, cached for a year (the name changes with the content).",
                "content": {"image/webp": {"schema": {"type": "string", "format": "binary"}}},
            },
        }
    )
    @blp.errors({404: "not_found: no such file"})
    def get(self, name: str):
        """Serve an uploaded file."""
        files = context().storage
        if not isinstance(files, LocalStorage) or not files.exists(name):
            raise NotFound()
        response = send_from_directory(files.root, name, max_age=ONE_YEAR)
        response.cache_control.immutable = True
        response.cache_control.public = True
        return response
