"""The investigation sheet kept by hand: a mark per card and place, cycled by click or key.

The marks are the person's own: in a hot-seat game each seat has its own set, saved away on
hand-over and put back when the seat holds the keyboard again (``marks``, ``load``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from sleuth.i18n import N_

from .keys import pass_paste_on, pass_typing_on
from .language import language_of, speak_bindings, tr

MARKS = ("", "+", "-", "?")
HOW_TO = N_(
    "Your own notes. F3 (or Tab) reaches them; arrows move; Space or a click cycles a mark: "
    "+ here, - not here, ? maybe. Typing goes to the notation box."
)


class NotesSheet(DataTable[str]):
    """Rows are cards, columns are places (seats, the solution); marks are the person's own."""

    BINDINGS = [("space", "cycle", N_("Mark"))]

    def __init__(self, cards: Sequence[str], places: Sequence[str], **kwargs: object) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self.cards = list(cards)
        self.places = list(places)

    def on_mount(self) -> None:
        speak_bindings(self, language_of(self))
        self.add_columns(tr("card", language_of(self)), *self.places)
        for card in self.cards:
            self.add_row(card, *([""] * len(self.places)), key=card)

    def mark(self, card: str, place: int) -> str:
        return str(self.get_cell_at(Coordinate(self.cards.index(card), place + 1)))

    def marks(self) -> dict[str, str]:
        """Every mark set, as ``{"card place": mark}``."""
        return {
            f"{card} {self.places[p]}": mark
            for r, card in enumerate(self.cards)
            for p in range(len(self.places))
            if (mark := str(self.get_cell_at(Coordinate(r, p + 1))))
        }

    def load(self, marks: Mapping[str, str]) -> None:
        """Show ``marks`` (from ``marks()``) and nothing else; unknown cells are ignored."""
        for r, card in enumerate(self.cards):
            for p, place in enumerate(self.places):
                mark = marks.get(f"{card} {place}", "")
                self.update_cell_at(Coordinate(r, p + 1), mark if mark in MARKS else "")
        self.move_cursor(row=0, column=1, animate=False)

    def action_cycle(self) -> None:
        self._cycle(self.cursor_coordinate)

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        self._cycle(event.coordinate)

    def on_key(self, event: events.Key) -> None:
        pass_typing_on(self.app, event, keep=("space",))

    def on_paste(self, event: events.Paste) -> None:
        pass_paste_on(self.app, event)

    def _cycle(self, where: Coordinate) -> None:
        if where.column == 0:
            return
        current = str(self.get_cell_at(where))
        self.update_cell_at(where, MARKS[(MARKS.index(current) + 1) % len(MARKS)])
