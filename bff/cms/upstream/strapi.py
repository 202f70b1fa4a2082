"""Strapi v5 over its REST API, authenticated with an API token."""

from __future__ import annotations

import requests


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
