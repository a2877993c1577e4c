"""Files only their owner reads: the database (every unfinished game's seed and salt) and
the signing key, each in a folder of its owner's when Sleuth makes that folder."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def make_private_folder(folder: Path) -> None:
    """Make ``folder`` if absent, readable by its owner only (0700); its missing parents
    get the usual mode, and a folder that exists keeps its own."""
    if folder.is_dir():
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    # Made meanwhile by another process: as that one made it.
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)


def create_private_file(path: Path) -> None:
    """Create ``path`` empty and readable by its owner only (0600), unless it exists.

    SQLite makes a database's ``-wal`` and ``-shm`` files with the database file's own
    permissions, so a database created here keeps all three private."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(descriptor)
