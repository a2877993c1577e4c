"""Bots for Black Vienna: ``BOTS`` maps each name to its factory (the kit's ``bots`` part)."""

from collections.abc import Callable, Mapping

from sleuth.agents import Agent

from .basic import BasicBlackVienna
from .deductive import DeductiveBlackVienna
from .racing import RacingBlackVienna
from .search import BlackViennaISMCTS

BOTS: Mapping[str, Callable[..., Agent]] = {
    "basic": BasicBlackVienna,
    "deductive": DeductiveBlackVienna,
    "ismcts": BlackViennaISMCTS,
    "racing": RacingBlackVienna,
}

__all__ = [
    "BOTS",
    "BasicBlackVienna",
    "BlackViennaISMCTS",
    "DeductiveBlackVienna",
    "RacingBlackVienna",
]
