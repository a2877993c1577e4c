"""The scripts that draw README's pictures read their one argument, the folder, as a command
line does: ``--help`` is help (it once became a folder named ``--help``, and the pictures were
drawn into it), and a file where the folder should be is refused by name, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
DRAWING = ["page_screenshots.py", "people_screenshots.py", "screenshots.py"]


def run(script: str, *arguments: str, where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPTS / script), *arguments],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("script", DRAWING)
def test_help_is_help_not_a_folder(script: str, tmp_path: Path) -> None:
    done = run(script, "--help", where=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {script} [-h] [folder]")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("script", DRAWING)
def test_a_file_for_the_folder_is_refused_by_name(script: str, tmp_path: Path) -> None:
    taken = tmp_path / "notes.txt"
    taken.write_text("mine", encoding="utf-8")
    done = run(script, str(taken), where=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == f"{script}: error: {taken} is a file, not a folder"
    assert "Traceback" not in done.stderr
    assert taken.read_text(encoding="utf-8") == "mine"
