"""A command line typed wrong is refused in the person's language (issue #35): argparse's
own refusals (an unknown option, a value of the wrong kind, a missing command) said from the
catalogues after the usage line (itself in the language), in the language ``--lang`` names
anywhere on the line, else the environment's; English as argparse says it."""

from __future__ import annotations

import pytest

from sleuth.cli.main import main

LINES = {
    ("play", "--nosuch"): {
        "en": "sleuth: error: unrecognized arguments: --nosuch",
        "de": "sleuth: Fehler: unbekannte Argumente: --nosuch",
        "ja": "sleuth：エラー：不明な引数：--nosuch",
    },
    ("play", "--players", "x"): {
        "en": "sleuth play: error: argument --players: invalid int value: 'x'",
        "de": "sleuth play: Fehler: Argument --players: ungültiger Wert für int: 'x'",
        "ja": "sleuth play：エラー：引数--players：intの値として無効です：'x'",
    },
}


USAGE = {"en": "usage: ", "de": "Aufruf: ", "ja": "使い方："}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
@pytest.mark.parametrize("words", sorted(LINES))
def test_argparse_refuses_in_the_language_lang_names(
    words: tuple[str, ...], language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([*words, "--lang", language])
    assert exited.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(USAGE[language] + "sleuth")
    assert lines[-1] == LINES[words][language]


def test_a_missing_command_is_refused_in_the_environments_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    with pytest.raises(SystemExit):
        main([])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "sleuth: Fehler: diese Argumente fehlen: COMMAND"
    )
