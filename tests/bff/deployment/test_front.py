"""The recipe of docs/deploying.md, "In front of the BFF" (docs/deploy/nginx.conf), run as it is
in front of a real instance: TLS, requests read whole before the BFF sees them, plain HTTP sent
to the site's own https address, one id per request in both logs, no secret in nginx's log,
/metrics kept inside, and a client that forges X-Forwarded-For still counted as itself."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest
import requests

from ..conftest import REQUIRE_SERVICES
from .instances import REPO_ROOT, free_port

pytestmark = pytest.mark.deployment

RECIPE = REPO_ROOT / "docs" / "deploy" / "nginx.conf"


@pytest.fixture(scope="module")
def nginx_binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else ""
    )
    if not found:
        if REQUIRE_SERVICES:
            pytest.fail("nginx is not installed (scripts/install-system-deps installs it)")
        pytest.skip("nginx is not installed")
    return found


def certificate(folder: Path) -> tuple[Path, Path]:
    key, cert = folder / "privkey.pem", folder / "fullchain.pem"
    subprocess.run(  # noqa: S603
        [  # noqa: S607
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=chess.example",
            "-addext",
            "subjectAltName=DNS:chess.example,IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture(scope="module")
def front(deployment, nginx_binary, tmp_path_factory):
    """The recipe's nginx in front of one instance (two workers, PROXY_HOPS=1)."""
    [instance] = deployment(1, workers=2, PROXY_HOPS="1", RATE_LIMIT_CHECK="3 per minute")
    folder = tmp_path_factory.mktemp("nginx")
    for name in ("logs", "lib"):
        (folder / name).mkdir()
    cert, key = certificate(folder)
    http_port, https_port = free_port(), free_port()
    config = RECIPE.read_text()
    for mine, theirs in (
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{instance.port};"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
        ("/etc/ssl/chess/fullchain.pem", str(cert)),
        ("/etc/ssl/chess/privkey.pem", str(key)),
        ("/var/log/nginx/", f"{folder / 'logs'}/"),
        ("/var/lib/nginx/", f"{folder / 'lib'}/"),
        ("/run/nginx-bff.pid", str(folder / "nginx.pid")),
    ):
        assert mine in config, mine
        config = config.replace(mine, theirs)
    if os.getuid() == 0:
        config = "user root;\n" + config  # the test's folders are root's own
    (folder / "nginx.conf").write_text(config)
    process = subprocess.Popen(  # noqa: S603
        [nginx_binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", https_port), 1):
            break
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.05)
    yield {
        "https": f"https://127.0.0.1:{https_port}",
        "http": f"http://127.0.0.1:{http_port}",
        "port": https_port,
        "verify": str(cert),
        "log": folder / "logs" / "bff-access.log",
        "instance": instance,
    }
    process.terminate()
    process.wait(10)


def test_tls_in_front_and_one_id_per_request_in_both_logs(front):
    answer = requests.get(front["https"] + "/healthz", verify=front["verify"], timeout=5)
    assert answer.status_code == 200
    request_id = answer.headers["X-Request-ID"]
    assert len(request_id) == 32
    time.sleep(0.2)
    assert front["log"].read_text().splitlines()[-1].endswith(request_id)


def test_plain_http_goes_to_the_sites_own_https_address(front):
    answer = requests.get(
        front["http"] + "/cms/lessons",
        headers={"Host": "evil.example"},
        allow_redirects=False,
        timeout=5,
    )
    assert answer.status_code == 301
    assert answer.headers["Location"] == "https://chess.example/cms/lessons"


def test_metrics_stay_inside_and_secrets_stay_out_of_the_log(front):
    token = {"Authorization": "Bearer deployment-metrics-token-of-32-bytes-or-more"}
    answer = requests.get(
        front["https"] + "/metrics", headers=token, verify=front["verify"], timeout=5
    )
    assert answer.status_code == 404
    secret = "eyJhbGciOiJIUzI1NiJ9.secret-payload.sig"
    requests.get(
        front["https"] + f"/lessons/5?embedded=1&token={secret}",
        verify=front["verify"],
        timeout=5,
    )
    time.sleep(0.2)
    assert "secret-payload" not in front["log"].read_text()


def test_a_forged_forwarded_for_does_not_escape_the_rate_limit(front):
    """PROXY_HOPS=1 reads the address nginx saw, whatever the client claims before it."""
    statuses = [
        requests.get(
            front["https"] + "/users/check?username=magnus_c",
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
            verify=front["verify"],
            timeout=5,
        ).status_code
        for n in range(4)
    ]
    assert statuses == [200, 200, 200, 429]


def test_slow_clients_are_held_by_nginx_not_by_the_bff(front):
    context = ssl.create_default_context(cafile=front["verify"])
    stalled = []
    for _ in range(60):
        raw = socket.create_connection(("127.0.0.1", front["port"]), timeout=5)
        tls = context.wrap_socket(raw, server_hostname="127.0.0.1")
        tls.sendall(
            b"POST /users/login HTTP/1.1\r\nHost: chess.example\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        )
        stalled.append(tls)
    try:
        with requests.Session() as session:  # its connection made before the clock starts
            ask = {"verify": front["verify"], "timeout": 5}
            assert session.get(front["https"] + "/healthz", **ask).status_code == 200
            started = time.monotonic()
            assert session.get(front["https"] + "/healthz", **ask).status_code == 200
            assert time.monotonic() - started < 0.1
    finally:
        for connection in stalled:
            connection.close()
