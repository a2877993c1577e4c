"""``sleuth [COMMAND] --help`` in the person's language (issue #35): argparse's headings, the
commands' descriptions and every argument's help from the catalogues, in the language
``--lang`` names anywhere on the line, else the environment's; English as written."""

from __future__ import annotations

import argparse
import re

import pytest

from sleuth.assist import grammar_of
from sleuth.cli.argparse_words import ARGPARSE_HEADINGS, wrapped
from sleuth.cli.main import build_parser, main
from sleuth.core.kit import NOTEBOOK, RULES, RulesGuide
from sleuth.core.registry import all_kits
from sleuth.i18n import columns, translate, translate_at

COMMANDS = [(), ("play",), ("assist",), ("deduce",), ("serve",), ("arena",), ("ladder",)]
COMMANDS += [("review",), ("simulate",), ("replay",), ("bots",), ("bot", "connect")]
COMMANDS += [("bot", "arena")]


def parser_of(words: tuple[str, ...]) -> argparse.ArgumentParser:
    parser = build_parser(words[0] if words else None)
    for word in words:
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = commands.choices[word]
    return parser


def english_texts(parser: argparse.ArgumentParser) -> list[str]:
    """What the parser's help says in English words: its description and epilog, each
    argument's and each subcommand's help (with the placeholders a help fills in)."""
    texts = [parser.description, parser.epilog]
    for action in parser._actions:
        texts.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            texts += [choice.help for choice in action._choices_actions]
    return [text for text in texts if text and text is not argparse.SUPPRESS]


def sentences(texts: list[str]) -> list[str]:
    """The pieces of ``texts`` between their placeholders that hold English words."""
    pieces = [piece.strip() for text in texts for piece in re.split(r"%\(\w+\)s", text)]
    return [piece for piece in pieces if re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", piece)]


def squeezed(text: str) -> str:
    """Without whitespace: a line wrapped anywhere (at a hyphen too) reads as written."""
    return re.sub(r"\s+", "", text)


def help_of(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main(words)
    assert exited.value.code == 0
    return capsys.readouterr().out


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("words", COMMANDS)
def test_a_help_holds_no_english_sentence_of_the_english_help(
    words: tuple[str, ...], language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = english_texts(parser_of(words))
    pieces = sentences(texts)
    english = squeezed(help_of([*words, "--help"], capsys))
    assert len(pieces) >= 2
    assert [piece for piece in pieces if squeezed(piece) not in english] == []
    translated = help_of([*words, "--help", "--lang", language], capsys)
    assert [piece for piece in pieces if squeezed(piece) in squeezed(translated)] == []
    assert [text for text in texts if translate(language, text) == text] == []
    headings = [line for line in translated.splitlines() if HEADINGS.match(line)]
    assert headings == []


# argparse's own words where it writes them: the usage line, the sections' headings.
HEADINGS = re.compile(
    "|".join(re.escape(words.strip(": ")) for words in ARGPARSE_HEADINGS[:3]) + "[: ]"
)


def test_the_environments_language_speaks_the_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    lines = help_of(["deduce", "--help"], capsys).splitlines()
    assert lines[0].startswith("Aufruf: sleuth deduce [-h] [--explain CARD]")
    assert "Optionen:" in lines
    assert "  -h, --help         diese Hilfe zeigen und beenden" in lines


def test_a_default_is_written_as_the_language_writes_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    english = squeezed(help_of(["replay", "--help"], capsys))
    german = squeezed(help_of(["replay", "--help", "--lang", "de"], capsys))
    assert "refuseafilelargerthanthis(default4,000,000)" in english
    assert "einegrößereDateialsdieseabweisen(Standard4.000.000)" in german


def test_japanese_help_lines_fit_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(["serve", "--help", "--lang", "ja"], capsys)
    # A closing mark (、。）) stays with the line before, two columns past the edge at most.
    assert max(columns(line) for line in out.splitlines()) <= 102
    assert "リバースプロキシ" in out


def test_wide_text_wraps_by_columns_and_keeps_words_whole() -> None:
    assert wrapped("あいうえお、かきくけこ --option さしす", 12) == [
        "あいうえお、",
        "かきくけこ",
        "--option さ",
        "しす",
    ]


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_games_assistant_options_are_said_in_the_games_own_words(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    kits = [kit for kit in all_kits() if kit.has(NOTEBOOK)]
    assert kits
    for kit in kits:
        english = squeezed(help_of(["assist", kit.name, "--help"], capsys))
        translated = squeezed(help_of(["assist", kit.name, "--help", "--lang", language], capsys))
        locale = kit.part(RULES, RulesGuide).locale
        for field in grammar_of(kit).setup_fields:
            said = translate_at(locale, language, field.help)
            assert said != field.help
            assert squeezed(field.help) in english
            assert squeezed(said) in translated and squeezed(field.help) not in translated
