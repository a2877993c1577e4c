"""The progress bar of the arena and the ladder speaks the person's language (issue #35):
its unit, its rate and the time left, English as it always was."""

from __future__ import annotations

import io
import re

import pytest

from sleuth.cli.progress import BarWords, ProgressBar

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("language", "label", "rate", "left"),
    [
        ("en", "reviews", "1234.5 reviews/s", ("left ", "")),
        ("de", "Auswertungen", "1.234,5 Auswertungen/s", ("noch ", "")),
        ("ja", "振り返り", "1,234.5件/秒", ("残り", "")),
    ],
)
def test_a_progress_bar_says_its_unit_rate_and_time_left_in_the_language(
    language: str, label: str, rate: str, left: tuple[str, str]
) -> None:
    words = BarWords("reviews", language)
    assert (words.label(), words.rate(1234.5), words.left()) == (label, rate, left)
    assert BarWords("games", language).rate(None) == ""


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", r"games ━+ 2/2 [\d.]+ games/s \d:\d\d:\d\d left \d:\d\d:\d\d"),
        ("de", r"Partien ━+ 2/2 [\d.,]+ Partien/s \d:\d\d:\d\d noch \d:\d\d:\d\d"),
        ("ja", r"ゲーム数 ━+ 2/2 [\d.,]+ゲーム/秒 \d:\d\d:\d\d 残り\d:\d\d:\d\d"),
    ],
)
def test_the_bar_on_a_terminal_is_in_the_language(language: str, line: str) -> None:
    pytest.importorskip("rich")
    terminal = Terminal()
    bar = ProgressBar("games", terminal, language)
    for done in range(3):
        bar(done, 2)
    last = ANSI.sub("", terminal.getvalue()).replace("\r", "\n").splitlines()[-1]
    assert re.fullmatch(line, last.strip()), last
