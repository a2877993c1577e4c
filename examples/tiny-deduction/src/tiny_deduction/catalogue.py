"""Tiny Deduction's own catalogue: ``locale/`` beside this file, one ``messages.po`` per
language, holding every word the game says (its history lines, its sheet's places, its
refusals, its rules for players and its options). Sleuth's catalogue holds none of them: a
game of its own package brings its own, and Sleuth looks its words up there first.

Every word the game's Python says is marked with the ``said`` below (or ``N_``), so that
``scripts/catalogues.py update`` extracts it into this catalogue.
"""

from sleuth.core.kit import catalogues_beside
from sleuth.core.said import said_from

LOCALE = catalogues_beside(__file__)
said = said_from(LOCALE)
