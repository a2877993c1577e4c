"""The terminal app's help page (F1) of a game, cut into its parts, for the games' language
tests: each game's test names its game and its words; the checks are the same."""

from __future__ import annotations

from sleuth.core import find_kit, make_game
from sleuth.core.kit import RENDER, TextRender
from sleuth.tui.words import help_text


def help_parts(game: str, language: str, players: int = 3) -> list[str]:
    """The help page of ``game`` in ``language``, a part per paragraph."""
    render = find_kit(game).part(RENDER, TextRender)
    speaking = render.speaking(language) if render.speaking is not None else render
    return help_text(make_game(game, players), speaking, language).split("\n\n")


def check_notation(game: str, language: str, english: str, translated: str) -> list[str]:
    """The page says the notation in ``language`` and nowhere in English; its parts."""
    said = help_parts(game, language)
    assert translated in said
    assert not any(english in part for part in said)
    return said


def check_english(game: str, english: str) -> str:
    """The English page says the notation once, as before (with the rules in short)."""
    said = "\n\n".join(help_parts(game, "en"))
    assert said.count(english) == 1
    return said
