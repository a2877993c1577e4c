"""``sleuth assist``: the investigation sheet for a physical game, filled as answers come in.

The entries pane lists the numbered entries (``edit 3 ...``, ``delete 3`` and ``undo`` change
them); the sheet pane shows what follows, or, while entries contradict each other, the sheet
of the other entries under a warning naming the conflicting ones. The notebook works out the
sheet and the contradictions once per change; a redraw only reads them.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Static

from sleuth.assist import EntryError, Notebook
from sleuth.i18n import N_, SOURCE

from .language import error_in, language_of, speak_bindings, speak_bindings_of_screen, tr


class HelpScreen(ModalScreen[None]):
    """The game's entries and the notebook's commands, over the notebook until Escape."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll { width: 90%; height: auto; max-height: 90%;
                                border: round $primary; background: $surface; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back", show=True),
        Binding("enter", "close", "Back", show=False),
        Binding("f1", "close", "Back", show=False),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        back = tr("(Escape to go back)", language_of(self))
        with VerticalScroll():
            yield Static(f"{self.text}\n\n{back}", id="help-text")

    def on_mount(self) -> None:
        speak_bindings_of_screen(self)

    def action_close(self) -> None:
        self.dismiss(None)


class AssistApp(App[None]):
    TITLE = N_("Sleuth assistant")
    CSS = """
    #main { height: 1fr; }
    #entries-pane { width: 2fr; border: round $primary; }
    #sheet-pane { width: 3fr; border: round $secondary; }
    #message { height: auto; max-height: 8; padding: 0 1; }
    #warning { height: auto; padding: 0 1; color: $error; text-style: bold; }
    """
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=True),
        Binding("f1", "help", "Help", show=True),
    ]

    def __init__(
        self, notebook: Notebook[Any, Any], sheet: str = "full", language: str = SOURCE
    ) -> None:
        super().__init__()
        self.notebook = notebook
        self.sheet_level = sheet
        self.language = language
        notebook.speak(language)
        self.title = tr(self.TITLE, language)
        speak_bindings(self, language)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="entries-pane"):
                yield Static(id="entries")
            with VerticalScroll(id="sheet-pane"):
                yield Static(id="sheet")
        yield Static(id="warning")
        language = self.language
        hint = tr("Type an entry and press Enter; help (or F1) lists the entries.", language)
        yield Static(hint, id="message")
        yield Input(
            placeholder=tr(
                "an entry, or help, list, edit 3 ..., delete 3, undo, why ...", language
            ),
            id="entry",
        )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.notebook.title
        self.redraw()
        self.query_one("#entry", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        if text.lower() in ("help", "?"):
            event.input.value = ""
            self.action_help()
            return
        try:
            message = self.notebook.enter(text)
            event.input.value = ""
        except EntryError as error:
            # Kept in the box: to be fixed, or confirmed with a closing "!".
            message = tr(
                "Not taken: %(error)s", self.language, error=error_in(error, self.language)
            )
        self.query_one("#message", Static).update(message)
        self.redraw()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.notebook.help()))

    def redraw(self) -> None:
        self.query_one("#entries", Static).update("\n".join(self.notebook.lines()))
        self.query_one("#warning", Static).update("\n".join(self.notebook.warnings()))
        self.query_one("#sheet", Static).update(self.notebook.sheet(self.sheet_level))
