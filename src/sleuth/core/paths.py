"""Where Sleuth keeps a user's files: the platform's own data folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_folder() -> Path:
    """The user's data folder for Sleuth (XDG on Linux, the platforms' own elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "sleuth"
