"""Tiny Deduction's kit: the rules, and its optional parts: a text sheet and the rules for
players; and its own catalogue (``locale``), where Sleuth finds the game's words in German
and Japanese.

``pyproject.toml`` points the ``sleuth.games`` entry point at ``KIT``; that is the whole
registration. A part is named by ``"module:attribute"`` and imported only when a front
asks for it (``sleuth play``, for the sheet beside the table; the web page, for the rules).
"""

from sleuth.core.kit import RENDER, RULES, GameKit

from .catalogue import LOCALE
from .rules import TinyDeduction

KIT = GameKit(
    game=TinyDeduction,
    parts={RENDER: "tiny_deduction.render:RENDER", RULES: "tiny_deduction.guide:RULES"},
    locale=LOCALE,
)
