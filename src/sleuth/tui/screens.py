"""The play app's screens over the table: help, leaving the game, and the end."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from sleuth.i18n import N_

from .language import language_of, speak_bindings_of_screen, tr


class TextScreen(ModalScreen[None]):
    """A page of text over the table (help, the end of the game) until Escape."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen VerticalScroll { width: 96%; max-width: 100; height: auto; max-height: 96%;
                                border: round $primary; background: $surface; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Back"), show=True),
        Binding("enter", "close", N_("Back"), show=False),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, title: str, text: str, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.title_text = title
        self.text = text

    def on_mount(self) -> None:
        speak_bindings_of_screen(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.title_text
            scroll.border_subtitle = tr("Escape: back · arrows/PgDn: scroll", language_of(self))
            yield Static(self.text, id="page-text", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TextScreen):
    BINDINGS = [
        *TextScreen.BINDINGS,
        Binding("f1", "close", N_("Back"), show=False),
        Binding("question_mark", "close", N_("Back"), show=False),
    ]


class LeaveScreen(ModalScreen[str]):
    """Asks before leaving a game in progress: ``save``, ``leave`` or ``stay``."""

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen Vertical { width: 64; max-width: 96%; height: auto;
                           border: round $warning; background: $surface; padding: 0 1; }
    """
    BINDINGS = [
        Binding("s", "choose('save')", N_("Save and leave"), show=True),
        Binding("l", "choose('leave')", N_("Leave unsaved"), show=True),
        Binding("escape", "choose('stay')", N_("Keep playing"), show=True),
        Binding("n", "choose('stay')", N_("Keep playing"), show=False),
    ]

    def __init__(self, save_to: str) -> None:
        super().__init__()
        self.save_to = save_to

    def on_mount(self) -> None:
        speak_bindings_of_screen(self)

    def compose(self) -> ComposeResult:
        language = language_of(self)
        with Vertical() as box:
            box.border_title = tr("Leave the game?", language)
            yield Static(
                tr(
                    "The game is not over.\n"
                    "  s  save it to %(file)s and leave (resume with\n"
                    "     sleuth play --resume %(file)s)\n"
                    "  l  leave without saving (the game is lost)\n"
                    "  Escape  keep playing",
                    language,
                    file=self.save_to,
                ),
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
