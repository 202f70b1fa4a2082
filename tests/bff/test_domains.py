"""Every domain declared in bff/domains.py is wired in whole: its blueprints are the
application's, its member-data part is exported and erased, its tables are on the metadata, its
commands on the command line; and no package that looks like a domain is left out of the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

import bff
from bff import models
from bff.accounts.models import User
from bff.accounts.passwords import hash_password
from bff.app_context import app_context
from bff.domains import DOMAINS
from bff.platform.database import Base
from bff.platform.extensions import db

# Packages under bff/ that are not domains: the platform and the layers the domains build on.
NOT_DOMAINS = {"access", "migrations", "platform", "rules", "templates"}
# What makes a package a domain: routes, tables, a member's data or commands of its own.
DOMAIN_MODULES = ("routes.py", "routes", "models.py", "member_data.py", "commands.py")


def test_each_domain_is_declared_once():
    names = [domain.name for domain in DOMAINS]
    assert len(names) == len(set(names))


def test_every_package_that_looks_like_a_domain_is_in_the_list():
    root = Path(bff.__file__).parent
    packages = {path.parent.name for path in root.glob("*/__init__.py")} - NOT_DOMAINS
    looks_like_a_domain = {
        name
        for name in packages
        if any((root / name / module).exists() for module in DOMAIN_MODULES)
    }
    assert looks_like_a_domain, "no domain found: the test looks in the wrong place"
    assert looks_like_a_domain - {domain.name for domain in DOMAINS} == set()
    # A package outside both lists is a new kind of package: say here which it is.
    assert packages == looks_like_a_domain


def test_every_blueprint_of_a_domain_is_registered(app):
    for domain in DOMAINS:
        for blueprint in (*domain.blueprints, *domain.app_blueprints):
            assert app.blueprints.get(blueprint.name) is blueprint, (domain.name, blueprint.name)


def test_the_api_document_lists_the_domains_in_their_order(app):
    tags = [tag["name"] for tag in app_context(app).api.spec.to_dict()["tags"]]
    declared = [blueprint.name for domain in DOMAINS for blueprint in domain.blueprints]
    assert [tag for tag in tags if tag in declared] == declared


def test_every_member_data_part_is_handed_to_accounts_in_the_list_order(app):
    parts = tuple(domain.member_data for domain in DOMAINS if domain.member_data is not None)
    assert app_context(app).member_data == parts


def test_every_member_data_part_is_in_the_export(client, member):
    _, headers = member()
    answer = client.get("/users/account/export", headers=headers)
    assert answer.status_code == 200
    exported = answer.get_json()["data"]
    for domain in DOMAINS:
        if domain.member_data is not None:
            assert set(domain.member_data.export_fields) <= exported.keys(), domain.name


def test_every_member_data_part_is_erased(app, client, member, monkeypatch):
    user_id, headers = member()
    with app.app_context():
        db.session.get(User, user_id).password_hash = hash_password("a password 1")
        db.session.commit()
    erased: list[tuple[str, str]] = []

    def spy(name: str, step: str, real):
        def recorded(*args, **kwargs):
            erased.append((name, step))
            return real(*args, **kwargs)

        return recorded

    for domain in DOMAINS:
        if domain.member_data is not None:
            for step in ("prepare_erasure", "erase"):
                real = getattr(domain.member_data, step)
                monkeypatch.setattr(domain.member_data, step, spy(domain.name, step, real))

    answer = client.post(
        "/users/account/delete", headers=headers, json={"password": "a password 1"}
    )
    assert answer.status_code == 200, answer.get_json()
    with_data = [domain.name for domain in DOMAINS if domain.member_data is not None]
    assert erased == [(name, "prepare_erasure") for name in with_data] + [
        (name, "erase") for name in with_data
    ]


def test_every_domain_model_is_on_the_metadata():
    tables = set(Base.metadata.tables.values())
    owned = set()
    for domain in DOMAINS:
        for module in domain.models:
            assert module in models.MODELS
            found = {
                value.__table__
                for value in vars(module).values()
                if isinstance(value, type)
                and issubclass(value, Base)
                and hasattr(value, "__table__")
            }
            assert found, f"{module.__name__} declares no table"
            owned |= found
    assert owned <= tables
    # And every table is some domain's (or the platform's Idempotency-Key answers).
    platform = {table for table in tables if table.name.startswith("idempotency")}
    assert tables - platform <= owned


@pytest.mark.parametrize("domain", [d for d in DOMAINS if d.commands], ids=lambda d: d.name)
def test_every_command_of_a_domain_is_on_the_command_line(app, domain):
    alone = Flask("probe")
    domain.commands(alone)
    assert alone.cli.commands, domain.name
    for name, command in alone.cli.commands.items():
        assert name in app.cli.commands, (domain.name, name)
        assert app.cli.commands[name].callback.__doc__ == command.callback.__doc__


def test_the_sitemap_lists_every_domain_page(client):
    sitemap = client.get("/sitemap.xml").get_data(as_text=True)
    for domain in DOMAINS:
        for path in domain.sitemap_paths:
            assert f"{path}</loc>" in sitemap, (domain.name, path)
