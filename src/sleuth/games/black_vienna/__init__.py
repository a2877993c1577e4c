"""Black Vienna (Gilbert Obermair, Franckh-Kosmos 1987): find the three members of the ring."""

from .components import DEFAULT_DECK, LETTERS, BlackViennaConfig, hand_sizes
from .notation import Accuse, Guess, Investigate, Pass, parse_action
from .rules import BlackVienna, BlackViennaState, Investigation
from .views import AccusationView, BlackViennaView, InvestigationView, TableCard

__all__ = [
    "DEFAULT_DECK",
    "LETTERS",
    "AccusationView",
    "Accuse",
    "BlackVienna",
    "BlackViennaConfig",
    "BlackViennaState",
    "BlackViennaView",
    "Guess",
    "Investigate",
    "Investigation",
    "InvestigationView",
    "Pass",
    "TableCard",
    "hand_sizes",
    "parse_action",
]
