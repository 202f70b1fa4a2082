"""Builders and readers shared by the accounts tests."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path

PASSWORD = "secret123"


def registration(**overrides) -> dict:
    body = {
        "type": "email",
        "username": "magnus_c",
        "email": "magnus@example.com",
        "password": PASSWORD,
        "country": "NO",
        "skill_level": "master",
        "terms": True,
        "platform": "mobile-web",
    }
    body.update(overrides)
    return {key: value for key, value in body.items() if value is not None}


def mails(outbox: Path) -> list[email.message.EmailMessage]:
    if not outbox.exists():
        return []
    return [
        email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        for path in sorted(outbox.glob("*.eml"))
    ]


def link_in(message) -> str:
    text = message.get_body(preferencelist=("plain",)).get_content()
    return re.search(r"https?://\S+", text).group(0)


def path_of(link: str) -> str:
    return re.sub(r"^https?://[^/]+", "", link)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
