"""The sender: each run sends the reminders due now, each once a member a kind a local day."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from . import devices, due, preferences
from .delivery import Delivery
from .models import Device, SentReminder
from .notifiers import DEAD_TOKEN, DELIVERED, RETRY, Target

log = logging.getLogger(__name__)

# Members read a batch at a time, so a run's memory does not grow with the membership.
BATCH = 500


@dataclass
class Report:
    sent: int = 0  # reminders delivered to at least one device
    notifications: int = 0  # notifications delivered, one a device
    dead_tokens: int = 0
    retries: int = 0


def send_due(session: Session, delivery: Delivery, now: Callable[[], datetime]) -> Report:
    """Send every reminder due at ``now()`` to each device of its member."""
    report = Report()
    at = now()
    after = 0
    while True:
        members = list(
            session.scalars(
                sa.select(Device.user_id)
                .where(Device.user_id > after)
                .group_by(Device.user_id)
                .order_by(Device.user_id)
                .limit(BATCH)
            )
        )
        session.rollback()  # no transaction held open between members
        if not members:
            return report
        for user_id in members:
            _send_member(session, delivery, user_id, at, report)
        after = members[-1]


def _send_member(
    session: Session, delivery: Delivery, user_id: int, now: datetime, report: Report
) -> None:
    chosen = preferences.choice(session, user_id)
    local = due.local_time(now, preferences.zone_of(session, user_id, chosen))
    kinds = due.candidates(chosen, local)
    if kinds:
        sent_already = set(
            session.scalars(
                sa.select(SentReminder.kind).where(
                    SentReminder.user_id == user_id, SentReminder.local_date == local.date()
                )
            )
        )
        kinds = [kind for kind in kinds if kind not in sent_already]
    for reminder in list(due.reminders(session, user_id, kinds, local, now)) if kinds else []:
        claim = _claim(session, user_id, reminder, now)
        if claim is None:
            continue  # another sender has it
        _deliver(session, delivery, user_id, reminder, claim, report)
    session.rollback()


def _claim(session: Session, user_id: int, reminder: due.Reminder, now: datetime) -> int | None:
    """Write down the reminder before it is sent: a second sender (or run) finds it there.
    Committed; None when it was there already."""
    row = SentReminder(
        user_id=user_id, kind=reminder.kind, local_date=reminder.local_date, sent_at=now
    )
    session.add(row)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return None
    return row.id


def _deliver(
    session: Session,
    delivery: Delivery,
    user_id: int,
    reminder: due.Reminder,
    claim: int,
    report: Report,
) -> None:
    data = {"kind": reminder.kind, "path": reminder.text.path}
    outcomes = []
    for device in devices.of_member(session, user_id):
        target = Target(device.platform, device.token, device.locale)
        outcome = delivery.notifier(device.platform).send(
            target, reminder.text.title, reminder.text.body, data
        )
        outcomes.append(outcome)
        if outcome == DEAD_TOKEN:
            devices.forget(session, device.id)
            report.dead_tokens += 1
    delivered = outcomes.count(DELIVERED)
    report.notifications += delivered
    if delivered:
        report.sent += 1
    elif RETRY in outcomes:
        # Nothing reached the member: the claim goes, so a later run (within the reminder's
        # hours) tries again.
        session.execute(sa.delete(SentReminder).where(SentReminder.id == claim))
        report.retries += 1
    session.commit()
    log.info("Reminder %s for member %s: %s", reminder.kind, user_id, outcomes or "no device")
