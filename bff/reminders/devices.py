"""Registering a member's device for notifications and forgetting it."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from ..platform.database import commit_retrying_conflicts
from ..platform.errors import ApiError
from .models import Device


def register(
    session: Session,
    user_id: int,
    *,
    platform: str,
    token: str,
    locale: str,
    timezone: str,
    now: datetime,
) -> Device:
    """Keep the device under this member: a token already known is updated and, registered by
    another member before (the phone changed hands, a sign-out without unregistering), moves to
    this one. Committed."""

    def write() -> Device:
        device = session.scalar(sa.select(Device).where(Device.token == token))
        if device is None:
            device = Device(token=token, created_at=now)
            session.add(device)
        device.user_id = user_id
        device.platform, device.locale, device.timezone = platform, locale, timezone
        device.updated_at = now
        session.flush()
        return device

    # Two registrations of a new token at once: the second sees the first's row and updates it.
    return commit_retrying_conflicts(session, write)


def unregister(session: Session, user_id: int, token: str) -> None:
    """Forget the member's device (404 when the member has no device of that token).
    Committed."""
    deleted = session.execute(
        sa.delete(Device).where(Device.user_id == user_id, Device.token == token)
    )
    if not deleted.rowcount:  # type: ignore[attr-defined]
        session.rollback()
        raise ApiError(404, "device_not_found")
    session.commit()


def of_member(session: Session, user_id: int) -> list[Device]:
    """The member's devices, the newest first."""
    return list(
        session.scalars(
            sa.select(Device)
            .where(Device.user_id == user_id)
            .order_by(Device.updated_at.desc(), Device.id.desc())
        )
    )


def forget(session: Session, device_id: int) -> None:
    """Forget a device whose token the push service says is dead. Flushed; the caller commits."""
    session.execute(sa.delete(Device).where(Device.id == device_id))
    session.flush()
