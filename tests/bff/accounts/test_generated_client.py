"""A typed Python client generated from the OpenAPI document (openapi-python-client, as an app
team would) signs up, signs in and reads the profile against a live BFF: the document is enough
to write a client that works (docs/apps.md, "Generating a client")."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from bff.app_context import app_context

from .builders import PASSWORD, link_in, mails

PACKAGE = "chess_api_client"
BYTES = "application/octet-stream"


@pytest.fixture
def generated(app, tmp_path, monkeypatch):
    """The client package, generated from this application's document into a temporary folder
    and importable for the test."""
    document = tmp_path / "openapi.json"
    document.write_text(json.dumps(app_context(app).api.spec.to_dict()))
    # An uploaded picture is bytes to the client whatever its type; the code is left unformatted.
    config = tmp_path / "config.json"
    config.write_text(
        json.dumps({"content_type_overrides": {"image/webp": BYTES}, "post_hooks": []})
    )
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run(  # noqa: S603 - the test extras' generator, on our own files
        [generator, "generate", "--path", document, "--output-path", tmp_path / PACKAGE]
        + ["--meta", "none", "--config", config],
        capture_output=True,
        text=True,
        timeout=600,
    )
    printed = done.stdout + done.stderr
    assert done.returncode == 0, printed
    assert "Warning" not in printed, printed  # every operation and answer made it in
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(PACKAGE)
    for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
        del sys.modules[name]


@pytest.fixture
def server(app):
    """The application served over HTTP on a free port, for as long as the test runs."""
    live = make_server("127.0.0.1", 0, app, threaded=False)
    thread = threading.Thread(target=live.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{live.server_port}"
    live.shutdown()
    thread.join(10)


def test_a_generated_client_registers_signs_in_and_reads_the_profile(generated, server, outbox):
    api = importlib.import_module(f"{PACKAGE}.api.users")
    models = importlib.import_module(f"{PACKAGE}.models")
    register = importlib.import_module(f"{PACKAGE}.api.users.post_register")
    confirm = importlib.import_module(f"{PACKAGE}.api.users.post_confirm_email")
    login = importlib.import_module(f"{PACKAGE}.api.users.post_login")
    profile = importlib.import_module(f"{PACKAGE}.api.users.get_profile")
    assert api is not None
    guest = generated.Client(base_url=server, raise_on_unexpected_status=True)

    registered = register.sync(
        client=guest,
        body=models.RegisterBody(
            type_=models.RegisterBodyType.EMAIL,
            username="magnus_c",
            email="magnus@example.com",
            password=PASSWORD,
            country="NO",
            skill_level="master",
            terms=True,
            platform=models.RegisterBodyPlatform.IOS,
        ),
    )
    assert isinstance(registered, models.RegisteredEnvelope), registered
    assert registered.data.email_confirmation_required is True

    token = link_in(mails(outbox)[-1]).split("token=", 1)[1]
    confirmed = confirm.sync(client=guest, body=models.MailedTokenBody(token=token))
    assert isinstance(confirmed, models.AccountMessageEnvelope), confirmed

    session = login.sync(
        client=guest,
        body=models.LoginBody(
            username="magnus@example.com",
            password=PASSWORD,
            platform=models.LoginBodyPlatform.IOS,
        ),
    )
    assert isinstance(session, models.UserSessionEnvelope), session
    assert session.data.refresh  # an app keeps its refresh token itself

    member = generated.AuthenticatedClient(
        base_url=server, token=session.data.access, raise_on_unexpected_status=True
    )
    me = profile.sync(client=member)
    assert isinstance(me, models.UserEnvelope), me
    assert (me.data.username, me.data.email) == ("magnus_c", "magnus@example.com")
    assert me.data.user_tier == models.UserUserTier.FREE  # an enum of the document
