"""Sleuth: hidden-information deduction card games, played and analysed exactly."""

__version__ = "0.1.0"
