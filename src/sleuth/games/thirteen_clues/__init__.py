"""13 Clues (Andrés J. Voicu, dV Giochi 2016, as on Board Game Arena): find your own mystery."""

from .components import DEFAULT_DECK, ThirteenCluesConfig, informant_count
from .notation import Accuse, Ask, Choose, Look, Take
from .rules import Accusation, Question, ThirteenClues, ThirteenCluesState
from .views import AccusationView, InformantView, QuestionView, SeatView, ThirteenCluesView

__all__ = [
    "DEFAULT_DECK",
    "Accusation",
    "AccusationView",
    "Accuse",
    "Ask",
    "Choose",
    "InformantView",
    "Look",
    "Question",
    "QuestionView",
    "SeatView",
    "Take",
    "ThirteenClues",
    "ThirteenCluesConfig",
    "ThirteenCluesState",
    "ThirteenCluesView",
    "informant_count",
]
