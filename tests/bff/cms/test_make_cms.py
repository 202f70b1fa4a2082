"""`make cms` on a fresh copy of the repository, as README tells an editor to run it.

The copy holds the repository's files only (no instance/, no Strapi project, no admin build), and
`make cms` runs with its defaults: the CMS home in the copy's instance/cms, inside a folder with
the repository's tsconfig.json. It must get to a served admin panel that logs the admin in, and
print the complete line that starts the site on it. The installed Strapi packages come from the
shared cache (scripts/strapi-install, BFF_STRAPI_CACHE); the project, its admin build, database
and seed are made anew. It takes minutes: marked `fresh_clone`, run once, in the SQLite pass.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess  # nosec B404: runs the repository's own make target
import tarfile
import time
from pathlib import Path

import pytest
import requests

from ..conftest import REQUIRE_SERVICES

ROOT = Path(__file__).resolve().parents[3]
VENV = Path(os.environ.get("VENV") or ROOT / ".venv").resolve()
# The admin build (minutes on two busy cores) and the seed push, with room to spare.
DEADLINE = 40 * 60

pytestmark = [
    pytest.mark.fresh_clone,
    pytest.mark.skipif(
        not os.environ.get("TEST_STRAPI_URL") and not REQUIRE_SERVICES,
        reason="TEST_STRAPI_URL is not set (no Strapi install on this machine)",
    ),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fresh_copy(target: Path) -> None:
    """The repository's files as a clone of them committed would have them (tracked, or new and
    not ignored), as they are now."""
    listed = subprocess.run(  # noqa: S603 - git, fixed arguments
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],  # noqa: S607
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    archive = target.with_suffix(".tar")
    with tarfile.open(archive, "w") as tar:
        for name in filter(None, listed):
            path = ROOT / name.decode()
            if path.is_file():
                tar.add(path, arcname=name.decode(), recursive=False)
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data")
    archive.unlink()


def tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return f"({path} was not written)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def test_make_cms_on_a_fresh_clone_serves_the_admin_panel(tmp_path):
    clone = tmp_path / "clone"
    fresh_copy(clone)
    home = clone / "instance" / "cms"
    cms_port, site_port = free_port(), free_port()
    output = tmp_path / "make-cms.log"
    env = {
        **os.environ,
        "CMS_PORT": str(cms_port),
        "BFF_URL": f"http://127.0.0.1:{site_port}",
    }
    for name in ("CMS_HOME", "CMS_ADMIN_EMAIL", "CMS_ADMIN_PASSWORD"):
        env.pop(name, None)
    with output.open("w") as log:
        # `make cms` with the copy's Makefile; its `install` prerequisite (the site's .venv and
        # node_modules) is taken as made: the test's own .venv is handed over.
        make = subprocess.Popen(  # noqa: S603 - our own make target
            ["make", "--no-print-directory", "-o", "install", "cms", f"VENV={VENV}"],  # noqa: S607
            cwd=clone,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        started = time.monotonic()
        while "make run " not in output.read_text(errors="replace"):
            if make.poll() is not None:
                pytest.fail(
                    f"make cms stopped with {make.returncode} before serving the admin panel "
                    f"(its output: {output}; build log: {home / 'build.log'}; Strapi's log: "
                    f"{home / 'strapi.log'}):\n{tail(output)}"
                )
            if time.monotonic() - started > DEADLINE:
                pytest.fail(f"make cms did not finish in {DEADLINE} s (its output: {output})")
            time.sleep(2)
        printed = output.read_text()
        url = f"http://127.0.0.1:{cms_port}"

        panel = requests.get(f"{url}/admin", timeout=30)
        assert panel.status_code == 200, (panel.status_code, tail(home / "strapi.log"))
        assert panel.headers["Content-Type"].startswith("text/html")
        assert "<script" in panel.text  # the built panel, not an error page
        password = (home / "secrets" / "admin-password").read_text().strip()
        login = requests.post(
            f"{url}/admin/login",
            json={"email": "editor@example.com", "password": password},
            timeout=30,
        )
        assert login.status_code == 200, login.text

        # the line that starts the site on it is complete, and its settings are there
        line = " ".join(printed[printed.index("make run ") :].split("\\\n"))
        assert f"PORT={site_port} PUBLIC_BASE_URL=http://127.0.0.1:{site_port} " in line
        assert f"CMS_URL={url} " in line
        for secret in ("bff-token", "webhook-secret", "preview-secret"):
            assert f"$(cat {home / 'secrets' / secret})" in line
            assert (home / "secrets" / secret).read_text().strip()
        # the project is outside the repository; the data is in the home
        project = Path((home / "project").read_text().strip())
        assert clone not in project.parents
        assert (home / "database" / "data.db").stat().st_size > 0
        assert any((home / "uploads").iterdir())
    finally:
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGTERM)
            try:
                make.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(make.pid, signal.SIGKILL)
                make.wait()
        made = home / "project"
        if made.exists():
            shutil.rmtree(made.read_text().strip(), ignore_errors=True)
