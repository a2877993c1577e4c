"""Tiny Deduction's kit: the rules, and the one optional part it has, a text sheet.

``pyproject.toml`` points the ``sleuth.games`` entry point at ``KIT``; that is the whole
registration. A part is named by ``"module:attribute"`` and imported only when a front
asks for it (here ``sleuth play``, for the sheet beside the table).
"""

from sleuth.core.kit import RENDER, GameKit

from .rules import TinyDeduction

KIT = GameKit(game=TinyDeduction, parts={RENDER: "tiny_deduction.render:RENDER"})
