"""Strapi v5 over its REST API, authenticated with an API token.

Every type has drafts (Draft & Publish): the site reads the published entries, a preview session
the drafts (``drafts()``). Strapi makes a new row, with a new id, each time an entry is
published, so entries are known by their ``public_id`` instead (cms-schema/src/index.js gives it
once and publishing copies it): questions ask by it and answers carry it as their ``id``.
"""

from __future__ import annotations

import json
import logging
import time

import requests
import urllib3

from .. import scheduled
from ..content_types import PUBLIC_ID, ContentType, load_model
from ..query import Query
from . import UpstreamError, UpstreamUnavailable

log = logging.getLogger(__name__)

PING_TIMEOUT = 2.0  # seconds


class StrapiUpstream:
    kind = "strapi"

    def __init__(
        self,
        base_url: str,
        token: str | None,
        timeout: float,
        status: str = "published",
        session: requests.Session | None = None,
    ):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.status = status
        self.session = session or requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def drafts(self) -> StrapiUpstream:
        """The same Strapi, read as editors left it: every entry's draft."""
        return StrapiUpstream(
            self.base_url, None, self.timeout, status="draft", session=self.session
        )

    def ping(self) -> None:
        # Strapi answers its health route with 204 once it accepts requests, at once: a
        # health check waits for it no longer than PING_TIMEOUT, as load balancers' checks
        # give up after a few seconds.
        path = "/_health"
        try:
            response = self.session.get(
                self.base_url + path, timeout=min(self.timeout, PING_TIMEOUT)
            )
        except requests.RequestException as error:
            raise UpstreamUnavailable(f"{path}: {type(error).__name__}") from error
        if not response.ok:
            raise UpstreamUnavailable(f"{path}: HTTP {response.status_code}")

    def find(self, query: Query) -> dict:
        params = [
            ("pagination[start]", str(query.start)),
            ("pagination[limit]", str(query.limit)),
            *sort_params((*query.sort, ("id", "asc"))),
            *filter_params(query),
            *populate_params(query.populate),
            *self._status(),
            *self._scheduled_hidden(query.collection),
        ]
        return self._get(f"/api/{query.collection}", params)

    def released(self, content_type: ContentType, since, until) -> list[int]:
        """The public ids of the published entries whose time came in (since, until]."""
        found: set[int] = set()
        for name in scheduled.scheduling_fields(content_type):
            start = 0
            while True:
                params = [
                    ("pagination[start]", str(start)),
                    ("pagination[limit]", "100"),
                    ("fields[0]", PUBLIC_ID),
                    (f"filters[{name}][$gt]", scheduled.strapi_bound(content_type, name, since)),
                    (f"filters[{name}][$lte]", scheduled.strapi_bound(content_type, name, until)),
                ]
                page = self._get(f"/api/{content_type.plural}", params)
                found.update(entry["id"] for entry in page["data"] if "id" in entry)
                start += 100
                if start >= page["meta"]["pagination"]["total"]:
                    break
        return sorted(found)

    def single(self, rest_path: str, populate: dict) -> dict | None:
        try:
            return self._get(f"/api/{rest_path}", [*populate_params(populate), *self._status()])
        except UpstreamError as error:
            if error.status == 404:
                return None
            raise

    def media_file(self, relative: str):
        return None  # Strapi serves its own media

    def _status(self) -> list[tuple[str, str]]:
        return [] if self.status == "published" else [("status", self.status)]

    def _scheduled_hidden(self, collection: str) -> list[tuple[str, str]]:
        """The site's content leaves out what is published for a time to come (scheduled.py);
        a preview session's drafts show it."""
        if self.status != "published":
            return []
        content_type = load_model().by_path(collection)
        return scheduled.strapi_visibility_params(content_type, scheduled.current_time())

    def _get(self, path: str, params: list[tuple[str, str]]) -> dict:
        # The timeout bounds the connection and every wait for a byte; the deadline bounds the
        # whole answer, so a CMS that trickles its answer cannot hold a worker either.
        deadline = time.monotonic() + self.timeout
        try:
            with self.session.get(
                self.base_url + path, params=params, timeout=self.timeout, stream=True
            ) as response:
                status = response.status_code
                body = _read_until(response, deadline, path)
        except requests.RequestException as error:
            raise UpstreamUnavailable(f"{path}: {type(error).__name__}") from error
        if status >= 500:
            raise UpstreamUnavailable(f"{path}: HTTP {status}")
        if status >= 400:
            raise UpstreamError(status, _error_message(body))
        try:
            return public_ids(json.loads(body))
        except ValueError as error:
            raise UpstreamUnavailable(f"{path}: answer is not JSON") from error


def public_ids(node):
    """Strapi's answer with every entry under its public id (media and components keep theirs)."""
    if isinstance(node, list):
        return [public_ids(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: public_ids(value) for key, value in node.items() if key != PUBLIC_ID}
    if node.get(PUBLIC_ID) is not None:
        out["id"] = node[PUBLIC_ID]
    return out


def by_public_id(path: str) -> str:
    """A field path of the gateway in Strapi's terms: ``teacher.id`` -> ``teacher.public_id``."""
    *relations, name = path.split(".")
    return ".".join((*relations, PUBLIC_ID if name == "id" else name))


def _read_until(response: requests.Response, deadline: float, path: str) -> bytes:
    """The body, read as it arrives (read1: whatever is there, never waiting for a full
    buffer), given up once the deadline has passed."""
    chunks = []
    try:
        while chunk := response.raw.read1(64 * 1024, decode_content=True):
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise UpstreamUnavailable(f"{path}: answer slower than the timeout")
    except urllib3.exceptions.HTTPError as error:
        raise UpstreamUnavailable(f"{path}: {type(error).__name__}") from error
    return b"".join(chunks)


def sort_params(sort) -> list[tuple[str, str]]:
    return [
        (f"sort[{n}]", f"{by_public_id(path)}:{direction}")
        for n, (path, direction) in enumerate(sort)
    ]


def filter_params(query: Query) -> list[tuple[str, str]]:
    params = []
    for condition in query.filters:
        keys = "".join(f"[{part}]" for part in by_public_id(condition.path).split("."))
        params += [(f"filters{keys}[$in][{n}]", str(v)) for n, v in enumerate(condition.values)]
    return params


def populate_params(populate: dict, prefix: str = "populate") -> list[tuple[str, str]]:
    """{"teacher": {"thumbnail": {}}} -> populate[teacher][populate][thumbnail]=true"""
    params = []
    for name, nested in sorted(populate.items()):
        if nested:
            params += populate_params(nested, f"{prefix}[{name}][populate]")
        else:
            params.append((f"{prefix}[{name}]", "true"))
    return params


def _error_message(body: bytes) -> str:
    try:
        error = json.loads(body).get("error") or {}
        return f"{error.get('name')}: {error.get('message')}"
    except (ValueError, AttributeError):
        return body[:200].decode(errors="replace")
