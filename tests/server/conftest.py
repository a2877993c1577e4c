"""Fixtures for the service's tests: real ``sleuth serve`` processes (uvicorn) on loopback,
and one PostgreSQL cluster per test session."""

from __future__ import annotations

import contextlib
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
# The example packages of this tree, before any installed copy of them (an editable install
# may point at another checkout): the server plays the examples as this tree has them.
EXAMPLES = sorted((SRC.parent / "examples").glob("*/src"))


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
    # What runs the command line: Sleuth's own, or a test's script around it.
    launcher: tuple[str, ...] = ("-m", "sleuth.cli.main")
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (SRC, *EXAMPLES)))}
        command = [
            sys.executable,
            *self.launcher,
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


@dataclass
class Cluster:
    """A PostgreSQL cluster in a temporary folder, on a free loopback port; ``stop()`` and
    ``start()`` again keep its databases (a restart of the database under the service)."""

    bin_dir: Path
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="sleuth-pg-")))
    port: int = field(default_factory=free_port)
    owner: str | None = field(default_factory=lambda: "nobody" if os.geteuid() == 0 else None)
    made: int = 0

    def init(self) -> Cluster:
        if self.owner is not None:  # initdb refuses to run as root
            shutil.chown(self.folder, self.owner)
            self.folder.chmod(0o755)
        data = self.folder / "data"
        initdb = f"{self.bin_dir}/initdb -D {data} -A trust -U postgres >/dev/null"
        subprocess.run(_as_owner(initdb, self.owner), check=True)
        return self.start()

    def start(self) -> Cluster:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
        )
        self._pg_ctl(f"-o '{options}' -l {self.folder / 'log'} -w start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._pg_ctl(f"-m {mode} -w stop")

    def database(self) -> str:
        """A fresh database's URL."""
        self.made += 1
        name = f"sleuth_{self.made}"
        address = ["-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres"]
        subprocess.run([str(self.bin_dir / "createdb"), *address, name], check=True)
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/{name}"

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _pg_ctl(self, arguments: str) -> None:
        command = f"{self.bin_dir}/pg_ctl -D {self.folder / 'data'} {arguments}"
        subprocess.run(_as_owner(command, self.owner), check=True, stdout=subprocess.DEVNULL)


def _cluster() -> Cluster:
    bin_dir = _postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL binaries absent (apt-get install -y postgresql; .ci/run does)")
    return Cluster(bin_dir).init()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Callable[[], str]]:
    """A PostgreSQL cluster for the session; calling it makes a fresh database's URL."""
    cluster = _cluster()
    try:
        yield cluster.database
    finally:
        cluster.remove()


@pytest.fixture
def own_postgres() -> Iterator[Cluster]:
    """A cluster of the test's own, which it may stop and start (the session's is shared)."""
    cluster = _cluster()
    try:
        yield cluster
    finally:
        cluster.remove()
