"""Matches and tournaments between agents."""

from .match import MatchResult, play_match

__all__ = ["MatchResult", "play_match"]
