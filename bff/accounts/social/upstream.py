"""HTTP calls to the sign-in providers: one timeout, one way of failing."""

from __future__ import annotations

import logging

import requests

from .identity import unavailable

log = logging.getLogger(__name__)


def call(
    http: requests.Session,
    method: str,
    url: str,
    *,
    provider: str,
    what: str,
    timeout: float,
    **kwargs,
) -> requests.Response:
    """Send one request; a network failure or a 5xx becomes social_provider_unavailable.

    4xx answers are returned: what they mean depends on the endpoint.
    """
    try:
        response = http.request(method, url, timeout=timeout, allow_redirects=False, **kwargs)
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


def json_object(response: requests.Response, *, provider: str, what: str) -> dict:
    """The JSON object of an answer; anything else means the provider is not itself."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict):
        log.warning("%s %s answered %s without a JSON object", provider, what, response.status_code)
        raise unavailable(provider, "bad_answer")
    return body
