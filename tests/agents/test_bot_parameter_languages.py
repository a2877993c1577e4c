"""A bot's parameter out of its range is refused in the person's language (issue #35): each
bot's own reason ("iterations=-5: at least 1") is said in German and Japanese too, not
only the words around it."""

from __future__ import annotations

import pytest

from sleuth.agents import agent_names, bot_parameters, make_agent
from sleuth.core import GameError, all_kits
from sleuth.core.said import error_in

# Below, at and above the usual ranges (at least 1, not below 0, a chance in (0, 1]), and a
# word no bot's choice is named.
NUMBERS = ("0", "-5", "2")
WORDS = ("nonsense",)


def _tried(default: object) -> tuple[str, ...]:
    """The values tried for a parameter with this default (a None default takes a number,
    a time budget; a bool is a yes or no, never out of range)."""
    if isinstance(default, bool):
        return ()
    if default is None or isinstance(default, int | float):
        return NUMBERS
    return WORDS if isinstance(default, str) else ()


def _refused() -> list[tuple[str, GameError]]:
    """Every spec of one parameter some game's bot refuses, with its refusal."""
    refused = []
    for kit in all_kits():
        for bot in agent_names(kit.name):
            for name, default in bot_parameters(bot, kit.name).items():
                for value in _tried(default):
                    spec = f"{bot}:{name}={value}"
                    try:
                        make_agent(spec, kit.name)
                    except GameError as error:
                        refused.append((spec, error))
    return refused


REFUSED = _refused()


def test_some_parameters_are_refused() -> None:
    # The bots' own checks are reached: a refusal of every kind below is among them.
    reasons = [str(error).removeprefix(f"bot {spec!r}: ") for spec, error in REFUSED]
    for kind in (": at least 1", ": cannot be negative", ", not 'nonsense'"):
        assert any(reason.endswith(kind) for reason in reasons), kind


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_refused_parameter_is_said_in_the_language(language: str) -> None:
    for spec, error in REFUSED:
        english = str(error)
        reason = english.removeprefix(f"bot {spec!r}: ")
        assert reason != english, english
        said = error_in(error, language)
        assert said != english
        assert reason not in said, (language, said)
