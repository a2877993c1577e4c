"""A progress bar for long commands (``sleuth arena``): ``rich.progress`` where it is
installed (it comes with the terminal extra's textual) and the output is a terminal, with the
rate and the time left, in the person's language; otherwise one plain line at the end."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from sleuth.i18n import N_, SOURCE, figure, tr

# Each unit of work a bar counts: its label before the bar, and its rate after it.
UNITS = {
    "games": (N_("games"), N_("%(speed)s games/s")),
    "reviews": (N_("reviews"), N_("%(speed)s reviews/s")),
}


class ProgressBar:
    """``bar(done, total)`` as work finishes; a new run starts when ``done`` restarts.
    ``unit`` is one of ``UNITS``, said in ``language``."""

    def __init__(self, unit: str, stream: TextIO | None = None, language: str = SOURCE) -> None:
        self.unit = unit
        self.language = language
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
        words = self.words

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                return Text(words.rate(task.finished_speed or task.speed))

        class Left(TimeRemainingColumn):
            """The time left inside the language's words for it, the time in its style."""

            def render(self, task: Any) -> Text:
                before, after = words.left()
                return Text.assemble(before, super().render(task), after)

        self._live = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            Rate(),
            TimeElapsedColumn(),
            Left(),
            console=Console(file=self.stream),
            auto_refresh=False,
            transient=False,
        )
        self._task = self._live.add_task(words.label(), total=total)
        self._live.start()
        return True

    @property
    def words(self) -> BarWords:
        return BarWords(self.unit, self.language)


class BarWords:
    """What a bar says about its unit, in the language (English as it always was)."""

    def __init__(self, unit: str, language: str) -> None:
        self.unit, self.language = unit, language

    def label(self) -> str:
        return tr(UNITS[self.unit][0], self.language)

    def rate(self, speed: float | None) -> str:
        if speed is None:
            return ""
        # English as it always wrote a rate: no thousands' commas
        shown = f"{speed:.1f}" if self.language == SOURCE else figure(speed, 1, self.language)
        return tr(UNITS[self.unit][1], self.language, speed=shown)

    def left(self) -> tuple[str, str]:
        """The words before and after the time left."""
        before, _, after = tr("left %(time)s", self.language).partition("%(time)s")
        return before, after


def _plain(done: int, total: int, width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
