"""The game protocol, errors, registry, seeded randomness and records. Standard library only."""

from .errors import (
    ConfigError,
    GameError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    UnknownGameError,
)
from .protocol import Action, Config, Game, OptionInfo, Outcome, State, View
from .registry import all_games, find_game, make_game, register
from .rng import derive_seed, make_rng

__all__ = [
    "Action",
    "Config",
    "ConfigError",
    "Game",
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionInfo",
    "Outcome",
    "RecordError",
    "State",
    "UnknownGameError",
    "View",
    "all_games",
    "derive_seed",
    "find_game",
    "make_game",
    "make_rng",
    "register",
]
