"""HTTP calls to the sign-in providers: one timeout, one way of failing."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import requests

from .identity import unavailable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProviderHttp:
    """How we call one sign-in provider: its name (in logs and errors), the HTTP session and the
    timeout of every call."""

    provider: str
    http: requests.Session
    timeout: float

    def call(self, method: str, url: str, *, what: str, **kwargs) -> requests.Response:
        """Send one request; a network failure or a 5xx becomes social_provider_unavailable.

        4xx answers are returned: what they mean depends on the endpoint.
        """
        provider = self.provider
        try:
            response = self.http.request(
                method, url, timeout=self.timeout, allow_redirects=False, **kwargs
            )
        except requests.RequestException as exc:
            # Only the class name: the text of a requests error repeats the URL, and Facebook's
            # URLs carry the app secret and the person's token.
            log.warning("%s %s failed: %s", provider, what, type(exc).__name__)
            # `from None` keeps that URL out of any traceback logged further up.
            raise unavailable(provider, "network") from None
        if response.status_code >= 500:
            log.warning("%s %s answered %s", provider, what, response.status_code)
            raise unavailable(provider, "server_error")
        return response

    def json_object(self, response: requests.Response, *, what: str) -> dict:
        """The JSON object of an answer; anything else means the provider is not itself."""
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            status = response.status_code
            log.warning("%s %s answered %s without a JSON object", self.provider, what, status)
            raise unavailable(self.provider, "bad_answer")
        return body
