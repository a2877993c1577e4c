"""Black Stories Investigation: solve the other players' four-piece murder cases."""

from .audit import audit_events, audit_record
from .components import ALL_CASES, DEFAULT_DECK, BlackStoriesConfig, field_label
from .notation import Draw, Play, Solve, parse_action
from .rules import Attempt, BlackStoriesInvestigation, BlackStoriesState, Placement
from .views import AttemptView, BlackStoriesView, PlacedCard, PlayView

__all__ = [
    "ALL_CASES",
    "DEFAULT_DECK",
    "Attempt",
    "AttemptView",
    "BlackStoriesConfig",
    "BlackStoriesInvestigation",
    "BlackStoriesState",
    "BlackStoriesView",
    "Draw",
    "PlacedCard",
    "Placement",
    "Play",
    "PlayView",
    "Solve",
    "audit_events",
    "audit_record",
    "field_label",
    "parse_action",
]
