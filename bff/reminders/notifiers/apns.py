"""Apple Push Notification service: HTTP/2 with a provider token signed by the .p8 key."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx
import jwt

from . import DEAD_TOKEN, DELIVERED, RETRY, Outcome, Target

log = logging.getLogger(__name__)

HOSTS = {
    "production": "https://api.push.apple.com",
    "sandbox": "https://api.sandbox.push.apple.com",
}
# Apple refuses a provider token older than an hour and one renewed more often than every
# 20 minutes: one token is kept for 50.
TOKEN_LIFETIME = 50 * 60
# A reminder is stale by then: APNs stops trying to reach a phone that stayed off.
EXPIRES_AFTER = 6 * 3600


@dataclass(frozen=True)
class ApnsSettings:
    team_id: str
    key_id: str
    private_key: str  # the .p8 file's PEM
    topic: str  # the app's bundle id
    environment: str = "production"  # or sandbox, for development builds


class ApnsNotifier:
    kind = "apns"

    def __init__(
        self,
        settings: ApnsSettings,
        client: httpx.Client | None = None,
        now: Callable[[], float] = time.time,
    ):
        self.settings = settings
        self.base_url = HOSTS[settings.environment]
        self.client = client or httpx.Client(http2=True, timeout=10.0)
        self.now = now
        self._token: tuple[str, float] | None = None
        self._lock = threading.Lock()

    def provider_token(self) -> str:
        """The JWT APNs authenticates us by: ES256, our key's id, our team as issuer."""
        with self._lock:
            now = self.now()
            if self._token is None or now - self._token[1] >= TOKEN_LIFETIME:
                signed = jwt.encode(
                    {"iss": self.settings.team_id, "iat": int(now)},
                    self.settings.private_key,
                    algorithm="ES256",
                    headers={"kid": self.settings.key_id},
                )
                self._token = (signed, now)
            return self._token[0]

    def send(self, device: Target, title: str, body: str, data: dict[str, str]) -> Outcome:
        headers = {
            "authorization": f"bearer {self.provider_token()}",
            "apns-topic": self.settings.topic,
            "apns-push-type": "alert",
            "apns-priority": "10",
            "apns-expiration": str(int(self.now()) + EXPIRES_AFTER),
        }
        if data.get("kind"):
            # A newer reminder of the same kind replaces the one still shown.
            headers["apns-collapse-id"] = data["kind"]
        payload = {"aps": {"alert": {"title": title, "body": body}, "sound": "default"}, **data}
        try:
            answer = self.client.post(
                f"{self.base_url}/3/device/{device.token}", json=payload, headers=headers
            )
        except httpx.HTTPError as error:
            log.warning("APNs unreachable: %s", error)
            return RETRY
        if answer.status_code == 200:
            return DELIVERED
        reason = _reason(answer)
        if answer.status_code == 410 or reason == "Unregistered":
            return DEAD_TOKEN
        if answer.status_code == 403 and reason in ("ExpiredProviderToken", "InvalidProviderToken"):
            with self._lock:
                self._token = None  # signed anew for the next try
        log.warning("APNs refused a notification: %s %s", answer.status_code, reason)
        return RETRY


def _reason(answer: httpx.Response) -> str:
    try:
        return str(answer.json().get("reason", ""))
    except ValueError:
        return ""
