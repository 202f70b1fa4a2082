"""gunicorn serving the BFF on a loopback port, as `make run` starts it (gunicorn.conf.py, read
from the repository's root): what the benchmarks that measure over HTTP run against."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A minimal JSON answer of the app, asked for until the server answers.
MINIMAL = "/users/social_providers"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn on a loopback port, as `make run` starts it (without the access log)."""

    def __init__(self, env: dict[str, str], workers: int):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "--log-level",
                "warning",
                "bff:create_app()",
            ],
            cwd=ROOT,
            env={**os.environ, **env},
        )
        self.workers = workers
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(self.url + MINIMAL, timeout=2) as answer:  # noqa: S310
                    if answer.status == 200 and len(self.worker_pids()) == workers:
                        return
            time.sleep(0.2)
        self.stop()
        sys.exit("gunicorn did not start")

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        with contextlib.suppress(FileNotFoundError):
            return [int(pid) for pid in children.read_text().split()]
        return []

    def memory_mb(self) -> list[dict]:
        """Resident and proportional (shared pages split) memory of each worker, in MB."""
        found = []
        for pid in self.worker_pids():
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            rss = int(re.search(r"^Rss:\s+(\d+)", rollup, re.M).group(1)) / 1024
            pss = int(re.search(r"^Pss:\s+(\d+)", rollup, re.M).group(1)) / 1024
            found.append({"pid": pid, "rss_mb": round(rss, 1), "pss_mb": round(pss, 1)})
        return found

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
