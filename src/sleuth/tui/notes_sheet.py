"""The investigation sheet kept by hand: a mark per card and place, cycled by click or key."""

from __future__ import annotations

from collections.abc import Sequence

from textual.coordinate import Coordinate
from textual.widgets import DataTable

MARKS = ("", "+", "-", "?")


class NotesSheet(DataTable[str]):
    """Rows are cards, columns are places (seats, the solution); marks are the person's own."""

    BINDINGS = [("space", "cycle", "Mark")]

    def __init__(self, cards: Sequence[str], places: Sequence[str], **kwargs: object) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self.cards = list(cards)
        self.places = list(places)

    def on_mount(self) -> None:
        self.add_columns("card", *self.places)
        for card in self.cards:
            self.add_row(card, *([""] * len(self.places)), key=card)

    def mark(self, card: str, place: int) -> str:
        return str(self.get_cell_at(Coordinate(self.cards.index(card), place + 1)))

    def action_cycle(self) -> None:
        self._cycle(self.cursor_coordinate)

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        self._cycle(event.coordinate)

    def _cycle(self, where: Coordinate) -> None:
        if where.column == 0:
            return
        current = str(self.get_cell_at(where))
        self.update_cell_at(where, MARKS[(MARKS.index(current) + 1) % len(MARKS)])
