"""Firebase Cloud Messaging's HTTP v1 API, authorised by a Google service account."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import httpx

from . import DEAD_TOKEN, DELIVERED, RETRY, Outcome, Target

log = logging.getLogger(__name__)

SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
SEND_URL = "https://fcm.googleapis.com/v1/projects/{project_id}/messages:send"
FCM_ERROR = "type.googleapis.com/google.firebase.fcm.v1.FcmError"
# A reminder is stale by then: FCM stops trying to reach a phone that stayed off.
TIME_TO_LIVE = "21600s"


def service_account_token(info: dict[str, Any]) -> Callable[[], str]:
    """An OAuth 2 access token of the service account, renewed by google-auth when it expires."""
    import google.auth.transport.requests
    from google.oauth2 import service_account

    # google-auth's functions are not annotated.
    credentials = service_account.Credentials.from_service_account_info(  # type: ignore[no-untyped-call]
        info, scopes=[SCOPE]
    )
    lock = threading.Lock()

    def token() -> str:
        with lock:
            if not credentials.valid:
                credentials.refresh(google.auth.transport.requests.Request())
            return str(credentials.token)

    return token


class FcmNotifier:
    kind = "fcm"

    def __init__(
        self,
        project_id: str,
        access_token: Callable[[], str],
        client: httpx.Client | None = None,
    ):
        self.url = SEND_URL.format(project_id=project_id)
        self.access_token = access_token
        self.client = client or httpx.Client(timeout=10.0)

    def send(self, device: Target, title: str, body: str, data: dict[str, str]) -> Outcome:
        message: dict[str, Any] = {
            "token": device.token,
            "notification": {"title": title, "body": body},
            # FCM's data values are strings only.
            "data": {key: str(value) for key, value in data.items()},
            "android": {"ttl": TIME_TO_LIVE, "collapse_key": data.get("kind", "reminder")},
        }
        try:
            answer = self.client.post(
                self.url,
                json={"message": message},
                headers={"Authorization": f"Bearer {self.access_token()}"},
            )
        except Exception as error:  # noqa: BLE001 - the network or the token's refresh
            log.warning("FCM unreachable: %s", error)
            return RETRY
        if answer.status_code == 200:
            return DELIVERED
        code = _error_code(answer)
        if code == "UNREGISTERED":
            return DEAD_TOKEN
        log.warning("FCM refused a notification: %s %s", answer.status_code, code)
        return RETRY


def _error_code(answer: httpx.Response) -> str:
    """FCM's own code (UNREGISTERED, QUOTA_EXCEEDED...), else the Google API status."""
    try:
        error = answer.json().get("error", {})
    except ValueError:
        return ""
    for detail in error.get("details", []):
        if detail.get("@type") == FCM_ERROR and detail.get("errorCode"):
            return str(detail["errorCode"])
    return str(error.get("status", ""))
