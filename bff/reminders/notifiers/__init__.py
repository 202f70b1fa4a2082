"""How a notification reaches a device: one interface, APNs, FCM and the notifications folder."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

# What became of one notification: shown to the device, the token is dead (the app was
# removed, the token replaced: the device is forgotten), or worth trying again later.
Outcome = Literal["delivered", "dead_token", "retry"]
DELIVERED: Outcome = "delivered"
DEAD_TOKEN: Outcome = "dead_token"  # noqa: S105 - an outcome, not a secret
RETRY: Outcome = "retry"


@dataclass(frozen=True)
class Target:
    """The device a notification goes to, as the notifiers need it."""

    platform: str  # ios | android
    token: str
    locale: str


class Notifier(Protocol):
    kind: str

    def send(self, device: Target, title: str, body: str, data: dict[str, str]) -> Outcome:
        """Deliver one notification, never raising for what the push service answers."""
