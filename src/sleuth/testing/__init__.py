"""The public conformance harness: every registered game must pass ``check_game``."""

from .harness import ConformanceReport, check_game
from .kits import check_kit

__all__ = ["ConformanceReport", "check_game", "check_kit"]
