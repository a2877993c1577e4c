"""Alibi (Markus Nikisch, Adlung-Spiele 2001): lay clues until a suspect is convicted."""

from .components import (
    ATTRIBUTES,
    DEFAULT_CLUES,
    DEFAULT_SUSPECTS,
    GERMAN,
    VALUES,
    AlibiConfig,
)
from .notation import (
    Bribe,
    Convict,
    Exchange,
    GoodEye,
    Pass,
    PlayAlibi,
    PlayClue,
    Swap,
    parse_action,
)
from .rules import Alibi, AlibiState, Conviction
from .views import AlibiView, ConvictionView, SuspectView

__all__ = [
    "ATTRIBUTES",
    "DEFAULT_CLUES",
    "DEFAULT_SUSPECTS",
    "GERMAN",
    "VALUES",
    "Alibi",
    "AlibiConfig",
    "AlibiState",
    "AlibiView",
    "Bribe",
    "Convict",
    "Conviction",
    "ConvictionView",
    "Exchange",
    "GoodEye",
    "Pass",
    "PlayAlibi",
    "PlayClue",
    "SuspectView",
    "Swap",
    "parse_action",
]
