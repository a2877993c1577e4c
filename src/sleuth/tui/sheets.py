"""The investigation sheet beside the table: kept by hand, or filled by the deduction engine.

Levels: ``off`` (marks the person sets), ``facts`` (certainties only, the default: the
engine spoils nothing a person would rather deduce) and ``full`` (probabilities, the
likeliest solutions and the best next question). The engine sees only the view on screen,
like the person. A game whose kit has no ``render`` part gets no sheet: the panel says so,
and the game plays all the same. In a hot-seat game the hand-kept marks are each seat's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from sleuth.core import Game, View
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.registry import find_kit
from sleuth.i18n import N_, SOURCE

from .language import language_of, tr
from .notes_sheet import HOW_TO, NotesSheet

SHEET_LEVELS = ("off", "facts", "full")
LEVEL_WORDS = {
    "off": N_("kept by hand"),
    "facts": N_("certain facts"),
    "full": N_("odds and the best question"),
}


class SheetPanel(Vertical):
    """Hand-kept notes (level ``off``, for games with a card × place grid) or the engine's."""

    DEFAULT_CSS = """
    SheetPanel { height: 1fr; }
    SheetPanel #notes { height: 1fr; }
    SheetPanel #notes-help { height: auto; color: $text-muted; }
    SheetPanel #analysis-scroll { height: 1fr; }
    """

    def __init__(self, game: Game[Any], level: str, language: str = SOURCE, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.level = self.first_level = level
        self._levels: dict[int, str] = {}  # each seat's own choice, in a hot-seat game
        self.render_part = in_language(render_of(game), language)
        self.grid = _notes_grid(game, self.render_part)
        self.seat: int | None = None
        self._marks: dict[int, dict[str, str]] = {}
        self._cached: tuple[object, str] | None = None

    def compose(self) -> ComposeResult:
        if self.grid is not None:
            cards, places = self.grid
            yield NotesSheet(cards, places, id="notes")
            yield Static(tr(HOW_TO, language_of(self)), id="notes-help")
        with VerticalScroll(id="analysis-scroll"):
            yield Static(id="analysis", markup=False)

    def on_mount(self) -> None:
        self._arrange()

    @property
    def notes(self) -> NotesSheet | None:
        found = self.query(NotesSheet)
        return found.first() if found else None

    # --- levels and seats ------------------------------------------------------------------

    def set_level(self, level: str) -> None:
        self.level = level
        self._cached = None
        self._arrange()

    def next_level(self) -> str:
        return SHEET_LEVELS[(SHEET_LEVELS.index(self.level) + 1) % len(SHEET_LEVELS)]

    def switch_seat(self, seat: int | None) -> None:
        """Put the marks of the seat leaving away, and show those of ``seat`` (none yet for a
        seat new to the keyboard, none at all while nobody holds it)."""
        notes = self.notes
        if notes is not None:
            if self.seat is not None:
                self._marks[self.seat] = notes.marks()
            notes.load(self._marks.get(seat, {}) if seat is not None else {})
        # A level is a person's choice: the odds one asked for are not shown to the next.
        if self.seat is not None:
            self._levels[self.seat] = self.level
        level = self._levels.get(seat, self.first_level) if seat is not None else self.level
        self.seat = seat
        self._cached = None
        if level != self.level:
            self.set_level(level)

    def all_marks(self) -> dict[int, dict[str, str]]:
        notes = self.notes
        if notes is not None and self.seat is not None:
            self._marks[self.seat] = notes.marks()
        return {seat: dict(marks) for seat, marks in self._marks.items() if marks}

    def load_marks(self, marks: Mapping[int, Mapping[str, str]]) -> None:
        self._marks = {seat: dict(m) for seat, m in marks.items()}

    # --- drawing ---------------------------------------------------------------------------

    def show(self, view: View | None, key: object = None) -> None:
        """Draw the sheet of ``view`` (``None``: nobody's); ``key`` names the view, so that
        the engine runs once per view and level."""
        analysis = self.query_one("#analysis", Static)
        if self.render_part is None:
            analysis.update(
                tr("(%(game)s has no investigation sheet)", language_of(self), game=self.game.title)
            )
            return
        if view is None:
            analysis.update("")
            return
        if self.level == "off":
            if self.grid is None:
                analysis.update(
                    tr(
                        "This game has no grid to mark: keep your notes on paper, or press F2 "
                        "for the engine's sheet.",
                        language_of(self),
                    )
                )
            return
        if key is None or self._cached is None or self._cached[0] != (key, self.level):
            text = self.render_part.sheet(view, self.level)
            self._cached = ((key, self.level), text)
        analysis.update(self._cached[1])

    def title(self) -> str:
        language = language_of(self)
        level = tr(LEVEL_WORDS[self.level], language)
        return tr("Sheet (F2): %(level)s", language, level=level)

    def _arrange(self) -> None:
        by_hand = self.level == "off" and self.grid is not None
        for node in self.query("#notes, #notes-help"):
            node.display = by_hand
        self.query_one("#analysis-scroll").display = not by_hand


def make_sheet(game: Game[Any], level: str, language: str = SOURCE, **kwargs: Any) -> SheetPanel:
    return SheetPanel(game, level, language, **kwargs)


def render_of(game: Game[Any]) -> TextRender | None:
    """The game's text renderers, or ``None`` for a kit without them (a sheet is optional)."""
    kit = find_kit(game.name)
    return kit.part(RENDER, TextRender) if kit.has(RENDER) else None


def in_language(render: TextRender | None, language: str) -> TextRender | None:
    """The text renderers with their words in ``language``, where the game speaks it (else
    as they are, in English)."""
    if render is None or language == SOURCE or render.speaking is None:
        return render
    return render.speaking(language)


def _notes_grid(game: Game[Any], render: TextRender | None) -> tuple[list[str], list[str]] | None:
    grid = render.notes_grid if render is not None else None
    return None if grid is None else grid(game)
