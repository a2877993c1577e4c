"""A progress bar for long commands (``sleuth arena``): ``rich.progress`` where it is
installed (it comes with the terminal extra's textual) and the output is a terminal, with the
rate and the time left; otherwise one plain line at the end."""

from __future__ import annotations

import sys
from typing import Any, TextIO


class ProgressBar:
    """``bar(done, total)`` as work finishes; a new run starts when ``done`` restarts."""

    def __init__(self, unit: str, stream: TextIO | None = None) -> None:
        self.unit = unit
        self.stream = stream or sys.stderr
        self._live: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.stream.isatty():
            if done == total:
                print(_plain(done, total), file=self.stream, flush=True)
            return
        if self._live is None and not self._start(total):
            print(f"\r{_plain(done, total)}", end="", file=self.stream, flush=True)
            if done == total:
                print(file=self.stream)
            return
        self._live.update(self._task, completed=done)
        self._live.refresh()
        if done >= total:
            self._live.stop()
            self._live = None

    def _start(self, total: int) -> bool:
        try:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                ProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.text import Text
        except ModuleNotFoundError:
            return False
        unit = self.unit

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text("" if speed is None else f"{speed:.1f} {unit}/s")

        self._live = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            Rate(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=Console(file=self.stream),
            auto_refresh=False,
            transient=False,
        )
        self._task = self._live.add_task(unit, total=total)
        self._live.start()
        return True


def _plain(done: int, total: int, width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
