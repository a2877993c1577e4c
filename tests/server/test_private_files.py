"""The SQLite database holds every unfinished game's seed and salt: it is made readable by
its owner only (and its -wal and -shm files with it), in a folder of its owner's when
Sleuth makes that folder; so is the signing key's folder."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from sleuth.server.db import SqliteDatabase
from sleuth.server.signing import SigningKey
from sleuth.server.store import Store


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The umask of most systems (022), under which a file is made readable by all."""
    before = os.umask(0o022)
    yield
    os.umask(before)


async def test_the_database_and_its_folder_are_private(tmp_path: Path, usual_umask: None) -> None:
    path = tmp_path / "made" / "by-sleuth" / "sleuth.db"
    database = SqliteDatabase(path, "FULL")
    try:
        await database.migrate()
        await Store(database).create_person("Ann")
        files = [path, path.with_name("sleuth.db-wal"), path.with_name("sleuth.db-shm")]
        assert all(f.exists() for f in files)
        assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}
    finally:
        await database.close()
    assert mode(path.parent) == 0o700
    # The parents made on the way get the usual mode.
    assert mode(path.parent.parent) == 0o755


async def test_a_folder_that_exists_keeps_its_mode(tmp_path: Path, usual_umask: None) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o750)
    await SqliteDatabase(shared / "sleuth.db", "FULL").close()
    assert mode(shared) == 0o750 and mode(shared / "sleuth.db") == 0o600


def test_the_signing_keys_folder_is_private(tmp_path: Path, usual_umask: None) -> None:
    key = tmp_path / "keys" / "signing.key"
    SigningKey.load_or_create(key)
    assert mode(key) == 0o600 and mode(key.parent) == 0o700
