"""``sleuth play`` refuses its setup in the app's language (issue #35): the seats, the bots,
a missing game, setup given beside ``--resume`` and an option without a value are words with
values, said in German or Japanese with ``--lang`` or the environment's language; in English
they read as before."""

from __future__ import annotations

import pytest

from sleuth.cli.main import main
from sleuth.core import find_game
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PLAYERS = find_game(EXAMPLE).min_players
ASKED = [
    [EXAMPLE, "--seat", "7"],
    [EXAMPLE, "--bots", ",".join(["random"] * PLAYERS)],
    [],
    [EXAMPLE, "--resume", "any.json", "--players", str(PLAYERS)],
    [EXAMPLE, "--option", "fast"],
]
SAID = {
    "en": [
        f"--seat 7: seats are 0-{PLAYERS - 1}",
        f"--bots: {PLAYERS} bots for {PLAYERS - 1} free seats",
        "name a game, or --resume FILE",
        "--resume takes the setup from the file: leave out GAME, --players",
        "--option 'fast': expected NAME=VALUE",
    ],
    "de": [
        f"--seat 7: die Plätze sind 0-{PLAYERS - 1}",
        f"--bots: {PLAYERS} Bots für {PLAYERS - 1} freie Plätze",
        "nenne ein Spiel oder --resume DATEI",
        "--resume übernimmt die Einstellungen aus der Datei: lass GAME, --players weg",
        "--option 'fast': erwartet wird NAME=WERT",
    ],
    "ja": [
        f"--seat 7：席は0〜{PLAYERS - 1}です",
        f"--bots：空いている席は{PLAYERS - 1}席なのに、ボットが{PLAYERS}体です",
        "ゲーム名か --resume FILE を指定してください",
        "--resume は設定をファイルから読み込みます：GAME, --players は指定しないでください",
        "--option 'fast'：NAME=VALUE の形で指定してください",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_setup_is_refused_in_the_language_of_lang(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = []
    for argv in ASKED:
        assert main(["play", *argv, "--lang", language]) == 2
        said.append(capsys.readouterr().err)
    assert said == [f"sleuth play: {words}\n" for words in SAID[language]]


def test_without_lang_the_environment_names_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["play", EXAMPLE, "--seat", "7"]) == 2
    assert capsys.readouterr().err == f"sleuth play: {SAID['ja'][0]}\n"
