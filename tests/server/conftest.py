"""Fixtures for the service's tests: real ``sleuth serve`` processes (uvicorn) on loopback,
and one PostgreSQL cluster per test session."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

import httpx

SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """One ``sleuth serve`` process; ``kill()`` is ``kill -9``."""

    db: str
    key: Path
    port: int = field(default_factory=free_port)
    extra: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        command = [
            sys.executable,
            "-m",
            "sleuth.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--key",
            str(self.key),
            "--workers",
            "1",
            "--bot-delay",
            "0",
            *self.extra,
        ]
        self.log = self.key.parent / f"server-{self.port}-{time.time_ns()}.log"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sleuth serve exited:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.http}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"sleuth serve did not answer:\n{self.log.read_text()}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def launch(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers: ``launch(db=None)`` (a fresh SQLite file by default)."""
    started: list[Server] = []

    def start(
        db: str | None = None, key: Path | None = None, extra: tuple[str, ...] = ()
    ) -> Server:
        server = Server(
            db or f"sqlite:///{tmp_path / 'sleuth.db'}",
            key or tmp_path / "signing.key",
            extra=extra,
        )
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


def _postgres_bin() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _as_owner(command: str, owner: str | None) -> list[str]:
    if owner is None:
        return ["bash", "-c", command]
    return ["su", owner, "-s", "/bin/bash", "-c", command]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Callable[[], str]]:
    """A PostgreSQL cluster for the session; calling it makes a fresh database's URL."""
    bin_dir = _postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL binaries absent (apt-get install -y postgresql; .ci/run does)")
    folder = Path(tempfile.mkdtemp(prefix="sleuth-pg-"))
    owner = "nobody" if os.geteuid() == 0 else None  # initdb refuses to run as root
    if owner is not None:
        shutil.chown(folder, owner)
        folder.chmod(0o755)
    port = free_port()
    data, log = folder / "data", folder / "log"
    subprocess.run(
        _as_owner(f"{bin_dir}/initdb -D {data} -A trust -U postgres >/dev/null", owner), check=True
    )
    subprocess.run(
        _as_owner(
            f"{bin_dir}/pg_ctl -D {data} -o '-p {port} -k {folder} "
            f"-c listen_addresses=127.0.0.1 -c max_connections=300' -l {log} -w start",
            owner,
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    counter = iter(range(1, 10_000))

    def database() -> str:
        name = f"sleuth_{next(counter)}"
        subprocess.run(
            [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", name],
            check=True,
        )
        return f"postgresql+asyncpg://postgres@127.0.0.1:{port}/{name}"

    try:
        yield database
    finally:
        subprocess.run(
            _as_owner(f"{bin_dir}/pg_ctl -D {data} -m immediate stop", owner),
            stdout=subprocess.DEVNULL,
        )
        shutil.rmtree(folder, ignore_errors=True)
