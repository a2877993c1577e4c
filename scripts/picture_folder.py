"""The one argument of the scripts that draw README's pictures: the folder to write into."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path


def picture_folder(description: str, default: Path, argv: list[str] | None = None) -> Path:
    """The folder named on the command line (``default`` when none), refused when it is a file."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=default,
        help=f"where the pictures are written (default: {default})",
    )
    folder: Path = parser.parse_args(argv).folder
    if folder.exists() and not folder.is_dir():
        parser.error(f"{folder} is a file, not a folder")
    return folder


def require_font_for(language: str, package: str) -> None:
    """Refuse to draw a language whose letters this machine has no font for.

    Chromium draws a missing glyph as an empty box, so a picture taken without the font
    shows boxes where the words should be and nothing else says so.
    """
    if shutil.which("fc-list") is None:
        raise SystemExit("fc-list (fontconfig) is not installed: cannot check the fonts")
    listed = subprocess.run(
        ["fc-list", f":lang={language}", "family"], capture_output=True, text=True, check=False
    )
    if not listed.stdout.strip():
        raise SystemExit(
            f"no font for language {language!r} is installed; install Debian's {package}"
        )
