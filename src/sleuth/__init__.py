"""Sleuth: hidden-information deduction card games, played and analysed exactly.

The public API a program or a researcher imports::

    import sleuth
    game = sleuth.make_game("black-vienna", 4)
    state = game.new(seed=7)
    view = state.view(1)  # everything seat 1 may see, and nothing more

Games come from the registry of kits (``sleuth.all_kits()``); bots see a seat's view only
(``sleuth.make_agent``); ``sleuth.play_match`` plays a game between bots and gives its record.
"""

from typing import TYPE_CHECKING

from sleuth.core import (
    Action,
    Config,
    ConfigError,
    EntryError,
    Game,
    GameError,
    GameKit,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    RecordError,
    State,
    UnknownGameError,
    View,
    all_games,
    all_kits,
    find_game,
    find_kit,
    make_game,
    make_rng,
)
from sleuth.core.protocol import Termination

if TYPE_CHECKING:
    from sleuth.agents import Agent, agent_names, make_agent
    from sleuth.arena import MatchResult, play_match
    from sleuth.core.records import replay_record
    from sleuth.testing import check_game

# The bots, the arena, the records and the harness load on first use: a command that needs
# none of them (``sleuth deduce``, ``sleuth games``) starts without their libraries.
_LAZY = {
    "Agent": "sleuth.agents",
    "agent_names": "sleuth.agents",
    "make_agent": "sleuth.agents",
    "MatchResult": "sleuth.arena",
    "play_match": "sleuth.arena",
    "check_game": "sleuth.testing",
    "replay_record": "sleuth.core.records",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sleuth' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "Action",
    "Agent",
    "Config",
    "ConfigError",
    "EntryError",
    "Game",
    "GameError",
    "GameKit",
    "IllegalActionError",
    "InvalidActionError",
    "MatchResult",
    "Outcome",
    "RecordError",
    "State",
    "Termination",
    "UnknownGameError",
    "View",
    "agent_names",
    "all_games",
    "all_kits",
    "check_game",
    "find_game",
    "find_kit",
    "make_agent",
    "make_game",
    "make_rng",
    "play_match",
    "replay_record",
]


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
