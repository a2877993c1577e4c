"""``sleuth assist`` run in-process without its terminal app (the tests of the command on
every game, and on each game in its folder)."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.assist import Notebook
from sleuth.cli.main import main


def without_terminal(monkeypatch: pytest.MonkeyPatch) -> list[Notebook[Any, Any]]:
    """Run ``sleuth assist`` without the terminal app: record the notebook it would show."""
    pytest.importorskip("textual")
    from sleuth.tui.assist_app import AssistApp

    shown: list[Notebook[Any, Any]] = []
    monkeypatch.setattr(AssistApp, "run", lambda self: shown.append(self.notebook))
    return shown


def run_assist(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The command's exit code and what it wrote to stderr."""
    code = main(["assist", *argv])
    captured = capsys.readouterr()
    return code, captured.err
