"""The investigation sheet beside the table: kept by hand, or filled by the deduction engine.

Levels: ``off`` (marks the person sets), ``facts`` (certainties only) and ``full``
(probabilities, the likeliest solutions and the best next question). The engine sees only
the view on screen, like the person. A game whose kit has no ``render`` part gets no sheet:
the panel says so, and the game plays all the same.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from sleuth.core import Game, View
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.registry import find_kit

from .notes_sheet import NotesSheet

SHEET_LEVELS = ("off", "facts", "full")


class SheetPanel(Vertical):
    """Hand-kept notes (level ``off``, for games with a card × place grid) or the engine's."""

    def __init__(self, game: Game[Any], level: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.level = level

    def compose(self) -> ComposeResult:
        grid = _notes_grid(self.game)
        if self.level == "off" and grid is not None:
            cards, places = grid
            yield NotesSheet(cards, places, id="notes")
        yield Static(id="analysis")

    def show(self, view: View | None) -> None:
        analysis = self.query_one("#analysis", Static)
        render = render_of(self.game)
        if render is None:
            analysis.update(f"({self.game.title} has no investigation sheet)")
        elif view is None or self.level == "off":
            analysis.update("")
        else:
            analysis.update(render.sheet(view, self.level))


def make_sheet(game: Game[Any], level: str, **kwargs: Any) -> SheetPanel:
    return SheetPanel(game, level, **kwargs)


def render_of(game: Game[Any]) -> TextRender | None:
    """The game's text renderers, or ``None`` for a kit without them (a sheet is optional)."""
    kit = find_kit(game.name)
    return kit.part(RENDER, TextRender) if kit.has(RENDER) else None


def _notes_grid(game: Game[Any]) -> tuple[list[str], list[str]] | None:
    render = render_of(game)
    grid = render.notes_grid if render is not None else None
    return None if grid is None else grid(game)
