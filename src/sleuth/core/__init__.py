"""The game protocol, errors, registry, seeded randomness and records. Standard library only."""

from .errors import (
    ConfigError,
    EntryError,
    GameError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    UnknownGameError,
)
from .kit import GameKit
from .options import OptionInfo
from .protocol import Action, Config, Game, Outcome, State, View
from .registry import all_games, all_kits, find_game, find_kit, make_game, register
from .rng import derive_seed, make_rng

__all__ = [
    "Action",
    "Config",
    "ConfigError",
    "EntryError",
    "Game",
    "GameError",
    "GameKit",
    "IllegalActionError",
    "InvalidActionError",
    "OptionInfo",
    "Outcome",
    "RecordError",
    "State",
    "UnknownGameError",
    "View",
    "all_games",
    "all_kits",
    "derive_seed",
    "find_game",
    "find_kit",
    "make_game",
    "make_rng",
    "register",
]
