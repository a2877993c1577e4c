"""``sleuth serve`` says where it listens, and a busy port is found before a table is dealt
or a link printed (running the README's first line twice had printed a link that led to the
first server's "no such table")."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.server import app
from sleuth.server.app import create_app
from sleuth.server.settings import Settings
from support.game_cases import kit_for

from .conftest import SRC, Server, free_port

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


def test_the_server_says_where_it_listens(launch: Any) -> None:
    server: Server = launch()
    assert server.log is not None
    deadline = time.monotonic() + 30
    while "Sleuth serves" not in server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert f"Sleuth serves http://127.0.0.1:{server.port}/ (Ctrl+C stops it)" in (
        server.log.read_text()
    )


def test_a_busy_port_is_refused_before_a_table_is_dealt(launch: Any) -> None:
    server: Server = launch()
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "sleuth.cli.main",
            "serve",
            "--port",
            str(server.port),
            "--db",
            server.db,
            "--key",
            str(server.key),
            "--open-table",
            EXAMPLE,
            "--bots",
            "basic",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    assert second.returncode == 2
    assert f"127.0.0.1:{server.port} is taken" in second.stderr
    assert "choose another with --port" in second.stderr
    assert "http://" not in second.stdout and "Traceback" not in second.stderr


def serve_with(db: str, *more: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sleuth.cli.main", "serve", "--port", str(free_port()),
         "--db", db, *more],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )  # fmt: skip


def test_a_database_url_it_cannot_use_is_refused_in_words_before_it_starts() -> None:
    # Each had ended in uvicorn's traceback of the failed startup.
    for db in ("nonsense", "mysql://someone@localhost/games"):
        refused = serve_with(db)
        assert refused.returncode == 2
        assert refused.stderr == (
            "sleuth serve: --db: a database is sqlite:///FILE or postgresql://USER@HOST/DB\n"
        )
        assert refused.stdout == ""


def test_a_database_it_cannot_reach_is_named_without_its_password() -> None:
    port = free_port()  # nothing listens there
    refused = serve_with(f"postgresql://someone:hunter2@127.0.0.1:{port}/games", "--lang", "de")
    assert refused.returncode == 2
    assert refused.stderr.startswith(
        f"sleuth serve: die Datenbank postgresql://someone:***@127.0.0.1:{port}/games ist nicht "
        "erreichbar: ConnectionRefusedError"
    )
    assert "hunter2" not in refused.stderr + refused.stdout
    assert "Traceback" not in refused.stderr and refused.stdout == ""


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        ("--port", "99999", "99999 is not a port (1-65535)"),
        ("--port", "-5", "-5 is not a port (1-65535)"),
        ("--workers", "100000", "100000 is not between 0 and 64 processes"),  # had forked them
        ("--sheet-workers", "-1", "-1 is not between 0 and 64 processes"),
        ("--bot-delay", "nan", "nan is not between 0 and 60 seconds"),
        ("--bot-delay", "1e9", "1e9 is not between 0 and 60 seconds"),
        ("--waiting-expiry", "0.5", "0.5 is neither 0 (never) nor between 1 and 8760 hours"),
        ("--waiting-expiry", "-0.1", "-0.1 is neither 0 (never) nor between 1 and 8760 hours"),
        ("--waiting-expiry", "soon", "'soon' is not a number of hours"),
        ("--max-watchers-per-table", "0", "0 is not between 1 and 10000 channels"),
        ("--max-watchers-per-address", "10001", "10001 is not between 1 and 10000 channels"),
        ("--max-seat-channels", "65", "65 is not between 1 and 64 channels"),
        ("--max-seat-channels", "many", "'many' is not a number of channels"),
    ],
)
def test_a_number_out_of_its_range_is_refused_naming_the_range(
    flag: str, value: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with pytest.raises(SystemExit) as ended:
        main(["serve", "--db", db, f"{flag}={value}"])
    assert ended.value.code == 2
    assert capsys.readouterr().err.endswith(f"argument {flag}: {said}\n")
    assert not (tmp_path / "games.db").exists()


def served_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *flags: str) -> Settings:
    """The settings ``sleuth serve`` would serve with these flags (it serves nothing)."""
    served: list[Settings] = []
    monkeypatch.setattr(app, "serve", lambda settings, *_: served.append(settings))
    db = f"sqlite:///{tmp_path / 'games.db'}"
    key = str(tmp_path / "key")
    assert main(["serve", "--db", db, "--key", key, "--port", str(free_port()), *flags]) == 0
    return served[0]


def test_waiting_tables_may_be_kept_from_expiring_with_0(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert served_settings(monkeypatch, tmp_path, "--waiting-expiry", "0").waiting_expiry_hours == 0
    assert served_settings(monkeypatch, tmp_path, "--waiting-expiry", "1").waiting_expiry_hours == 1


def test_the_caps_of_play_channels_are_the_operators(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    flags = ("--max-watchers-per-table", "3", "--max-watchers-per-address", "5",
             "--max-seat-channels", "2")  # fmt: skip
    settings = served_settings(monkeypatch, tmp_path, *flags)
    assert (settings.watch_per_table, settings.watch_per_address, settings.seat_channels) == (
        3,
        5,
        2,
    )
    defaults = served_settings(monkeypatch, tmp_path)
    assert (defaults.watch_per_table, defaults.watch_per_address, defaults.seat_channels) == (
        8,
        32,
        8,
    )


async def test_the_service_holds_channels_to_its_settings_caps(tmp_path: Path) -> None:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'games.db'}", key_file=tmp_path / "key",
        watch_per_table=3, watch_per_address=5, seat_channels=2,
    )  # fmt: skip
    served = create_app(settings)
    async with served.router.lifespan_context(served):
        services = served.state.services
        watchers = services.watchers
        assert (watchers.per_table, watchers.per_address, services.seat_channels.most) == (3, 5, 2)


def test_an_addresss_cap_of_watchers_below_a_tables_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    flags = ["--max-watchers-per-table", "40"]  # over the address's default 32
    assert main(["serve", "--db", db, *flags]) == 2
    assert capsys.readouterr().err == (
        "sleuth serve: --max-watchers-per-address 32 is below --max-watchers-per-table 40: "
        "an address's spectators' channels over all tables include those at one\n"
    )
    assert not (tmp_path / "games.db").exists()


def test_a_key_file_it_can_neither_read_nor_make_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    assert main(["serve", "--db", db, "--key", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"sleuth serve: key file {tmp_path}: cannot read: Is a directory\n"
    )
    inside_a_file = tmp_path / "a-file" / "signing.key"
    (tmp_path / "a-file").write_text("not a folder")
    assert main(["serve", "--db", db, "--key", str(inside_a_file), "--lang", "de"]) == 2
    assert capsys.readouterr().err == (
        f"sleuth serve: --key {inside_a_file}: kann nicht angelegt werden: Not a directory\n"
    )


def test_an_address_it_cannot_listen_on_is_not_called_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    assert (
        main(["serve", "--db", db, "--key", str(tmp_path / "k"), "--host", "no.such.host.invalid"])
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("sleuth serve: cannot listen on no.such.host.invalid:8000: ")
    assert "taken" not in err


def test_a_sqlite_file_it_cannot_open_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    not_a_database = tmp_path / "notes.db"
    not_a_database.write_bytes(b"not a database, " * 16)
    key = str(tmp_path / "signing.key")
    for db, reason in (
        (a_file / "games.db", "Not a directory"),
        (not_a_database, "file is not a database"),
    ):
        assert main(["serve", "--db", f"sqlite:///{db}", "--key", key]) == 2
        assert capsys.readouterr().err == f"sleuth serve: cannot open the database {db}: {reason}\n"


def test_every_postgresql_url_is_reached_first_and_its_password_never_shown() -> None:
    port = free_port()
    # postgres:// had skipped the check (and the bus of several processes); a password
    # with a slash had been quoted in asyncpg's own reading of the URL.
    for url in (
        f"postgres://someone:pw@127.0.0.1:{port}/games",
        "postgresql://bob:s3cr/et@127.0.0.1:1/db",
    ):
        refused = serve_with(url)
        assert refused.returncode == 2, refused.stderr
        assert refused.stderr.startswith("sleuth serve: cannot reach the database postgresql://")
        assert "pw@" not in refused.stderr and "s3cr" not in refused.stderr
