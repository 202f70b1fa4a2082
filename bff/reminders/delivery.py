"""Which notifier each platform's devices get: APNs and FCM when set up, else the folder."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..platform.config import ConfigError
from .notifiers import Notifier
from .notifiers.apns import HOSTS, ApnsNotifier, ApnsSettings
from .notifiers.fcm import FcmNotifier, service_account_token
from .notifiers.outbox import FolderNotifier

IOS, ANDROID = PLATFORMS = ("ios", "android")


@dataclass
class Delivery:
    """The notifier of each platform; a test swaps one by assigning it."""

    ios: Notifier
    android: Notifier

    def notifier(self, platform: str) -> Notifier:
        return self.ios if platform == IOS else self.android


def make_delivery(environ: Mapping[str, str], instance_path: Path) -> Delivery:
    """APNs with APNS_TEAM_ID, APNS_KEY_ID, APNS_PRIVATE_KEY and APNS_TOPIC; FCM with
    FCM_SERVICE_ACCOUNT_JSON; a platform without its settings writes to
    instance/notifications/. Half a service's settings stops start-up (ConfigError)."""

    def get(name: str) -> str | None:
        value = str(environ.get(name) or "").strip()
        return value or None

    folder = FolderNotifier(instance_path / "notifications")
    ios: Notifier = folder
    android: Notifier = folder

    apns = {
        name: get(name)
        for name in ("APNS_TEAM_ID", "APNS_KEY_ID", "APNS_PRIVATE_KEY", "APNS_TOPIC")
    }
    if any(apns.values()):
        missing = [name for name, value in apns.items() if not value]
        if missing:
            raise ConfigError(f"APNs needs {', '.join(missing)} as well.")
        environment = get("APNS_ENVIRONMENT") or "production"
        if environment not in HOSTS:
            raise ConfigError("APNS_ENVIRONMENT must be production or sandbox.")
        ios = ApnsNotifier(
            ApnsSettings(
                team_id=str(apns["APNS_TEAM_ID"]),
                key_id=str(apns["APNS_KEY_ID"]),
                # The .p8 file's PEM, its line breaks written \n where the platform wants one line.
                private_key=str(apns["APNS_PRIVATE_KEY"]).replace("\\n", "\n"),
                topic=str(apns["APNS_TOPIC"]),
                environment=environment,
            )
        )

    account = get("FCM_SERVICE_ACCOUNT_JSON")
    if account:
        try:
            info = json.loads(account)
        except ValueError as error:
            raise ConfigError("FCM_SERVICE_ACCOUNT_JSON is not JSON.") from error
        project_id = get("FCM_PROJECT_ID") or info.get("project_id")
        if not project_id:
            raise ConfigError("FCM_PROJECT_ID is needed: the service account names no project.")
        try:
            token = service_account_token(info)
        except (ValueError, KeyError) as error:
            raise ConfigError(
                f"FCM_SERVICE_ACCOUNT_JSON is not a service account: {error}"
            ) from error
        android = FcmNotifier(project_id, token)
    return Delivery(ios=ios, android=android)
