"""Command-line tasks: `flask --app bff db upgrade` and friends."""

from __future__ import annotations

import json
import logging
import signal
import time
from datetime import timedelta
from urllib.parse import urlsplit

import click
from alembic import command
from flask import Flask

from .app_context import app_context
from .domains import DOMAINS
from .platform import database
from .platform.extensions import db


def register(app: Flask) -> None:
    """The commands of the whole application (here: they read the application context), then
    each domain's own (its commands.py)."""
    for domain in DOMAINS:
        if domain.commands is not None:
            domain.commands(app)

    @app.cli.command("openapi")
    def openapi_document():
        """Print the OpenAPI document that /api/openapi.json serves (the client's types are
        generated from it: docs/api.md)."""
        document = app_context(app).api.spec.to_dict()
        click.echo(json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False))

    @app.cli.group("db")
    def db_group():
        """Database schema migrations (Alembic)."""

    @db_group.command("upgrade")
    @click.argument("revision", default="head")
    def upgrade(revision: str):
        """Migrate the database up to REVISION (the newest by default)."""
        database.upgrade(app_context().settings.database_url, revision)
        click.echo(f"Database at {database.current_revision(app_context().settings.database_url)}")

    @db_group.command("downgrade")
    @click.argument("revision")
    def downgrade(revision: str):
        """Migrate the database down to REVISION (`base` empties it)."""
        database.downgrade(app_context().settings.database_url, revision)

    @db_group.command("current")
    def current():
        """Print the revision the database is at."""
        click.echo(database.current_revision(app_context().settings.database_url) or "empty")

    @db_group.command("prune")
    def prune():
        """Delete the rows whose time is over: Idempotency-Key answers past their 24 hours
        (claims prune a few as they go; this clears the rest, from a daily job)."""
        from .platform import idempotency
        from .platform.extensions import db

        click.echo(f"{idempotency.prune(db.session)} idempotency keys deleted")

    @db_group.command("revision")
    @click.option("-m", "--message", required=True)
    @click.option("--autogenerate/--empty", default=True)
    def revision(message: str, autogenerate: bool):
        """Write a new migration from the difference between the models and the database."""
        command.revision(
            database.alembic_config(app_context().settings.database_url),
            message=message,
            autogenerate=autogenerate,
        )

    @app.cli.group("search")
    def search_group():
        """The site search's index (docs/content-gateway.md, search)."""

    @search_group.command("rebuild")
    def rebuild():
        """Index every published item anew from the CMS."""
        count = app_context().search.rebuild(db.session())
        click.echo(f"Search index rebuilt: {count} items")

    @app.cli.group("cms")
    def cms_group():
        """The content the site reads from the CMS (docs/content-gateway.md)."""

    @cms_group.command("check-chess")
    def check_chess():
        """List every key position, model game and exercise the site drops (an illegal FEN or
        move, a line of even length, an unreadable PGN), for editors to fix; exits with 1 when
        there is any."""
        problems = app_context().catalogue.chess_problems()
        for problem in problems:
            click.echo(
                "\t".join(
                    (
                        problem.type,
                        problem.id,
                        problem.chapter or "",
                        problem.key or "",
                        problem.reason,
                    )
                )
            )
        if problems:
            click.echo(f"{len(problems)} entries to fix", err=True)
            raise SystemExit(1)
        click.echo("Every position, game and exercise is legal", err=True)

    @cms_group.command("check-links")
    def check_links():
        """List every link to a page of this site, in the content's text and link fields, that
        leads nowhere (no such page, or an entry the site does not show), for editors to fix;
        exits with 1 when there is any."""
        from .cms.content_types import load_model
        from .pages.link_check import LinkChecker

        services = app_context()
        own_hosts = {urlsplit(services.settings.public_base_url).hostname or ""}
        problems = LinkChecker(services.upstream, load_model(), own_hosts).broken()
        for problem in problems:
            click.echo(
                "\t".join((problem.type, problem.id, problem.field, problem.link, problem.reason))
            )
        if problems:
            click.echo(f"{len(problems)} broken links to fix", err=True)
            raise SystemExit(1)
        click.echo("Every link to the site leads to a page it shows", err=True)

    @cms_group.command("release-scheduled")
    @click.option(
        "--window",
        default=120,
        show_default=True,
        help="Seconds back from now in which a release is looked for (twice the job's interval).",
    )
    @click.option(
        "--every",
        type=int,
        default=0,
        help="Run again every EVERY seconds until stopped (the Procfile's scheduled process), "
        "each run looking twice as far back.",
    )
    def release_scheduled(window: int, every: int):
        """Purge what shows the entries whose "Publish at" (or an article's "Date posted") came
        in the last WINDOW seconds, so the site shows them at once: run it every minute."""
        if every <= 0:
            click.echo(f"Released: {' '.join(sorted(_release(window))) or 'nothing due'}")
            return
        stopping: list[bool] = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        try:
            while not stopping:
                try:
                    tags = _release(2 * every)
                    if tags:
                        click.echo(f"Released: {' '.join(sorted(tags))}")
                except Exception:  # a CMS away for a while: the next run tries again
                    logging.getLogger(__name__).exception("A release of scheduled entries failed")
                finally:
                    db.session.remove()
                wake = time.time() + every
                while not stopping and time.time() < wake:  # SIGTERM heard within a second
                    time.sleep(min(1.0, max(0.0, wake - time.time())))
        except KeyboardInterrupt:
            pass

    def _release(window: int) -> set[str]:
        from .cms.content_types import load_model
        from .cms.scheduled import release_due
        from .cms.webhook import purge

        services = app_context()
        tags = release_due(
            services.upstream.released,
            load_model().types.values(),
            services.clock(),
            timedelta(seconds=window),
        )
        purge(tags, services.catalogue.cache, services.cdn)
        if tags:
            services.content_changed(tags)
        return tags
