"""BFF instances as production runs them: the Procfile's gunicorn (its gunicorn.conf.py), on
loopback ports.

Each request a test sends carries an ``X-Probe`` header; the access log records it with the
pid of the worker that answered, so a test knows which worker saw what.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import requests

from ..accounts.builders import link_in, mails, registration

REPO_ROOT = Path(__file__).resolve().parents[3]
ACCESS_FORMAT = "%(p)s %({x-probe}i)s %(s)s"
# gunicorn's settings, as the Procfile names them (a path from the repository's root).
CONFIG = "gunicorn.conf.py"
_probes = itertools.count(1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class RawAnswer:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes


@dataclass
class Instance:
    name: str
    port: int
    folder: Path
    process: subprocess.Popen
    answered: dict[str, int] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def access_log(self) -> Path:
        return self.folder / "access.log"

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        probe = f"{self.name}-{next(_probes)}"
        headers = {**kwargs.pop("headers", {}), "X-Probe": probe}
        response = requests.request(
            method, self.url + path, headers=headers, timeout=kwargs.pop("timeout", 15), **kwargs
        )
        response.probe = probe
        return response

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def send_raw(self, request: bytes) -> RawAnswer:
        """Send bytes as they are (what an HTTP client would refuse to send) and read the
        answer until the server closes the connection."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=15) as connection:
            connection.sendall(request)
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        return RawAnswer(int(status_line.split()[1]), headers, body)

    def worker_of(self, response: requests.Response, wait: float = 2.0) -> int:
        """The pid of the worker that answered (from the access log)."""
        deadline = time.monotonic() + wait
        while response.probe not in self.answered:
            self._read_log()
            if response.probe in self.answered or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        return self.answered[response.probe]

    def _read_log(self) -> None:
        if not self.access_log.exists():
            return
        for line in self.access_log.read_text().splitlines():
            match = re.match(r"<(\d+)> (\S+) ", line)
            if match:
                self.answered[match.group(2)] = int(match.group(1))

    def workers(self) -> set[int]:
        """The master's live worker processes."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return {int(pid) for pid in children.read_text().split()}
        except FileNotFoundError:
            return set()

    def wait_until_serving(self, workers: int, timeout: float = 45) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} exited:\n{self.log()}")
            with contextlib.suppress(requests.RequestException):
                if self.get("/healthz", timeout=2).ok and len(self.workers()) == workers:
                    return
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start in {timeout}s:\n{self.log()}")

    def log(self, tail: int = 4000) -> str:
        path = self.folder / "server.log"
        return path.read_text()[-tail:] if path.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)


def start_instance(name: str, folder: Path, env: dict[str, str], workers: int = 2) -> Instance:
    """Start gunicorn as the Procfile does (no waiting: see Instance.wait_until_serving)."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        CONFIG,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--graceful-timeout",
        "3",
        "--access-logfile",
        str(folder / "access.log"),
        "--access-logformat",
        ACCESS_FORMAT,
        "bff:create_app()",
    ]
    # Nothing of this machine's settings: only what the test gives.
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(folder)),
        "LANG": "C.UTF-8",
        "BFF_INSTANCE_PATH": str(folder / "instance"),
        **env,
    }
    with (folder / "server.log").open("ab") as log:
        process = subprocess.Popen(  # noqa: S603 - our own command line
            command,
            cwd=REPO_ROOT,
            env=environ,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Instance(name, port, folder, process)


def pid_holding_port(pids: set[int], local_port: int) -> int | None:
    """Which of ``pids`` owns the TCP socket bound to 127.0.0.1:``local_port``."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:
            for line in itertools.islice(lines, 1, None):
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == local_port:
                    inodes.add(fields[9])
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, PermissionError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(FileNotFoundError):
                    target = os.readlink(fd)
                    if target.startswith("socket:[") and target[8:-1] in inodes:
                        return pid
    return None


def confirmed_member(registered_on: Instance, confirmed_on: Instance, name: str) -> dict:
    """Register by e-mail on one instance and confirm with the mailed token on another."""
    body = registration(username=name, email=f"{name}@example.com")
    answer = registered_on.post("/users/register_email", json=body)
    assert answer.status_code == 201, answer.text
    outbox = registered_on.folder / "instance" / "outbox"
    [mail] = [m for m in mails(outbox) if body["email"] in m["To"]]
    token = parse_qs(urlsplit(link_in(mail)).query)["token"][0]
    confirmed = confirmed_on.post("/users/confirm_email", json={"token": token})
    assert confirmed.status_code == 200, confirmed.text
    return body
