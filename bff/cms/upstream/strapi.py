"""Strapi v5 over its REST API, authenticated with an API token."""

from __future__ import annotations

import logging

import requests

from ..query import Query
from . import UpstreamError, UpstreamUnavailable

log = logging.getLogger(__name__)


class StrapiUpstream:
    kind = "strapi"

    def __init__(self, base_url: str, token: str | None, timeout: float):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def ping(self) -> None:
        # Strapi answers its health route with 204 once it accepts requests.
        response = self.session.get(f"{self.base_url}/_health", timeout=self.timeout)
        response.raise_for_status()

    def find(self, query: Query) -> dict:
        params = [
            ("pagination[start]", str(query.start)),
            ("pagination[limit]", str(query.limit)),
            *sort_params((*query.sort, ("id", "asc"))),
            *filter_params(query),
            *populate_params(query.populate),
        ]
        return self._get(f"/api/{query.collection}", params)

    def single(self, rest_path: str, populate: dict) -> dict | None:
        try:
            return self._get(f"/api/{rest_path}", populate_params(populate))
        except UpstreamError as error:
            if error.status == 404:
                return None
            raise

    def media_file(self, relative: str):
        return None  # Strapi serves its own media

    def _get(self, path: str, params: list[tuple[str, str]]) -> dict:
        url = self.base_url + path
        try:
            response = self.session.get(url, params=params, timeout=self.timeout)
        except requests.RequestException as error:
            raise UpstreamUnavailable(f"{path}: {type(error).__name__}") from error
        if response.status_code >= 500:
            raise UpstreamUnavailable(f"{path}: HTTP {response.status_code}")
        if response.status_code >= 400:
            raise UpstreamError(response.status_code, _error_message(response))
        try:
            return response.json()
        except ValueError as error:
            raise UpstreamUnavailable(f"{path}: answer is not JSON") from error


def sort_params(sort) -> list[tuple[str, str]]:
    return [(f"sort[{n}]", f"{path}:{direction}") for n, (path, direction) in enumerate(sort)]


def filter_params(query: Query) -> list[tuple[str, str]]:
    params = []
    for condition in query.filters:
        keys = "".join(f"[{part}]" for part in condition.path.split("."))
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


def _error_message(response: requests.Response) -> str:
    try:
        error = response.json().get("error") or {}
        return f"{error.get('name')}: {error.get('message')}"
    except ValueError:
        return response.text[:200]
