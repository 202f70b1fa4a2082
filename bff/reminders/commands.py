"""`flask --app bff reminders send` (once, for cron) and `reminders run` (each minute)."""

from __future__ import annotations

import logging
import signal
import time

import click
from flask import Flask

from ..app_context import app_context
from ..platform.extensions import db
from . import delivery_of, sender

log = logging.getLogger(__name__)


def register(app: Flask) -> None:
    @app.cli.group("reminders")
    def reminders_group() -> None:
        """Reminders on members' phones (docs/apps.md, reminders)."""

    @reminders_group.command("send")
    def send() -> None:
        """Send the reminders due now, once (for cron: every minute)."""
        report = _send(app)
        click.echo(
            f"Reminders sent: {report.sent} ({report.notifications} notifications,"
            f" {report.dead_tokens} dead tokens removed, {report.retries} to try again)"
        )

    @reminders_group.command("run")
    def run() -> None:
        """Send the reminders due, at the start of every minute, until stopped (the Procfile's
        reminders process)."""
        stopping: list[bool] = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        click.echo("Sending reminders each minute (Ctrl-C stops)")
        try:
            while not stopping:
                try:
                    _send(app)
                except Exception:  # a database away for a minute: the next minute tries again
                    log.exception("A run of the reminders failed")
                    db.session.rollback()
                # Sleep to the next minute, a second at a time so that SIGTERM is heard.
                wake = (time.time() // 60 + 1) * 60
                while not stopping and time.time() < wake:
                    time.sleep(min(1.0, max(0.0, wake - time.time())))
        except KeyboardInterrupt:
            pass
        finally:
            db.session.remove()


def _send(app: Flask) -> sender.Report:
    return sender.send_due(db.session(), delivery_of(app), app_context(app).clock)
