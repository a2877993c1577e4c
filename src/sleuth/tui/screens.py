"""The play app's screens over the table: help, leaving the game, and the end."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class TextScreen(ModalScreen[None]):
    """A page of text over the table (help, the end of the game) until Escape."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen VerticalScroll { width: 96%; max-width: 100; height: auto; max-height: 96%;
                                border: round $primary; background: $surface; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back", show=True),
        Binding("enter", "close", "Back", show=False),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, title: str, text: str, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.title_text
            scroll.border_subtitle = "Escape: back · arrows/PgDn: scroll"
            yield Static(self.text, id="page-text", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TextScreen):
    BINDINGS = [
        *TextScreen.BINDINGS,
        Binding("f1", "close", "Back", show=False),
        Binding("question_mark", "close", "Back", show=False),
    ]


class LeaveScreen(ModalScreen[str]):
    """Asks before leaving a game in progress: ``save``, ``leave`` or ``stay``."""

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen Vertical { width: 64; max-width: 96%; height: auto;
                           border: round $warning; background: $surface; padding: 0 1; }
    """
    BINDINGS = [
        Binding("s", "choose('save')", "Save and leave", show=True),
        Binding("l", "choose('leave')", "Leave unsaved", show=True),
        Binding("escape", "choose('stay')", "Keep playing", show=True),
        Binding("n", "choose('stay')", "Keep playing", show=False),
    ]

    def __init__(self, save_to: str) -> None:
        super().__init__()
        self.save_to = save_to

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Leave the game?"
            yield Static(
                "The game is not over.\n"
                f"  s  save it to {self.save_to} and leave (resume with\n"
                f"     sleuth play --resume {self.save_to})\n"
                "  l  leave without saving (the game is lost)\n"
                "  Escape  keep playing",
                id="leave-text",
                markup=False,
            )

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class ReviewScreen(TextScreen):
    """The after-game review (the text of ``sleuth review``): shown once the game is over,
    when the record, the seed and the reveal are public. Its tables are wider than a small
    terminal: they scroll sideways rather than wrap, so each row stays one line."""

    DEFAULT_CSS = """
    ReviewScreen VerticalScroll { overflow-x: auto; }
    ReviewScreen #page-text { width: auto; }
    """


def review_text(record: object) -> str:
    """The review of a finished game's record as ``sleuth review`` prints it."""
    from sleuth.review import render, review_record  # the review's engine loads on demand

    return render(review_record(record))
