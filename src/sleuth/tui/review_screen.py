"""The after-game review in the terminal: the text of ``sleuth review`` over the game.

Shown only once a game is over (the record, seed and reveal are public then); Escape or q
goes back to the table.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class ReviewScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ReviewScreen { background: $background; }
    ReviewScreen VerticalScroll { border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back to the table", show=True),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="review-pane"):
            yield Static(self.text, id="review-text", markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def review_text(record: object) -> str:
    """The review of a finished game's record as ``sleuth review`` prints it."""
    from sleuth.review import render, review_record

    return render(review_record(record))
