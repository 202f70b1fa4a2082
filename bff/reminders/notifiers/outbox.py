"""Notifications as JSON files in instance/notifications/, when no push service is set up."""

from __future__ import annotations

import json
import logging
import uuid
from datetime import UTC, datetime
from pathlib import Path

from . import DELIVERED, Outcome, Target

log = logging.getLogger(__name__)


class FolderNotifier:
    """Writes each notification as a JSON file that a developer (or a test) reads, as mails go
    to the outbox folder."""

    kind = "folder"

    def __init__(self, folder: Path):
        self.folder = folder

    def send(self, device: Target, title: str, body: str, data: dict[str, str]) -> Outcome:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        target = self.folder / f"{stamp}-{uuid.uuid4().hex[:8]}.json"
        draft = target.with_suffix(".part")
        notification = {
            "platform": device.platform,
            "token": device.token,
            "locale": device.locale,
            "title": title,
            "body": body,
            "data": data,
        }
        draft.write_text(json.dumps(notification, indent=2, ensure_ascii=False), encoding="utf-8")
        draft.rename(target)  # readers never see half a notification
        log.info("Notification for a %s device written to %s", device.platform, target)
        return DELIVERED
