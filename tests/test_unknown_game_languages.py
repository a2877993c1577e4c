"""The registry refuses a game it does not know in words said with values (issue #35): the
page and the commands say them in the person's language."""

from __future__ import annotations

import pytest

from sleuth.cli.main import main
from sleuth.core import UnknownGameError, all_kits, find_kit
from support.said_errors import refusals

SAID = {
    "en": "unknown game 'nosuch' (games: {games})",
    "de": "unbekanntes Spiel 'nosuch' (Spiele: {games})",
    "ja": "不明なゲーム'nosuch'です（ゲーム：{games}）",
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_an_unknown_game_is_refused_in_the_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = ", ".join(sorted(kit.name for kit in all_kits()))
    words = SAID[language].format(games=games)
    assert refusals(find_kit, ["nosuch"], UnknownGameError, language) == [words]
    # The terminal app's command says it in its language before it starts.
    assert main(["play", "nosuch", "--lang", language]) == 2
    assert capsys.readouterr().err == f"sleuth play: {words}\n"
