"""Tiny Deduction: the example game of Sleuth's "Adding a game" guide.

Find the culprit among a handful of suspects by asking the others about two at a time.
"""

from .components import Accusation, Question, TinyConfig
from .notation import Accuse, Ask, parse_action
from .rules import TinyDeduction, TinyEnd, TinyState
from .views import TinyView

__all__ = [
    "Accusation",
    "Accuse",
    "Ask",
    "Question",
    "TinyConfig",
    "TinyDeduction",
    "TinyEnd",
    "TinyState",
    "TinyView",
    "parse_action",
]
